/**
 * Audit coverage declared on the contract: every non-GET endpoint either declares the record it writes
 * (`audit: {action, resource, severity}`) or an exemption with its reason, so a new route cannot ship
 * without a record unnoticed. That each declared record is really written is proven against the server
 * in tests/integration/server/audit/audit-coverage.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  AUDIT_ACTIONS,
  AUDIT_SEVERITIES,
  ENDPOINTS,
  auditSpecOf,
  defineEndpoint,
  type Endpoint,
} from '../../../../shared/api';

/** A reason a reader can follow, not a placeholder. */
const MIN_REASON_LENGTH = 20;

/** Names the endpoints whose audit declaration is missing or unfit; empty when all is well. */
function auditGaps(endpoints: Record<string, Endpoint>): string[] {
  const gaps: string[] = [];
  for (const [name, endpoint] of Object.entries(endpoints)) {
    const declared = endpoint.audit;
    if (endpoint.method === 'GET') {
      if (declared && 'exempt' in declared) gaps.push(`${name}: a GET needs no exemption`);
      continue;
    }
    if (!declared) {
      gaps.push(`${name}: declares neither an audit record nor an exemption`);
    } else if ('exempt' in declared) {
      if (declared.exempt.trim().length < MIN_REASON_LENGTH) gaps.push(`${name}: exemption without a reason`);
    } else if (declared.resourceParam && !endpoint.path.includes(`:${declared.resourceParam}`)) {
      gaps.push(`${name}: resourceParam ${declared.resourceParam} is not a path parameter`);
    }
  }
  return gaps;
}

const ALL = ENDPOINTS as Record<string, Endpoint>;
const CHANGES = Object.entries(ALL).filter(([, e]) => e.method !== 'GET');

describe('audit coverage of the contract', () => {
  it('every non-GET endpoint declares its audit record or an exemption with its reason', () => {
    expect(auditGaps(ALL)).toEqual([]);
  });

  it.each(CHANGES.filter(([, e]) => auditSpecOf(e)))(
    '%s declares a catalogued action and severity',
    (_, e) => {
      const spec = auditSpecOf(e)!;
      expect(AUDIT_ACTIONS).toContain(spec.action);
      expect(AUDIT_SEVERITIES).toContain(spec.severity);
      expect(spec.resource).toMatch(/^[a-z_]+$/);
    },
  );

  it('exempts only the endpoints that change nothing: a new exemption is a reviewed decision', () => {
    const exempt = CHANGES.filter(([, e]) => !auditSpecOf(e)).map(([name]) => name);
    // usage.recordEvents (issue 11): the console's own telemetry; a record per batch would bury the trail.
    // settings.testEmail / testWebhook (issue 13): a test message to the configured server; nothing stored.
    // alerts.previewRule (issue 12): a POST only to carry the rule being edited; it reads, never writes.
    expect(exempt.sort()).toEqual([
      'alerts.previewRule',
      'auth.verify',
      'roles.testRole',
      'settings.testEmail',
      'settings.testWebhook',
      'usage.recordEvents',
    ]);
  });

  describe('the walk itself', () => {
    const base = { client: 'gateway', data: z.object({}), auth: 'token' } as const;

    it('fails for a change with neither a record nor an exemption', () => {
      const gaps = auditGaps({
        'demo.create': defineEndpoint({ ...base, method: 'POST', path: '/demo', summary: 'Creates' }),
        'demo.list': defineEndpoint({ ...base, method: 'GET', path: '/demo', summary: 'Lists' }),
      });
      expect(gaps).toEqual(['demo.create: declares neither an audit record nor an exemption']);
    });

    it('fails for an exemption without a reason, and a resourceParam the path lacks', () => {
      const gaps = auditGaps({
        'demo.ping': defineEndpoint({
          ...base,
          method: 'POST',
          path: '/demo/ping',
          summary: 'Pings',
          audit: { exempt: ' ' },
        }),
        'demo.update': defineEndpoint({
          ...base,
          method: 'PUT',
          path: '/demo/:id',
          summary: 'Updates',
          audit: { action: 'UPDATE', resource: 'demo', severity: 'low', resourceParam: 'demoId' },
        }),
        'demo.read': defineEndpoint({
          ...base,
          method: 'GET',
          path: '/demo/:id',
          summary: 'Reads',
          audit: { exempt: 'Reads one demo row; nothing changes.' },
        }),
      });
      expect(gaps).toEqual([
        'demo.ping: exemption without a reason',
        'demo.update: resourceParam demoId is not a path parameter',
        'demo.read: a GET needs no exemption',
      ]);
    });
  });
});
