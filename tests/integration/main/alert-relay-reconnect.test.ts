/**
 * Issue 27 item 7: no alert is lost on reconnect. The main process's relay against the real server on
 * loopback (PGlite in a data folder, and PostgreSQL), through a TCP proxy of our own that records what
 * the server sent on each connection and can cut, refuse or silence connections. Alerts raised during a
 * network blip, a silent (half-open) connection and a server restart all reach the console, each
 * exactly once on the wire and as a live alert (notified).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSseParser, type SseEvent } from '../../../shared/sse';
import { createAlertFeed } from '../../../main/core/alerts/feed';
import { createAlertRelay, type AlertRelay } from '../../../main/core/alerts/relay';
import { createBridgeEventBus } from '../../../main/core/bridge/events';
import { createMemoryLogger } from '../../../main/core/logger';
import { memoryKeyValue } from '../../../main/core/store';
import { insertAlert } from '../../../server/alerts/store';
import { openDatabase, type Database } from '../../../server/db/client';
import { createLogger } from '../../../server/logger';
import { startServer, type RunningServer, type StartServerOptions } from '../../../server/start';
import { createPostgresDatabase } from '../../support/databases';
import { insertUser } from '../../support/server';
import { DEMO_PASSWORD } from './real-server';
import { fakeTokens } from './fake-server';

/** The server's heartbeat and the relay's patience, short so that a silent connection is noticed fast. */
const HEARTBEAT_MS = 100;
const IDLE_TIMEOUT_MS = 1_000;

interface Engine {
  name: string;
  /** Server options for the same data at every start, and a way to reach that data while it is down. */
  prepare(): Promise<{
    options: StartServerOptions;
    openOffline(): Promise<Database>;
    remove(): Promise<void>;
  }>;
}

const engines: Engine[] = [
  {
    name: 'pglite',
    async prepare() {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'console-relay-'));
      return {
        options: { dataDir, dataFolder: dataDir },
        openOffline: () => openDatabase({ dataDir }),
        remove: () => rm(dataDir, { recursive: true, force: true }),
      };
    },
  },
];
const postgresUrl = process.env.TEST_DATABASE_URL || undefined;
if (postgresUrl)
  engines.push({
    name: 'postgres',
    async prepare() {
      const created = await createPostgresDatabase(postgresUrl);
      const dataFolder = await mkdtemp(path.join(tmpdir(), 'console-relay-'));
      return {
        options: { databaseUrl: created.url, dataFolder },
        openOffline: () => openDatabase({ url: created.url }),
        remove: async () => {
          await created.drop();
          await rm(dataFolder, { recursive: true, force: true });
        },
      };
    },
  });

/** A TCP proxy in front of the server that keeps, per connection, the bytes the server sent. */
interface Proxy {
  url: string;
  /** How many connections it has passed on. */
  readonly count: number;
  /** The events the server sent, per connection, in order. */
  events(): SseEvent[][];
  /** Ends every open connection (a blip); `refuse` also resets new ones until `accept()`. */
  cut(options?: { refuse?: boolean }): void;
  accept(): void;
  /** Stops passing the server's bytes on the open connections, without closing them (half-open). */
  silence(): void;
  close(): Promise<void>;
}

