/**
 * The cross-tenant matrix, generated from the contract: every endpoint with `tenant` is called against
 * organization B by an owner of A (B's ids, B's header, and A's header with B's ids) and by a user who
 * belongs to no organization. Each call is refused (403/404, or 400 childNotFound for a body naming B's
 * child), answers none of B's data, and leaves B's rows as they were.
 */
import { describe, expect, it } from 'vitest';
import { ENDPOINTS, buildPath, type Endpoint } from '../../../../shared/api';
import { ERRORS } from '../../../../shared/errors';
import { testDatabases } from '../../../support/databases';
import { bearer, call } from '../../../support/server';
import { useServerSuite } from '../../../support/suite';
import { tenantDigest, type TenantFixture } from '../../../support/tenancy';

const TENANT_ENDPOINTS = Object.entries(ENDPOINTS as Record<string, Endpoint>).filter(([, e]) => e.tenant);

/** A valid body for each endpoint that takes one, naming B's resources where it names any. */
function sampleBody(name: string, f: TenantFixture): unknown {
  switch (name) {
    case 'organizations.update':
      return { name: 'Taken over', settings: { branding: { primaryColor: '#000000' } } };
    case 'organizations.invite':
      return { email: 'intruder@test.example', role: 'admin' };
    case 'organizations.updateMember':
      return { role: 'admin' };
    case 'childcare.createChild':
    case 'childcare.updateChild':
      return { firstName: 'Mallory', lastName: 'Intruder', dateOfBirth: '2021-01-01' };
    case 'childcare.recordAttendance':
      return { childId: f.childB, action: 'check_in' };
    default:
      throw new Error(`No sample body for ${name}: add one to the matrix`);
  }
}

function request(name: string, endpoint: Endpoint, f: TenantFixture, token: string, headerOrg?: string) {
  // Path tenants: `:id` is the organization; header tenants: `:id` is B's child.
  const id = endpoint.tenant === 'path' ? f.orgB : f.childB;
  return {
    method: endpoint.method,
    url: buildPath(endpoint.path, { id, userId: f.b.viewer.id }),
    headers: { ...bearer(token), ...(headerOrg ? { 'x-organization-id': headerOrg } : {}) },
    ...(endpoint.body ? { payload: sampleBody(name, f) as Record<string, unknown> } : {}),
  };
}

describe.each(testDatabases)('cross-tenant matrix on $name', (target) => {
  const suite = useServerSuite(target, { tenants: true });
  const { f } = suite;

  it('covers every tenant endpoint of the contract', () => {
    expect(TENANT_ENDPOINTS.length).toBeGreaterThanOrEqual(17);
    for (const [, e] of TENANT_ENDPOINTS) expect(e.auth).toBe('token');
  });

  it.each(TENANT_ENDPOINTS)('%s: refused to another tenant and to a non-member', async (name, endpoint) => {
    const before = await tenantDigest(suite.database, f.orgB);
    const attempts = [
      // A's owner naming B (its id in the path, or its header).
      {
        label: 'member of A, B named',
        ...request(name, endpoint, f, f.a.owner.token, f.orgB),
        allowed: [403],
      },
      // A non-member naming B.
      {
        label: 'non-member, B named',
        ...request(name, endpoint, f, f.outsider.token, f.orgB),
        allowed: [403],
      },
    ];
    if (
      endpoint.tenant === 'header' &&
      (endpoint.path.includes(':id') || name.endsWith('recordAttendance'))
    ) {
      // A's owner in A, with B's child id: not found in this organization.
      attempts.push({
        label: "member of A in A, B's child",
        ...request(name, endpoint, f, f.a.owner.token, f.orgA),
        allowed: [400, 404],
      });
    }
    for (const { label, allowed, ...options } of attempts) {
      const response = await call(suite.app, options);
      expect({ label, status: response.status }).toEqual({ label, status: expect.toBeOneOf(allowed) });
      expect(response.body.success).toBe(false);
      const text = JSON.stringify(response.body);
      expect(text).not.toContain(f.childB);
      expect(text).not.toContain('Bravo');
      if (response.status === 403 && label.startsWith('non-member')) {
        expect(response.body.message ?? response.body.error).toBe(ERRORS.notAMember);
      }
      if (response.status === 400 || response.status === 404) {
        expect(response.body.message ?? response.body.error).toBe(ERRORS.childNotFound);
      }
    }
    expect(await tenantDigest(suite.database, f.orgB)).toBe(before);
  });

  it.each(TENANT_ENDPOINTS.filter(([, e]) => e.tenant === 'header'))(
    '%s: without X-Organization-Id answers 400',
    async (name, endpoint) => {
      const response = await call(suite.app, request(name, endpoint, f, f.a.owner.token));
      expect(response.status).toBe(400);
      expect(response.body.error).toBe(ERRORS.organizationRequired);
    },
  );

  it.each(TENANT_ENDPOINTS)('%s: an unknown organization answers 404', async (name, endpoint) => {
    for (const unknown of ['00000000-0000-4000-8000-00000000dead', 'not-a-uuid']) {
      const options = request(name, endpoint, f, f.platformAdmin.token, unknown);
      if (endpoint.tenant === 'path')
        options.url = buildPath(endpoint.path, { id: unknown, userId: f.b.viewer.id });
      const response = await call(suite.app, options);
      expect(response.status).toBe(404);
      expect(response.body.message ?? response.body.error).toBe(ERRORS.organizationNotFound);
    }
  });
});
