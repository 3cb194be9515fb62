/**
 * Issue 25 item 10 on real servers on loopback: an alert stream ends when its session ends (sign-out on
 * another instance, suspension, a role change, a permission taken from the role, a revocation through
 * tokensValidAfter, the token's expiry), one user's streams are capped (the oldest closes), and a reader
 * that does not drain is dropped instead of growing the server's memory.
 */
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { connect, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { BANNER } from '../../../../shared/alerts';
import { DEFAULT_SESSION_TIMEOUT_MINUTES } from '../../../../shared/constants';
import { ERRORS } from '../../../../shared/errors';
import { createAlertHub, type AlertHub } from '../../../../server/alerts/hub';
import type { NewAlert } from '../../../../server/alerts/store';
import type { ServerConfigOverrides } from '../../../../server/config';
import { users } from '../../../../server/db/schema';
import { createLogger } from '../../../../server/logger';
import { testDatabases } from '../../../support/databases';
import { bearer, buildTestApp, insertUser, tokenFor } from '../../../support/server';
import { openSse, type SseReader } from '../../../support/sse';
import { useServerSuite } from '../../../support/suite';

const sample = (n: number, message = `Message ${n}`): NewAlert => ({
  title: `Alert ${n}`,
  message,
  type: 'info',
  priority: 'low',
  category: 'business',
  metadata: {},
});

describe.each(testDatabases)('alert stream limits on $name', (target) => {
  const suite = useServerSuite(target, { app: false });
  const { clock } = suite;
  const apps: FastifyInstance[] = [];
  const readers: SseReader[] = [];
  let hub: AlertHub;
  let boss: string;
  let seq = 0;

  async function listening(
    config: ServerConfigOverrides = {},
  ): Promise<{ app: FastifyInstance; base: string }> {
    const app = await buildTestApp(suite.database, clock, config);
    apps.push(app);
    return { app, base: await app.listen({ host: '127.0.0.1', port: 0 }) };
  }
  async function stream(base: string, token: string): Promise<SseReader> {
    const reader = await openSse(`${base}/alerts/stream`, bearer(token));
    readers.push(reader);
    expect(reader.status).toBe(200);
    return reader;
  }
  /** A fresh super admin (the one role holding alerts.read) and a token of theirs. */
  async function watcher(): Promise<{ id: string; token: string }> {
    const { id } = await insertUser(suite.database, 'super_admin');
    return { id, token: await tokenFor(suite.database, clock, id) };
  }
  /** Resolves (with its id) once the reader has had the live alert published now. */
  async function hears(reader: SseReader): Promise<string> {
    const id = String((await hub.publish(sample(++seq))).seq);
    await vi.waitFor(() => expect(reader.events.map((e) => e.id)).toContain(id), { timeout: 10_000 });
    return id;
  }
  async function call(base: string, method: string, path: string, token: string, body?: unknown) {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { ...bearer(token), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    expect(response.status, `${method} ${path}: ${await response.clone().text()}`).toBe(200);
    return (await response.json()) as { data: { id?: string } };
  }
  const reopenStatus = async (base: string, token: string) => {
    const response = await fetch(`${base}/alerts/stream`, { headers: bearer(token) });
    await response.body?.cancel();
    return response.status;
  };

  beforeAll(async () => {
    hub = await createAlertHub(suite.database, clock.now, createLogger({ level: 'silent' }));
    boss = (await watcher()).token;
  });
  afterEach(async () => {
    for (const reader of readers.splice(0)) reader.close();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await hub.close();
  });

  it('ends at sign-out, even one made through another instance, and leaves other users’ streams open', async () => {
    const [one, two] = [await listening(), await listening()];
    const user = await watcher();
    const other = await watcher();
    const mine = await stream(one.base, user.token);
    const theirs = await stream(one.base, other.token);
    await hears(mine);

    // A sign-out revokes the tokens issued before it: the suite's clock stands still unless moved.
    clock.advance(1);
    await call(two.base, 'POST', '/auth/logout', user.token);
    await mine.ended;
    expect(await reopenStatus(one.base, user.token)).toBe(401);
    await hears(theirs);
  });

  it('ends when the account is suspended', async () => {
    const { base } = await listening();
    const user = await watcher();
    const reader = await stream(base, user.token);
    await hears(reader);
    await call(base, 'POST', `/users/${user.id}/status`, boss, { status: 'suspended' });
    await reader.ended;
    const refused = await fetch(`${base}/alerts/stream`, { headers: bearer(user.token) });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ error: ERRORS.accountDisabled });
  });

  it('ends when the user’s role changes to one without alerts.read', async () => {
    const { base } = await listening();
    const user = await watcher();
    const reader = await stream(base, user.token);
    await hears(reader);
    await call(base, 'PUT', `/users/${user.id}/role`, boss, { roleId: 'center_admin' });
    await reader.ended;
    expect(await reopenStatus(base, user.token)).toBe(403);
  });

  it('ends when alerts.read is taken from the user’s role, and only for that role', async () => {
    const { base } = await listening();
    const created = await call(base, 'POST', '/roles', boss, {
      name: `Alert watchers ${Date.now()}`,
      permissions: ['alerts.read'],
    });
    const roleId = String(created.data.id);
    const user = await watcher();
    await call(base, 'PUT', `/users/${user.id}/role`, boss, { roleId });
    const other = await watcher();
    const reader = await stream(base, user.token);
    const untouched = await stream(base, other.token);
    await hears(reader);

    await call(base, 'DELETE', `/roles/${roleId}/permissions/alerts.read`, boss);
    await reader.ended;
    expect(await reopenStatus(base, user.token)).toBe(403);
    await hears(untouched);
  });

  it('ends when its tokens are revoked (tokensValidAfter), as a password change elsewhere does', async () => {
    const { base } = await listening();
    const user = await watcher();
    const reader = await stream(base, user.token);
    await hears(reader);
    await suite.database.db
      .update(users)
      .set({ tokensValidAfter: new Date(clock.now() + 1) })
      .where(eq(users.id, user.id));
    await reader.ended;
    expect(await reopenStatus(base, user.token)).toBe(401);
  });

  it('ends when its token expires (the session timeout), which nobody announces', async () => {
    const { base } = await listening({ alertStream: { recheckMs: 50 } });
    const user = await watcher();
    const reader = await stream(base, user.token);
    await hears(reader);
    clock.advance(DEFAULT_SESSION_TIMEOUT_MINUTES * 60_000 + 1_000);
    await reader.ended;
    const refused = await fetch(`${base}/alerts/stream`, { headers: bearer(user.token) });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ error: ERRORS.sessionExpired });
  });

  it('caps one user’s streams: one more closes their oldest, other users are not counted', async () => {
    const { base } = await listening({ alertStream: { maxPerUser: 2 } });
    const user = await watcher();
    const other = await watcher();
    const first = await stream(base, user.token);
    const second = await stream(base, user.token);
    const theirs = await stream(base, other.token);
    await hears(first);
    const third = await stream(base, user.token);
    await first.ended;
    await hears(second);
    await hears(third);
    await hears(theirs);
    // And again: the oldest left is the second.
    await stream(base, user.token);
    await second.ended;
    await hears(third);
  });

  it('drops a reader that does not drain once its buffer is full; a reader that keeps up gets everything', async () => {
    const maxBufferedBytes = 1024 * 1024;
    const { app, base } = await listening({ alertStream: { maxBufferedBytes } });
    const user = await watcher();
    const fast = await stream(base, user.token);
    const slow = await stalledReader(base, user.token);
    await vi.waitFor(() => expect(app.alertStreams.countFor(user.id)).toBe(2));
    try {
      // The loopback's socket buffers take a few MB before anything queues in the server: alerts of an
      // eighth of the bound, published until the server gives up on the stalled reader.
      const big = 'x'.repeat(maxBufferedBytes / 8);
      const published: string[] = [];
      const titlesHeard = () =>
        fast.events
          .map((e) => (JSON.parse(e.data) as { title: string }).title)
          .filter((t) => published.includes(t));
      while (app.alertStreams.countFor(user.id) > 1 && published.length < 400) {
        await hub.publish(sample(++seq, big));
        published.push(`Alert ${seq}`);
        // The fast reader keeps up: it has each alert before the next is stored.
        await vi.waitFor(() => expect(titlesHeard()).toHaveLength(published.length), { timeout: 10_000 });
      }
      expect(app.alertStreams.countFor(user.id)).toBe(1);
      expect(published.length).toBeGreaterThan(1);
      // The dropped connection is reset: the stalled reader learns it once it reads again.
      slow.socket.resume();
      await vi.waitFor(() => expect(slow.closed).toBe(true));
      expect(titlesHeard()).toEqual(published);
    } finally {
      slow.socket.destroy();
    }
    // Some 40 alerts of 128 KiB fill the loopback's socket buffers; PGlite stores them slowly on a busy machine.
  }, 240_000);

  it('sends what a client missed after Last-Event-ID as live alerts', async () => {
    const { base } = await listening();
    const user = await watcher();
    const first = await stream(base, user.token);
    const lastSeen = await hears(first);
    first.close();
    await hub.publish(sample(++seq));
    await hub.publish(sample(++seq));
    const resumed = await openSse(`${base}/alerts/stream`, {
      ...bearer(user.token),
      'last-event-id': lastSeen,
    });
    readers.push(resumed);
    const events = await resumed.waitFor(2);
    expect(events.map((e) => e.event)).toEqual(['alert', 'alert']);
    expect(events.map((e) => Number(e.id))).toEqual([Number(lastSeen) + 1, Number(lastSeen) + 2]);
    // The first connection without Last-Event-ID still gets its replay as `recent`.
    const fresh = await stream(base, user.token);
    const replay = await fresh.waitFor(1);
    expect(replay[0]?.event).toBe('recent');
    expect(BANNER.maxKept).toBeGreaterThan(2);
  });
});

/**
 * A reader on a raw socket that sends the request, reads the answer's head and then nothing more (the
 * socket paused): the server's writes pile up in the kernel, then in its own buffer.
 */
async function stalledReader(
  base: string,
  token: string,
): Promise<{ socket: Socket; readonly closed: boolean }> {
  const { hostname, port } = new URL(base);
  const socket = connect({ host: hostname, port: Number(port) });
  let closed = false;
  socket.on('error', () => {});
  socket.on('close', () => (closed = true));
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  socket.write(
    `GET /alerts/stream HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAuthorization: Bearer ${token}\r\n` +
      'Accept: text/event-stream\r\n\r\n',
  );
  await new Promise<void>((resolve) => socket.once('data', () => resolve()));
  socket.pause();
  return {
    socket,
    get closed() {
      return closed;
    },
  };
}