async function startProxy(target: () => number): Promise<Proxy> {
  const sockets = new Set<Socket>();
  const silenced = new WeakSet<Socket>();
  const received: Buffer[][] = [];
  let refusing = false;
  const server: Server = createServer((client) => {
    if (refusing) return void client.destroy();
    const upstream = connect({ host: '127.0.0.1', port: target() });
    const bytes: Buffer[] = [];
    received.push(bytes);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => {
        sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    client.on('data', (chunk) => upstream.write(chunk));
    upstream.on('data', (chunk: Buffer) => {
      if (silenced.has(client)) return;
      bytes.push(chunk);
      client.write(chunk);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get count() {
      return received.length;
    },
    events: () => received.map((bytes) => sseEvents(Buffer.concat(bytes))),
    cut({ refuse = false } = {}) {
      refusing = refuse;
      for (const socket of sockets) socket.destroy();
    },
    accept() {
      refusing = false;
    },
    silence() {
      for (const socket of sockets) silenced.add(socket);
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** The SSE events of one HTTP/1.1 answer with chunked framing, as far as it arrived. */
function sseEvents(answer: Buffer): SseEvent[] {
  const events: SseEvent[] = [];
  const parse = createSseParser((event) => events.push(event));
  let at = answer.indexOf('\r\n\r\n');
  if (at === -1) return events;
  at += 4;
  const body: Buffer[] = [];
  for (;;) {
    const eol = answer.indexOf('\r\n', at);
    if (eol === -1) break;
    const size = parseInt(answer.subarray(at, eol).toString('latin1'), 16);
    if (!(size > 0) || eol + 2 + size > answer.length) break;
    body.push(answer.subarray(eol + 2, eol + 2 + size));
    at = eol + 2 + size + 2;
  }
  parse(Buffer.concat(body).toString('utf8'));
  return events;
}

describe.each(engines)('alert relay reconnecting on $name', (engine) => {
  let relay: AlertRelay | undefined;
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    relay?.stop();
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('gets every alert raised during a blip, a silent connection and a server restart, each once', async () => {
    const data = await engine.prepare();
    cleanups.push(data.remove);
    let port = 0;
    const start = async (): Promise<RunningServer> => {
      const server = await startServer({
        ...data.options,
        host: '127.0.0.1',
        port,
        seedDemo: false,
        config: { jwtSecret: 'test-secret-'.repeat(4), alertStream: { heartbeatMs: HEARTBEAT_MS } },
        logger: createLogger({ level: 'silent' }),
      });
      port = Number(new URL(server.url).port);
      return server;
    };
    let server: RunningServer | undefined = await start();
    cleanups.push(() => server?.close() ?? Promise.resolve());
    const proxy = await startProxy(() => port);
    cleanups.push(proxy.close);

    const user = await insertUser(server.database, 'super_admin');
    const login = await fetch(`${server.url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: DEMO_PASSWORD }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;

    const logger = createMemoryLogger();
    const notified: string[] = [];
    const feed = createAlertFeed({
      events: createBridgeEventBus(logger),
      notifier: { notify: (n) => notified.push(n.title) },
      tray: { setAlertCount: () => {} },
      kv: memoryKeyValue(),
      logger,
    });
    relay = createAlertRelay({
      baseUrl: proxy.url,
      tokens: fakeTokens(token),
      feed,
      logger,
      onUnauthorized: () => {},
      retryFirstMs: 50,
      idleTimeoutMs: IDLE_TIMEOUT_MS,
    });

    let n = 0;
    const raise = async (database: Database) => {
      n += 1;
      await insertAlert(
        database.db,
        {
          title: `Alert ${n}`,
          message: `Raised ${n}`,
          type: 'warning',
          priority: 'high',
          category: 'technical',
          metadata: {},
        },
        new Date(Date.UTC(2026, 10, 27, 12, 0, n)),
      );
    };
    const titles = (count: number) => Array.from({ length: count }, (_, i) => `Alert ${i + 1}`);
    /** The stream is open on the server (subscribed: what is raised now comes live). */
    const streaming = () =>
      vi.waitFor(() => expect(server?.app.alertStreams.count).toBe(1), { timeout: 20_000 });
    const received = (count: number) =>
      vi.waitFor(() => expect(notified).toEqual(titles(count)), { timeout: 20_000 });

    relay.sync();
    await streaming();
    await raise(server.database);
    await raise(server.database);
    await received(2);

    // A network blip: the connection is cut, and reconnecting fails for a while.
    proxy.cut({ refuse: true });
    await raise(server.database);
    await raise(server.database);
    await vi.waitFor(() => expect(logger.lines.join('\n')).toContain('retrying'));
    proxy.accept();
    await received(4);

    // A connection that goes silent without closing (half-open): the heartbeats stop, the relay gives up
    // on it and reconnects.
    await streaming();
    const before = proxy.count;
    proxy.silence();
    await raise(server.database);
    await received(5);
    expect(proxy.count).toBeGreaterThan(before);

    // A server restart: what is raised while it is down is stored, and replayed after Last-Event-ID.
    await server.close();
    server = undefined;
    const offline = await data.openOffline();
    await raise(offline);
    await raise(offline);
    await offline.close();
    server = await start();
    await received(7);
    await raise(server.database);
    await received(8);

    // On the wire: each alert once, every one as a live `alert` event, across all the connections.
    const sent = proxy.events().flat();
    const ids = sent.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(sent.map((e) => e.event)).toEqual(Array(8).fill('alert'));
    expect(feed.list().map((a) => a.title)).toEqual(titles(8).reverse());
    expect(proxy.count).toBeGreaterThanOrEqual(4);
    expect(logger.lines.join('\n')).toContain(`nothing arrived for ${IDLE_TIMEOUT_MS} ms`);
  }, 300_000);
});
