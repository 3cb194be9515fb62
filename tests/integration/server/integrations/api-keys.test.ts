/**
 * API keys on PGlite and PostgreSQL: the key is answered once and stored as a hash, works as a bearer
 * credential within its scopes (never beyond its creator's permissions), in its organization only,
 * records its last use, keeps working through a regeneration's grace period, answers 401 on the next
 * call once revoked (on a second instance too), expires, and never reaches the audit trail or the logs
 * whole.
 */
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../../../server/app';
import { apiKeys, auditLogs } from '../../../../server/db/schema';
import { createLogger } from '../../../../server/logger';
import { API_KEY_GRACE_HOURS } from '../../../../shared/integrations';
import type { ApiKeyView } from '../../../../shared/api';
import { testDatabases } from '../../../support/databases';
import {
  bearer,
  call,
  createClock,
  insertUser,
  tokenFor,
  TEST_SECRET_KEY,
  TEST_SHEDDING,
} from '../../../support/server';
import { useServerSuite } from '../../../support/suite';

interface Issued {
  key: string;
  apiKey: ApiKeyView;
}

describe.each(testDatabases)('API keys on $name', (target) => {
  const clock = createClock();
  const suite = useServerSuite(target, { app: false, tenants: true, clock });
  const logLines: string[] = [];
  let app: FastifyInstance;
  let second: FastifyInstance;
  let admin: { authorization: string };

  beforeAll(async () => {
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(chunk.toString());
        done();
      },
    });
    app = await buildApp({
      secretKey: TEST_SECRET_KEY,
      database: suite.database,
      config: { now: clock.now, shedding: TEST_SHEDDING },
      logger: createLogger({ level: 'info', destination }),
    });
    // A second instance on the same database: it hears revocations through the database.
    second = await buildApp({
      secretKey: TEST_SECRET_KEY,
      database: suite.database,
      config: { now: clock.now, shedding: TEST_SHEDDING },
      logger: createLogger({ level: 'silent' }),
    });
  });
  afterAll(async () => {
    await second?.close();
    await app?.close();
  });
  beforeEach(async () => {
    admin = bearer(await tokenFor(suite.database, clock, suite.f.platformAdmin.id));
  });

  async function generate(body: Record<string, unknown>, headers = admin): Promise<Issued> {
    const res = await call(app, { method: 'POST', url: '/api-keys', headers, payload: body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as Issued;
  }
  const withKey = (
    instance: FastifyInstance,
    key: string,
    url: string,
    headers: Record<string, string> = {},
  ) =>
    call(instance, {
      method: 'GET',
      url,
      headers: { ...bearer(key), ...headers },
      remoteAddress: '203.0.113.9',
    });

  it('answers the key once, stores only its hash, and calls within its scopes', async () => {
    const { key, apiKey } = await generate({ name: 'Monitoring', scopes: ['system.view_health'] });
    expect(key).toMatch(/^opc_[0-9A-Za-z]{36}$/);
    expect(apiKey.maskedKey).toBe(`${key.slice(0, 8)}${'*'.repeat(32)}`);
    const [row] = await suite.database.db.select().from(apiKeys).where(eq(apiKeys.id, apiKey.id));
    expect(JSON.stringify(row)).not.toContain(key);

    const allowed = await withKey(app, key, '/jobs/queues');
    expect(allowed.status).toBe(200);
    // The creator holds users.manage, the key does not.
    const refused = await withKey(app, key, '/users');
    expect(refused.status).toBe(403);
    // A key cannot mint keys, whatever its scopes.
    const byKey = await call(app, {
      method: 'POST',
      url: '/api-keys',
      headers: bearer((await generate({ name: 'Manager', scopes: ['platform.manage'] })).key),
      payload: { name: 'Child', scopes: ['platform.manage'] },
    });
    expect(byKey.status).toBe(403);
    expect(byKey.body.error).toBe('An API key cannot create or regenerate API keys');

    const [used] = await suite.database.db.select().from(apiKeys).where(eq(apiKeys.id, apiKey.id));
    expect(used!.lastUsedAt?.getTime()).toBe(clock.now());
    expect(used!.lastUsedAddress).toBe('203.0.113.9');
  });

  it('never gives a key more than its creator holds', async () => {
    const owner = await insertUser(suite.database, 'app_owner');
    const headers = bearer(await tokenFor(suite.database, clock, owner.id));
    const res = await call(app, {
      method: 'POST',
      url: '/api-keys',
      headers,
      payload: { name: 'Too much', scopes: ['system.view_health', 'audit.read'] },
    });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('You cannot give a key the permission audit.read, which you do not hold');
    const fine = await generate({ name: 'Owner key', scopes: ['system.view_health'] }, headers);
    expect((await withKey(app, fine.key, '/jobs/queues')).status).toBe(200);
  });

  it('refuses malformed, unknown and checksum-broken keys with 401', async () => {
    const { key } = await generate({ name: 'Real', scopes: ['system.view_health'] });
    const broken = key.slice(0, -1) + (key.endsWith('A') ? 'B' : 'A');
    for (const candidate of [broken, 'opc_short', `opc_${'a'.repeat(36)}`]) {
      const res = await withKey(app, candidate, '/jobs/queues');
      expect(res.status).toBe(401);
    }
  });

  it('reaches its own organization only (cross-tenant)', async () => {
    const { key } = await generate({
      name: 'Org A reader',
      scopes: ['centers.view_all'],
      organizationId: suite.f.orgA,
    });
    expect((await withKey(app, key, `/organizations/${suite.f.orgA}`)).status).toBe(200);
    const other = await withKey(app, key, `/organizations/${suite.f.orgB}`);
    expect(other.status).toBe(403);
    expect(other.body.message).toBe('This API key is limited to another organization');
    const platformWide = await withKey(app, key, '/jobs/queues');
    expect(platformWide.status).toBe(403);
  });

  it('revokes: the next call answers 401 on this instance and on another', async () => {
    const { key, apiKey } = await generate({ name: 'Revoked soon', scopes: ['system.view_health'] });
    expect((await withKey(app, key, '/jobs/queues')).status).toBe(200);
    expect((await withKey(second, key, '/jobs/queues')).status).toBe(200);
    const revoked = await call(app, { method: 'POST', url: `/api-keys/${apiKey.id}/revoke`, headers: admin });
    expect(revoked.status).toBe(200);
    expect((revoked.body.data as ApiKeyView).status).toBe('revoked');
    const here = await withKey(app, key, '/jobs/queues');
    expect(here.status).toBe(401);
    expect(here.body.error).toBe('The API key has been revoked');
    // The other instance drops the key when the trigger's NOTIFY reaches it (at once on PGlite).
    await vi.waitFor(async () => expect((await withKey(second, key, '/jobs/queues')).status).toBe(401), {
      timeout: 5_000,
      interval: 20,
    });
    const again = await call(app, { method: 'POST', url: `/api-keys/${apiKey.id}/revoke`, headers: admin });
    expect(again.status).toBe(409);
  });

  it('regenerates with a grace period for the old key, and keys expire', async () => {
    const { key: oldKey, apiKey } = await generate({ name: 'Rotating', scopes: ['system.view_health'] });
    const res = await call(app, { method: 'POST', url: `/api-keys/${apiKey.id}/regenerate`, headers: admin });
    expect(res.status).toBe(200);
    const { key: newKey } = res.body.data as Issued;
    expect(newKey).not.toBe(oldKey);
    expect((await withKey(app, oldKey, '/jobs/queues')).status).toBe(200);
    expect((await withKey(app, newKey, '/jobs/queues')).status).toBe(200);
    clock.advance(API_KEY_GRACE_HOURS * 3_600_000);
    const late = await withKey(app, oldKey, '/jobs/queues');
    expect(late.status).toBe(401);
    expect(late.body.error).toBe('The API key has expired');
    expect((await withKey(app, newKey, '/jobs/queues')).status).toBe(200);

    admin = bearer(await tokenFor(suite.database, clock, suite.f.platformAdmin.id));
    const { key: weekly } = await generate({
      name: 'Weekly',
      scopes: ['system.view_health'],
      expiresInDays: 7,
    });
    clock.advance(7 * 86_400_000 - 1);
    expect((await withKey(app, weekly, '/jobs/queues')).status).toBe(200);
    clock.advance(1);
    expect((await withKey(app, weekly, '/jobs/queues')).status).toBe(401);
  });

  it('keeps keys out of the audit trail and the logs, masked to 8 characters', async () => {
    admin = bearer(await tokenFor(suite.database, clock, suite.f.platformAdmin.id));
    const { key, apiKey } = await generate({ name: 'Audited', scopes: ['system.view_health'] });
    await withKey(app, key, '/jobs/queues');
    await withKey(app, key, '/users');
    await call(app, { method: 'POST', url: `/api-keys/${apiKey.id}/regenerate`, headers: admin });
    await call(app, { method: 'POST', url: `/api-keys/${apiKey.id}/revoke`, headers: admin });
    await withKey(app, key, '/jobs/queues');
    const records = await suite.database.db.select().from(auditLogs).where(eq(auditLogs.resource, 'api_key'));
    expect(records.length).toBeGreaterThanOrEqual(3);
    const text = JSON.stringify(records);
    expect(text).not.toContain(key);
    expect(text).toContain(key.slice(0, 8) + '*');
    expect(logLines.join('\n')).not.toContain(key.slice(8));
  });
});
