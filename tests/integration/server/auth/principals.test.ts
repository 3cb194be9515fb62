/**
 * The principal cache across instances: two apps on one database (on PostgreSQL each with its own pool
 * and LISTEN connection), every kind of change made through one (or straight into the database, as any
 * other writer would), and the other refusing or re-authorizing as soon as the NOTIFY arrives. The
 * instance that made a change through its API sees it on the very next request.
 */
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ERRORS, formatError } from '../../../../shared/errors';
import { openDatabase, type Database } from '../../../../server/db/client';
import { memberships, rolePermissions, roles, users } from '../../../../server/db/schema';
import { PRINCIPAL_CHANNEL } from '../../../../server/auth/principals';
import { testDatabases } from '../../../support/databases';
import {
  bearer,
  buildTestApp,
  call,
  insertUser,
  tokenFor,
  type Envelope,
  type TestUser,
} from '../../../support/server';
import { useServerSuite } from '../../../support/suite';

/** Long enough for a NOTIFY round trip on a busy machine; a poll every few milliseconds. */
const PROPAGATION = { timeout: 2_000, interval: 5 };
const CUSTOM_ROLE = 'principal_test_reader';

describe.each(testDatabases)('principal cache on $name', (target) => {
  const suite = useServerSuite(target, { tenants: true });
  const { clock, f } = suite;
  let second: { database: Database; app: FastifyInstance; own: boolean };
  const one = () => suite.app;
  const two = () => second.app;

  beforeAll(async () => {
    // PGlite is one in-process database: the second instance shares it. PostgreSQL: a pool of its own.
    const { driver } = suite.database;
    const database = driver.kind === 'postgres' ? await openDatabase({ url: driver.url }) : suite.database;
    second = { database, app: await buildTestApp(database, clock), own: database !== suite.database };
    await suite.database.db.insert(roles).values({ id: CUSTOM_ROLE, name: 'Principal test reader' });
    await suite.database.db
      .insert(rolePermissions)
      .values({ roleId: CUSTOM_ROLE, permissionId: 'centers.view_all' });
  });
  afterAll(async () => {
    await second.app.close();
    if (second.own) await second.database.close();
  });

  const request = (app: FastifyInstance, method: 'GET' | 'POST', url: string, token: string) =>
    call(app, { method, url, headers: bearer(token) });
  const verify = (app: FastifyInstance, token: string) => request(app, 'POST', '/auth/verify', token);
  // Client B's envelope says `error`, Client A's (the organization API) `message`.
  const refusal = (status: number, error: string) => ({ status, body: { success: false, error } });
  const refusalA = (status: number, message: string) => ({ status, body: { success: false, message } });

  /** Polls until the other instance answers as expected (the NOTIFY has arrived). */
  async function eventually(
    probe: () => Promise<{ status: number; body: Envelope }>,
    expected: Record<string, unknown>,
  ): Promise<void> {
    await vi.waitFor(async () => expect(await probe()).toMatchObject(expected), PROPAGATION);
  }

  async function signedIn(role: Parameters<typeof insertUser>[1]): Promise<TestUser & { token: string }> {
    const user = await insertUser(suite.database, role);
    return { ...user, token: await tokenFor(suite.database, clock, user.id) };
  }

  async function member(role: 'admin' | 'operator' | 'viewer', lastActiveAt = new Date(clock.now())) {
    const user = await signedIn('staff');
    await suite.database.db
      .insert(memberships)
      .values({ organizationId: f.orgA, userId: user.id, role, lastActiveAt });
    return user;
  }

  /** Both instances answer from memory for this token now: what follows tests the invalidation. */
  async function cachedOnBoth(token: string) {
    for (const app of [one(), two()]) expect((await verify(app, token)).status).toBe(200);
    expect(two().principals.size).toBeGreaterThan(0);
  }

  it('a sign-out: refused at once where it was made, and on the other instance', async () => {
    const user = await signedIn('app_owner');
    await cachedOnBoth(user.token);
    clock.advance(1);
    expect((await request(one(), 'POST', '/auth/logout', user.token)).status).toBe(200);
    expect(await verify(one(), user.token)).toMatchObject(refusal(401, ERRORS.sessionExpired));
    await eventually(() => verify(two(), user.token), refusal(401, ERRORS.sessionExpired));
  });

  it('a password change: earlier tokens refused on both, the new one accepted on both', async () => {
    const user = await signedIn('app_owner');
    await cachedOnBoth(user.token);
    clock.advance(1);
    const changed = await call(one(), {
      method: 'POST',
      url: '/auth/password',
      headers: bearer(user.token),
      payload: { currentPassword: user.password, newPassword: 'Another-Secret-2026' },
    });
    expect(changed.status).toBe(200);
    const fresh = (changed.body.data as { token: string }).token;
    expect(await verify(one(), user.token)).toMatchObject(refusal(401, ERRORS.sessionExpired));
    await eventually(() => verify(two(), user.token), refusal(401, ERRORS.sessionExpired));
    expect((await verify(two(), fresh)).status).toBe(200);
  });

  it('tokensValidAfter moved by another writer: refused on both', async () => {
    const user = await signedIn('app_owner');
    await cachedOnBoth(user.token);
    clock.advance(1);
    await suite.database.db
      .update(users)
      .set({ tokensValidAfter: new Date(clock.now()) })
      .where(eq(users.id, user.id));
    for (const app of [one(), two()])
      await eventually(() => verify(app, user.token), refusal(401, ERRORS.sessionExpired));
  });

  it('an account suspended by another writer: refused on both, and accepted again once reactivated', async () => {
    const user = await signedIn('app_owner');
    await cachedOnBoth(user.token);
    await suite.database.db.update(users).set({ status: 'suspended' }).where(eq(users.id, user.id));
    for (const app of [one(), two()])
      await eventually(() => verify(app, user.token), refusal(401, ERRORS.accountDisabled));
    await suite.database.db.update(users).set({ status: 'active' }).where(eq(users.id, user.id));
    for (const app of [one(), two()]) await eventually(() => verify(app, user.token), { status: 200 });
  });

  it("a role change: the user's new permissions hold on both", async () => {
    const user = await signedIn('app_owner');
    expect((await request(two(), 'GET', '/centers', user.token)).status).toBe(200);
    const changed = await call(one(), {
      method: 'PUT',
      url: `/users/${user.id}/role`,
      headers: bearer(f.platformAdmin.token),
      payload: { roleId: 'staff' },
    });
    expect(changed.status).toBe(200);
    const forbidden = refusal(403, formatError(ERRORS.forbidden, { permission: 'centers.view_all' }));
    expect(await request(one(), 'GET', '/centers', user.token)).toMatchObject(forbidden);
    await eventually(() => request(two(), 'GET', '/centers', user.token), forbidden);
    expect(await verify(two(), user.token)).toMatchObject({ status: 200, body: { data: { role: 'staff' } } });
  });

  it("a permission taken from a role, then given back: every holder's requests follow on both", async () => {
    const user = await signedIn('app_owner');
    await suite.database.db.update(users).set({ role: CUSTOM_ROLE }).where(eq(users.id, user.id));
    await two().principals.settle();
    expect((await request(two(), 'GET', '/centers', user.token)).status).toBe(200);

    const taken = await call(one(), {
      method: 'DELETE',
      url: `/roles/${CUSTOM_ROLE}/permissions/centers.view_all`,
      headers: bearer(f.platformAdmin.token),
    });
    expect(taken.status).toBe(200);
    const forbidden = refusal(403, formatError(ERRORS.forbidden, { permission: 'centers.view_all' }));
    expect(await request(one(), 'GET', '/centers', user.token)).toMatchObject(forbidden);
    await eventually(() => request(two(), 'GET', '/centers', user.token), forbidden);

    const given = await call(one(), {
      method: 'POST',
      url: `/roles/${CUSTOM_ROLE}/permissions`,
      headers: bearer(f.platformAdmin.token),
      payload: { permissionId: 'centers.view_all' },
    });
    expect(given.status).toBe(200);
    await eventually(() => request(two(), 'GET', '/centers', user.token), { status: 200 });
  });

  it("a member's role changed, then the member removed: the tenant context follows on both", async () => {
    const user = await member('operator');
    const context = (app: FastifyInstance) =>
      request(app, 'GET', `/organizations/${f.orgA}/context`, user.token);
    for (const app of [one(), two()])
      expect(await context(app)).toMatchObject({ status: 200, body: { data: { role: 'operator' } } });

    const changed = await call(one(), {
      method: 'PATCH',
      url: `/organizations/${f.orgA}/members/${user.id}`,
      headers: bearer(f.a.owner.token),
      payload: { role: 'viewer' },
    });
    expect(changed.status).toBe(200);
    expect(await context(one())).toMatchObject({ status: 200, body: { data: { role: 'viewer' } } });
    await eventually(() => context(two()), { status: 200, body: { data: { role: 'viewer' } } });

    const removed = await call(one(), {
      method: 'DELETE',
      url: `/organizations/${f.orgA}/members/${user.id}`,
      headers: bearer(f.a.owner.token),
    });
    expect(removed.status).toBe(200);
    expect(await context(one())).toMatchObject(refusalA(403, ERRORS.notAMember));
    await eventually(() => context(two()), refusalA(403, ERRORS.notAMember));
  });

  it('a membership suspended, or given, by another writer: the tenant check follows on both', async () => {
    const user = await member('admin');
    const organization = (app: FastifyInstance) =>
      request(app, 'GET', `/organizations/${f.orgA}`, user.token);
    for (const app of [one(), two()]) expect((await organization(app)).status).toBe(200);
    await suite.database.db
      .update(memberships)
      .set({ status: 'suspended' })
      .where(eq(memberships.userId, user.id));
    for (const app of [one(), two()])
      await eventually(() => organization(app), refusalA(403, ERRORS.notAMember));

    // Not a member of B yet: refused, then a membership appears and is honoured.
    const inB = (app: FastifyInstance) => request(app, 'GET', `/organizations/${f.orgB}`, user.token);
    expect(await inB(two())).toMatchObject(refusalA(403, ERRORS.notAMember));
    await suite.database.db
      .insert(memberships)
      .values({ organizationId: f.orgB, userId: user.id, role: 'viewer' });
    for (const app of [one(), two()]) await eventually(() => inB(app), { status: 200 });
  });

  it('marking a member seen writes once, not on every request, and announces nothing', async () => {
    const user = await member('operator', new Date(clock.now() - 2 * 3_600_000));
    const seen = async () =>
      (
        await suite.database.db
          .select({ at: memberships.lastActiveAt })
          .from(memberships)
          .where(eq(memberships.userId, user.id))
      )[0]?.at?.getTime();
    expect((await request(two(), 'GET', `/organizations/${f.orgA}`, user.token)).status).toBe(200);
    expect(await seen()).toBe(clock.now());
    const before = two().principals.size;
    clock.advance(60_000);
    expect((await request(two(), 'GET', `/organizations/${f.orgA}`, user.token)).status).toBe(200);
    // Within the hour: the row keeps its instant, and the cache kept its entries.
    expect(await seen()).toBe(clock.now() - 60_000);
    expect(two().principals.size).toBe(before);
  });

  it('an unknown announcement empties the cache rather than trusting it', async () => {
    const user = await signedIn('app_owner');
    await cachedOnBoth(user.token);
    await suite.database.db.execute(sql`select pg_notify(${PRINCIPAL_CHANNEL}, ${'something-new'})`);
    await two().principals.settle();
    await vi.waitFor(() => expect(two().principals.size).toBe(0), PROPAGATION);
  });

  it.runIf(target.name === 'postgres')(
    'a lost LISTEN connection empties the cache, every request reads until LISTEN is back',
    async () => {
      const user = await signedIn('app_owner');
      await cachedOnBoth(user.token);
      const { driver } = suite.database;
      if (driver.kind !== 'postgres') throw new Error('PostgreSQL only');
      const admin = new pg.Client({ connectionString: driver.url });
      await admin.connect();
      try {
        const killed = await admin.query(
          `select pg_terminate_backend(pid) from pg_stat_activity
            where datname = current_database() and query = $1`,
          [`listen "${PRINCIPAL_CHANNEL}"`],
        );
        // One LISTEN per instance.
        expect(killed.rowCount).toBe(2);
      } finally {
        await admin.end();
      }
      await vi.waitFor(() => expect(two().principals.listening).toBe(false), PROPAGATION);
      expect(two().principals.size).toBe(0);

      // No announcement can arrive now: seeing the change at once proves the request read it.
      await suite.database.db.update(users).set({ status: 'suspended' }).where(eq(users.id, user.id));
      expect(await verify(two(), user.token)).toMatchObject(refusal(401, ERRORS.accountDisabled));
      await suite.database.db.update(users).set({ status: 'active' }).where(eq(users.id, user.id));
      expect((await verify(two(), user.token)).status).toBe(200);
      expect(two().principals.size).toBe(0);

      // LISTEN comes back after its delay; then principals are kept and announcements heard again.
      await vi.waitFor(() => expect(two().principals.listening).toBe(true), {
        timeout: 10_000,
        interval: 20,
      });
      expect((await verify(two(), user.token)).status).toBe(200);
      expect(two().principals.size).toBeGreaterThan(0);
      await suite.database.db.update(users).set({ status: 'suspended' }).where(eq(users.id, user.id));
      await eventually(() => verify(two(), user.token), refusal(401, ERRORS.accountDisabled));
    },
  );

  it('an organization deleted: its members and platform readers get 404 on both', async () => {
    const orgId = randomUUID();
    await suite.database.db.execute(
      sql`insert into organizations (id, name, slug) values (${orgId}, 'Doomed', ${`doomed-${orgId}`})`,
    );
    const read = (app: FastifyInstance) =>
      request(app, 'GET', `/organizations/${orgId}`, f.platformAdmin.token);
    for (const app of [one(), two()]) expect((await read(app)).status).toBe(200);
    await suite.database.db.execute(sql`delete from organizations where id = ${orgId}`);
    for (const app of [one(), two()])
      await eventually(() => read(app), refusalA(404, ERRORS.organizationNotFound));
  });
});
