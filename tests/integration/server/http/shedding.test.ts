/**
 * Overload is shed, not queued (issue 27): each expensive route class admits a few requests at once and
 * answers the rest 503 + Retry-After at once, without touching other classes or cheap routes; and
 * `@fastify/under-pressure` is wired to answer 503 + Retry-After in our envelope once a bound is passed.
 * How fast and how much is measured in bench/overload.ts, not here.
 */
import { connect, type Socket } from 'node:net';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { formatError } from '../../../../shared/errors';
import { SERVER_TEXTS } from '../../../../server/http/errors';
import { SHED_RETRY_AFTER_SECONDS } from '../../../../server/http/shedding';
import { testDatabases } from '../../../support/databases';
import { holdAuditLogs } from '../../../support/hold-table';
import { bearer, buildTestApp, call, insertUser, tokenFor } from '../../../support/server';
import { useServerSuite } from '../../../support/suite';

const BUSY = formatError(SERVER_TEXTS.busy, { seconds: SHED_RETRY_AFTER_SECONDS });

describe.each(testDatabases)('load shedding on $name', (target) => {
  // The event-loop bound off: a busy test machine (or PGlite's start, which holds the loop) would shed
  // everything, and this suite is about the class limit.
  const suite = useServerSuite(target, {
    app: { shedding: { heavyConcurrency: 1, maxEventLoopDelayMs: 0 } },
  });

  const adminToken = async () => {
    const admin = await insertUser(suite.database, 'super_admin');
    return tokenFor(suite.database, suite.clock, admin.id);
  };

  it('answers a flood of audit searches past the class limit 503 + Retry-After at once; other classes are not held by it', async () => {
    const headers = bearer(await adminToken());
    const search = () => call(suite.app, { method: 'GET', url: '/audit-logs?search=admin', headers });
    // The first search admitted waits on the held table; the flood behind it must not wait.
    const release = await holdAuditLogs(suite.database);
    const first = search();
    const flood = await Promise.all(Array.from({ length: 8 }, search));
    const otherClass = call(suite.app, {
      method: 'GET',
      url: '/monitoring/api-performance?range=7d',
      headers,
    });
    await release();

    expect((await first).status).toBe(200);
    for (const answer of flood) {
      expect(answer.status).toBe(503);
      expect(answer.headers['retry-after']).toBe(String(SHED_RETRY_AFTER_SECONDS));
      expect(answer.body).toEqual({ success: false, error: BUSY });
    }
    expect((await otherClass).status).toBe(200);
    // Every slot is given back: once the flood is over, a search is admitted again.
    expect((await search()).status).toBe(200);
  });

  it('refuses searches that arrive together over the network, though none waits on a lock (PGlite answers each within its socket event)', async () => {
    const token = await adminToken();
    // A server of its own on loopback: what counts here is how requests come off real sockets.
    const app = await buildTestApp(suite.database, suite.clock, {
      shedding: { heavyConcurrency: 1, maxEventLoopDelayMs: 0 },
    });
    const sockets: Socket[] = [];
    try {
      await app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = app.server.address() as AddressInfo;
      // As in a flood, the caller is known already (its session and principal cached).
      const warm = await fetch(`http://127.0.0.1:${port}/audit-logs?search=admin`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(warm.status).toBe(200);
      for (let i = 0; i < 8; i += 1) {
        const socket = connect(port, '127.0.0.1');
        await once(socket, 'connect');
        sockets.push(socket);
      }
      const statuses = sockets.map(async (socket) => {
        let head = '';
        socket.setEncoding('utf8');
        socket.on('data', (chunk: string) => (head += chunk));
        await once(socket, 'end');
        return Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
      });
      // Written in one go: the server reads all eight in one turn of its event loop.
      for (const socket of sockets) {
        socket.write(
          `GET /audit-logs?search=admin HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\nConnection: close\r\n\r\n`,
        );
      }
      const answered = await Promise.all(statuses);
      expect(answered.filter((status) => status === 200).length).toBeGreaterThanOrEqual(1);
      expect(answered.filter((status) => status === 503).length).toBeGreaterThanOrEqual(1);
      expect(answered.every((status) => status === 200 || status === 503)).toBe(true);
    } finally {
      for (const socket of sockets) socket.destroy();
      await app.close();
    }
  });

  it('sheds every request with 503 + Retry-After in the envelope while under pressure (a heap bound passed)', async () => {
    const app = await buildTestApp(suite.database, suite.clock, { shedding: { maxHeapUsedBytes: 1 } });
    try {
      // under-pressure samples once a second: the first sample already is past a 1-byte heap.
      await vi.waitFor(
        async () => {
          const answer = await call(app, { method: 'GET', url: '/auth/test' });
          expect(answer.status).toBe(503);
          expect(answer.headers['retry-after']).toBe(String(SHED_RETRY_AFTER_SECONDS));
          expect(answer.body).toEqual({ success: false, error: BUSY });
        },
        { timeout: 10_000, interval: 200 },
      );
      const organizations = await call(app, { method: 'GET', url: '/organizations' });
      expect(organizations.status).toBe(503);
      expect(organizations.body).toEqual({ success: false, message: BUSY });
    } finally {
      await app.close();
    }
  });
});
