/**
 * Every audited endpoint writes the record its declaration in shared/api names (the unit test
 * tests/unit/server/audit/audit-coverage.test.ts checks that each change declares one): called with a minimal
 * valid request, it adds exactly one success record with the declared action, resource and severity, the
 * resource its `resourceParam` names and, for a tenant endpoint, its organization; refused, it adds one
 * failure record one severity step higher.
 */
import { describe, expect, it } from 'vitest';
import {
  AUDIT_SEVERITIES,
  ENDPOINTS,
  auditSpecOf,
  buildPath,
  type AuditSpec,
  type Endpoint,
} from '../../../../shared/api';
import { testDatabases } from '../../../support/databases';
import { createSampler, type SampleRequest } from '../../../support/samples';
import { bearer, call } from '../../../support/server';
import { useServerSuite } from '../../../support/suite';
import { auditRows } from '../../../support/tenancy';

const AUDITED = Object.entries(ENDPOINTS as Record<string, Endpoint>).flatMap(([name, endpoint]) => {
  const spec = auditSpecOf(endpoint);
  return spec ? [{ name, endpoint, spec }] : [];
});

const higher = (severity: AuditSpec['severity']) =>
  AUDIT_SEVERITIES[Math.min(AUDIT_SEVERITIES.indexOf(severity) + 1, AUDIT_SEVERITIES.length - 1)];

describe.each(testDatabases)('declared audit records on $name', (target) => {
  const suite = useServerSuite(target, { tenants: true });
  const { sample } = createSampler(suite);

  /** Sends a request and answers its status and the audit records it added. */
  async function recorded(endpoint: Endpoint, request: SampleRequest) {
    const before = new Set((await auditRows(suite.database)).map((r) => r.id));
    const response = await call(suite.app, {
      method: endpoint.method,
      url: buildPath(endpoint.path, request.params),
      headers: {
        ...(request.token ? bearer(request.token) : {}),
        ...(request.org && endpoint.tenant === 'header' ? { 'x-organization-id': request.org } : {}),
      },
      ...(request.payload ? { payload: request.payload } : {}),
    });
    const rows = (await auditRows(suite.database)).filter((r) => !before.has(r.id));
    await request.settle?.();
    return { ...response, rows };
  }

  it.each(AUDITED)(
    '$name writes one $spec.action $spec.resource record on success',
    async ({ name, endpoint, spec }) => {
      const request = await sample(name, endpoint);
      const { status, body, rows } = await recorded(endpoint, request);
      expect(status, JSON.stringify(body)).toBe(200);
      expect(rows).toEqual([
        expect.objectContaining({
          action: spec.action,
          resource: spec.resource,
          severity: spec.severity,
          status: 'success',
          ...(spec.resourceParam ? { resourceId: request.params?.[spec.resourceParam] } : {}),
          ...(endpoint.tenant ? { organizationId: request.org } : {}),
        }),
      ]);
    },
  );

  it.each(AUDITED)('$name writes one failure record when refused', async ({ name, endpoint, spec }) => {
    const request = await sample(name, endpoint);
    // Refused before any change: a token that is no token, or for the sign-in, a wrong password.
    const refused = request.refused
      ? { ...request, payload: request.refused.payload }
      : endpoint.auth === 'public'
        ? { ...request, payload: { ...request.payload, password: 'not-the-password' } }
        : { ...request, token: 'not-a-token' };
    const { status, rows } = await recorded(endpoint, refused);
    expect(status).toBe(request.refused?.status ?? 401);
    expect(rows).toEqual([
      expect.objectContaining({
        action: spec.action,
        resource: spec.resource,
        severity: higher(spec.severity),
        status: 'failure',
      }),
    ]);
  });
});
