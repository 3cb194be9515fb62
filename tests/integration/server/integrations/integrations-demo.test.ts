/**
 * The demo's integrations (issue 16) on PGlite and PostgreSQL: two webhook endpoints with delivery history
 * and API keys in each state, so the screen opens with something to see; and the demo endpoints call no
 * one: disabled, refused by Sync Now, and without a signing secret an attempt fails before any request.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiKeyView, Integration, WebhookDelivery } from '../../../../shared/api';
import { webhookDeliveries } from '../../../../server/db/schema';
import { createWebhookService } from '../../../../server/integrations/service';
import { createLogger } from '../../../../server/logger';
import { createSecretBox, generateSecretKey } from '../../../../server/security/secret-box';
import { DEMO_USERS } from '../../../../server/seed/demo-users';
import { testDatabases } from '../../../support/databases';
import { bearer, call, tokenFor } from '../../../support/server';
import { useServerSuite } from '../../../support/suite';

const admin = DEMO_USERS.find((u) => u.role === 'super_admin')!;

describe.each(testDatabases)('the demo integrations on $name', (target) => {
  const suite = useServerSuite(target, {
    demo: {},
  });
  let headers: { authorization: string };
  beforeAll(async () => {
    headers = bearer(await tokenFor(suite.database, suite.clock, admin.id));
  });

  it('lists two disabled webhook endpoints with their delivery history, and keys in each state', async () => {
    const list = await call(suite.app, { method: 'GET', url: '/integrations', headers });
    const shown = (list.body.data as { integrations: Integration[] }).integrations;
    expect(shown.map((i) => [i.name, i.status])).toEqual([
      ['Billing system (demo)', 'inactive'],
      ['Incident bridge (demo)', 'inactive'],
    ]);
    for (const endpoint of shown) {
      expect(new URL(endpoint.config.webhook!).hostname).toMatch(/\.example\.(com|net)$/);
      expect(endpoint.requests).toBeGreaterThan(5);
      expect(endpoint.lastSync).not.toBeNull();
    }
    expect(shown[1]!.statusReason).toBe('The endpoint answered 410 Gone.');
    expect(shown[1]!.errors).toBe(1);

    const deliveries = await call(suite.app, { method: 'GET', url: '/integrations/deliveries', headers });
    const rows = (deliveries.body.data as { deliveries: WebhookDelivery[] }).deliveries;
    expect(rows.length).toBeGreaterThanOrEqual(20);
    expect(new Set(rows.map((d) => d.status))).toEqual(new Set(['success', 'failed']));
    expect(rows.some((d) => d.retries === 2 && d.status === 'success')).toBe(true);

    const keys = await call(suite.app, { method: 'GET', url: '/api-keys', headers });
    const views = (keys.body.data as { apiKeys: ApiKeyView[] }).apiKeys;
    expect(views.map((k) => k.status).sort()).toEqual(['active', 'active', 'expired', 'revoked']);
    expect(views.every((k) => /^opc_.{4}\*+$/.test(k.maskedKey))).toBe(true);
  });

  it('calls no one: Sync Now refuses, and an enabled demo endpoint fails without a secret', async () => {
    const list = await call(suite.app, { method: 'GET', url: '/integrations', headers });
    const [billing] = (list.body.data as { integrations: Integration[] }).integrations;
    const sync = await call(suite.app, { method: 'POST', url: `/integrations/${billing!.id}/sync`, headers });
    expect(sync.status).toBe(409);

    const service = createWebhookService({
      db: suite.database.db,
      now: suite.clock.now,
      secrets: createSecretBox(generateSecretKey()),
      outbound: {},
      logger: createLogger({ level: 'silent' }),
    });
    // Nothing of the demo is due.
    expect(await service.deliverDue()).toEqual([]);
    const enabled = await call(suite.app, {
      method: 'POST',
      url: `/integrations/${billing!.id}/enabled`,
      headers,
      payload: { enabled: true },
    });
    expect(enabled.status).toBe(200);
    await service.emit('organization.updated', { organizationId: 'demo' });
    const [outcome] = await service.deliverDue();
    expect(outcome).toMatchObject({ attempted: false, status: 'failed' });
    const [failed] = await suite.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.id, outcome!.deliveryId));
    expect(failed!.lastError).toBe('The endpoint has no signing secret: rotate its secret first');

    // Its first secret: answered once, with no old one to keep signing.
    const rotated = await call(suite.app, {
      method: 'POST',
      url: `/integrations/${billing!.id}/secret`,
      headers,
    });
    expect(rotated.status).toBe(200);
    const { secret, previousSecretUntil } = rotated.body.data as {
      secret: string;
      previousSecretUntil: string;
    };
    expect(secret).toMatch(/^whsec_/);
    expect(Date.parse(previousSecretUntil)).toBe(suite.clock.now());
  });
});
