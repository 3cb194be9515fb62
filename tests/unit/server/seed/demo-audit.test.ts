/**
 * The demo's audit history is plausible: each action on a resource an audited endpoint really writes it on,
 * with that endpoint's severity, sessions signed in before they are signed out, exports of the four types,
 * details that say what changed, and the same trail every time.
 */
import { describe, expect, it } from 'vitest';
import { ENDPOINTS, auditSpecOf, type Endpoint } from '../../../../shared/api';
import type { AuditSeverity } from '../../../../shared/api/audit';
import { EXPORT_TYPES } from '../../../../shared/api/exports';
import { HIGHER } from '../../../../server/audit';
import { auditTrailRecords } from '../../../../server/seed/audit';
import { AUDIT_EVENT_KINDS } from '../../../../server/seed/audit-events';
import { demoAuditTrailOptions } from '../../../../server/seed/demo';

const BUILD = Date.parse('2026-03-02T00:00:00.000Z');
const trail = [...auditTrailRecords(demoAuditTrailOptions(BUILD, true))];

/** action resource → the severity of its success, from the audited endpoints. */
const audited = new Map<string, AuditSeverity>(
  Object.values(ENDPOINTS as Record<string, Endpoint>).flatMap((endpoint) => {
    const spec = auditSpecOf(endpoint);
    return spec ? [[`${spec.action} ${spec.resource}`, spec.severity] as const] : [];
  }),
);
/** What the live endpoints record with no details at all. */
const WITHOUT_DETAILS = new Set(['LOGIN session', 'LOGOUT session', 'DELETE child']);

describe('the demo audit history', () => {
  it('pairs each action with a resource an audited endpoint writes it on, at its severity', () => {
    for (const record of trail) {
      const pair = `${record.action} ${record.resource}`;
      expect(audited.has(pair), pair).toBe(true);
      const severity = audited.get(pair)!;
      expect(record.severity).toBe(record.status === 'success' ? severity : HIGHER[severity]);
    }
    for (const kind of AUDIT_EVENT_KINDS) {
      expect(audited.get(`${kind.action} ${kind.resource}`)).toBe(kind.severity);
    }
  });

  it('signs in before it signs out, and acts only while signed in', () => {
    const signedIn = new Set<string>();
    for (const record of trail) {
      const who = record.userEmail!;
      if (record.action === 'LOGIN') {
        expect(signedIn.has(who)).toBe(false);
        if (record.status !== 'failure') signedIn.add(who);
        continue;
      }
      expect(signedIn.has(who), `${record.action} ${record.resource} by ${who}`).toBe(true);
      if (record.action === 'LOGOUT') signedIn.delete(who);
    }
    const actions = new Set(trail.map((r) => r.action));
    expect([...actions].sort()).toEqual([
      'CREATE',
      'DELETE',
      'EXPORT',
      'IMPORT',
      'LOGIN',
      'LOGOUT',
      'UPDATE',
    ]);
  });

  it('exports each of the four types, imports cost records, and says what changed', () => {
    const exported = new Set(trail.filter((r) => r.action === 'EXPORT').map((r) => r.details.type));
    expect([...exported].sort()).toEqual([...EXPORT_TYPES].sort());
    expect(new Set(trail.filter((r) => r.action === 'IMPORT').map((r) => r.resource))).toEqual(
      new Set(['cloud_costs']),
    );
    for (const record of trail) {
      const pair = `${record.action} ${record.resource}`;
      if (!WITHOUT_DETAILS.has(pair)) expect(Object.keys(record.details).length, pair).toBeGreaterThan(0);
    }
    const member = trail.find((r) => r.action === 'UPDATE' && r.resource === 'member')!;
    expect(member.details.from).not.toBe(member.details.to);
  });

  it('is the same every time, within its month, and chained', () => {
    expect([...auditTrailRecords(demoAuditTrailOptions(BUILD, true))]).toEqual(trail);
    expect(trail).toHaveLength(1_500);
    expect(trail[0]!.timestamp.getTime()).toBe(BUILD - 30 * 86_400_000);
    expect(trail.at(-1)!.timestamp.getTime()).toBeLessThan(BUILD);
    trail.slice(1).forEach((record, i) => expect(record.prevHash).toBe(trail[i]!.hash));
    // Unsealed (the snapshot's), the same records wait for their hashes.
    const unsealed = [...auditTrailRecords(demoAuditTrailOptions(BUILD, false))];
    expect(unsealed.every((r) => r.hash === '' && r.prevHash === '')).toBe(true);
    expect(unsealed.map((r) => r.id)).toEqual(trail.map((r) => r.id));
  });
});
