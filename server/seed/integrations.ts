import { createHash } from 'node:crypto';
import type { WebhookEventType } from '../../shared/integrations';
import type { Db } from '../db/client';
import { apiKeys, integrations, webhookDeliveries, webhookEvents } from '../db/schema';
import { DEMO_USERS } from './demo-users';
import { demoOrganizationId } from './tenancy';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const endpointId = (i: number) => `00000000-0000-4000-b000-0000000000${String(10 + i)}`;
const deliveryId = (i: number) => `00000000-0000-4000-b100-${String(i).padStart(12, '0')}`;
const keyId = (i: number) => `00000000-0000-4000-b200-0000000000${String(10 + i)}`;

/**
 * Why the demo endpoints cannot call anyone: both are disabled (the delivery loop never attempts an
 * inactive endpoint, and Sync Now refuses one), their addresses are reserved example domains (RFC 2606)
 * that resolve nowhere, and a seed cannot seal a signing secret (each install has its own key), so an
 * attempt without one fails before any request. Enabling one is an administrator's act: rotate its
 * secret, point it at a real receiver, then enable it.
 */
const DEMO_NOTE =
  'Demo endpoint: a reserved example address with no signing secret yet. Rotate its secret and point it at your receiver before enabling it.';

interface DemoDelivery {
  event: WebhookEventType;
  /** Hours before `now` the event happened. */
  hoursAgo: number;
  /** The attempts' answers, the last one deciding the status; null: no answer. */
  answers: (number | null)[];
  data: Record<string, unknown>;
}

/**
 * The demo's integrations (issue 16): two webhook endpoints with a fortnight of delivery history, one
 * disabled by an administrator and one disabled when its receiver answered 410 Gone; and API keys in
 * each state (active and recently used, regenerated with its grace period over, revoked).
 */
export async function insertDemoIntegrations(db: Db, now: number): Promise<void> {
  const owner = DEMO_USERS.find((u) => u.role === 'super_admin') ?? DEMO_USERS[0]!;
  const org = demoOrganizationId(0);
  const billing: DemoDelivery[] = Array.from({ length: 18 }, (_, i) => ({
    event: (['organization.updated', 'member.invited', 'export.completed'] as const)[i % 3]!,
    hoursAgo: 14 * 24 - i * 17 - 5,
    // One receiver outage: two 503s, then delivered on the schedule's third attempt.
    answers: i === 7 ? [503, 503, 200] : i === 12 ? [null, 200] : [200],
    data: { organizationId: org, n: i + 1 },
  }));
  const incidents: DemoDelivery[] = [
    ...Array.from({ length: 6 }, (_, i) => ({
      event: (i % 2 === 0 ? 'alert.fired' : 'alert.resolved') as WebhookEventType,
      hoursAgo: 12 * 24 - i * 30,
      answers: [200],
      data: { alertId: `demo-alert-${Math.floor(i / 2) + 1}`, severity: 'high' },
    })),
    // The receiver was retired: 410 Gone disabled the endpoint (and alerted the administrators).
    { event: 'backup.failed', hoursAgo: 46, answers: [410], data: { runId: 'demo-backup-run' } },
  ];
  const lastOk = (list: DemoDelivery[]) =>
    new Date(now - Math.min(...list.filter((d) => d.answers.at(-1) === 200).map((d) => d.hoursAgo)) * HOUR);

  await db.insert(integrations).values([
    {
      id: endpointId(0),
      name: 'Billing system (demo)',
      type: 'webhook',
      description: 'Organization changes, invitations and finished exports for the billing team.',
      provider: 'Custom',
      url: 'https://billing.example.com/hooks/operations-console',
      events: ['organization.updated', 'member.invited', 'export.completed'],
      status: 'inactive',
      statusReason: DEMO_NOTE,
      lastSyncAt: lastOk(billing),
      createdAt: new Date(now - 30 * DAY),
      createdBy: owner.id,
    },
    {
      id: endpointId(1),
      name: 'Incident bridge (demo)',
      type: 'webhook',
      description: 'Alerts and failed backups for the on-call chat bridge.',
      provider: 'Custom',
      url: 'https://oncall.example.net/webhooks/console',
      events: ['alert.fired', 'alert.resolved', 'backup.failed'],
      status: 'inactive',
      statusReason: 'The endpoint answered 410 Gone.',
      lastSyncAt: lastOk(incidents),
      createdAt: new Date(now - 21 * DAY),
      createdBy: owner.id,
    },
  ]);

  let n = 0;
  for (const [endpoint, list] of [billing, incidents].entries()) {
    for (const d of list) {
      n++;
      const at = now - d.hoursAgo * HOUR;
      const eventId = `evt_demo${String(n).padStart(24, '0')}`;
      const last = d.answers.at(-1) ?? null;
      const ok = last !== null && last >= 200 && last < 300;
      // Each retry after the schedule's delays (5 s, 5 min, …); the time of the last attempt.
      const lastAttempt = at + [0, 5_000, 305_000, 2_105_000][d.answers.length - 1]!;
      await db.insert(webhookEvents).values({
        id: eventId,
        type: d.event,
        organizationId: d.event.startsWith('alert.') || d.event.startsWith('backup.') ? null : org,
        data: d.data,
        occurredAt: new Date(at),
      });
      await db.insert(webhookDeliveries).values({
        id: deliveryId(n),
        integrationId: endpointId(endpoint),
        eventId,
        webhookId: `msg_demo${String(n).padStart(24, '0')}`,
        eventType: d.event,
        payload: { type: d.event, timestamp: new Date(at).toISOString(), data: d.data },
        status: ok ? 'success' : 'failed',
        attempts: d.answers.length,
        nextAttemptAt: null,
        lastAttemptAt: new Date(lastAttempt),
        responseStatus: last,
        responseTimeMs: 80 + ((n * 37) % 240),
        lastError: ok ? null : last === 410 ? 'Answered 410' : `Answered ${String(last)}`,
        createdAt: new Date(at),
      });
    }
  }

  // Hashes of texts that are not keys (no `opc_` form, no checksum): no presented key can match one.
  const hash = (i: number) => createHash('sha256').update(`operations-console demo key ${i}`).digest('hex');
  await db.insert(apiKeys).values([
    {
      id: keyId(0),
      name: 'Reporting warehouse (demo)',
      prefix: 'opc_R7qd',
      hash: hash(0),
      scopes: ['analytics.view_platform', 'reports.view_financial'],
      organizationId: null,
      createdBy: owner.id,
      createdAt: new Date(now - 40 * DAY),
      expiresAt: new Date(now + 50 * DAY),
      lastUsedAt: new Date(now - 3 * HOUR),
      lastUsedAddress: '203.0.113.24',
    },
    {
      id: keyId(1),
      name: 'Status page probe (demo)',
      prefix: 'opc_9Kx2',
      hash: hash(1),
      scopes: ['system.view_health'],
      organizationId: null,
      createdBy: owner.id,
      createdAt: new Date(now - 9 * DAY),
      lastUsedAt: new Date(now - 20 * MINUTE),
      lastUsedAddress: '198.51.100.7',
    },
    {
      id: keyId(2),
      name: 'Status page probe, before rotation (demo)',
      prefix: 'opc_b3Tn',
      hash: hash(2),
      scopes: ['system.view_health'],
      organizationId: null,
      createdBy: owner.id,
      createdAt: new Date(now - 60 * DAY),
      // Regenerated: valid for the grace period after, then expired.
      expiresAt: new Date(now - 8 * DAY),
      lastUsedAt: new Date(now - 8 * DAY - 2 * HOUR),
      lastUsedAddress: '198.51.100.7',
      replacedBy: keyId(1),
    },
    {
      id: keyId(3),
      name: 'Attendance import (demo)',
      prefix: 'opc_Lm4w',
      hash: hash(3),
      scopes: ['attendance.view', 'children.manage'],
      organizationId: org,
      createdBy: owner.id,
      createdAt: new Date(now - 25 * DAY),
      lastUsedAt: new Date(now - 6 * DAY),
      lastUsedAddress: '192.0.2.41',
      revokedAt: new Date(now - 5 * DAY),
    },
  ]);
}
