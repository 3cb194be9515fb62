import { cpSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_RESET_PATH } from '../../../shared/constants';
import { ERRORS } from '../../../shared/errors';
import { startBrowserHost, type BrowserHost } from '../../../main/browser/host';
import { readConfig } from '../../../main/core/config';
import { createMemoryLogger } from '../../../main/core/logger';
import { makeTempDir } from '../../unit/main/temp-dir';
import { openStream, send, until } from './http-request';
import { DEMO_PASSWORD, startQuietServer } from './real-server';

// The whole browser host in-process, with the real embedded server on PGlite in its data directory.
let temp: ReturnType<typeof makeTempDir>;
const logger = createMemoryLogger();

async function start(): Promise<{ host: BrowserHost; headers: Record<string, string> }> {
  const host = await startBrowserHost({
    dataDir: path.join(temp.dir, 'data'),
    port: 0,
    config: readConfig({}),
    startServer: startQuietServer,
    rendererDir: path.join(temp.dir, 'no-renderer'),
    logger,
  });
  const key = new URL(host.url);
  const opened = await send(host.port, 'GET', key.pathname + key.search);
  const cookie = String(opened.headers['set-cookie']).split(';')[0] ?? '';
  return { host, headers: { Cookie: cookie, Origin: host.origin, 'Content-Type': 'application/json' } };
}

async function call(
  running: { host: BrowserHost; headers: Record<string, string> },
  channel: string,
  input?: unknown,
) {
  const answer = await send(
    running.host.port,
    'POST',
    `/bridge/${channel}`,
    running.headers,
    JSON.stringify(input === undefined ? {} : { input }),
  );
  return { status: answer.status, result: JSON.parse(answer.body) as unknown };
}

beforeAll(() => {
  temp = makeTempDir('console-browser-host-');
});
afterAll(() => temp.remove());

describe('browser host with the embedded demo server', () => {
  let first: Awaited<ReturnType<typeof start>>;
  let signedInToken = '';

  beforeAll(async () => {
    first = await start();
  }, 120_000);
  afterAll(async () => first?.host.close());

  it('describes itself: embedded demo server, both clients on it', async () => {
    const { result } = await call(first, 'app:info');
    expect(result).toMatchObject({ ok: true, value: { host: 'browser', embeddedServer: true, demo: true } });
    expect((await first.host.core.appInfo()).gatewayUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('signs in over the HTTP bridge; the token never reaches the page and is stored encrypted', async () => {
    const wrong = await call(first, 'auth:login', { email: 'admin@demo.example', password: 'nope' });
    expect(wrong).toEqual({
      status: 200,
      result: { ok: false, error: { code: 'FAILED', message: 'Invalid email or password' } },
    });
    const login = await call(first, 'auth:login', { email: 'admin@demo.example', password: DEMO_PASSWORD });
    expect(login.result).toMatchObject({
      ok: true,
      value: { status: 'signedIn', user: { email: 'admin@demo.example', role: 'super_admin' } },
    });
    const token = first.host.core.store.getToken() ?? '';
    expect(token.length).toBeGreaterThan(20);
    signedInToken = token;
    expect(JSON.stringify(login.result)).not.toContain(token);
    expect(readFileSync(path.join(temp.dir, 'data', 'config.json'), 'utf8')).not.toContain(token);
    expect(logger.lines.join('\n')).not.toContain(token);
  });

  it("serves forwarded channels: a server's refusal is delivered (200) with its code and status", async () => {
    // Signed in by the test above.
    const roles = await call(first, 'roles.listRoles');
    expect(roles).toMatchObject({ status: 200, result: { ok: true } });
    expect(await call(first, 'roles.deleteRole', { params: { id: 'teacher' } })).toEqual({
      status: 200,
      result: { ok: false, error: { code: 'INVALID', message: ERRORS.systemRoleImmutable, status: 400 } },
    });
    // The bridge's own refusal of the input is the request's fault: 400, and no server status.
    const refused = await call(first, 'roles.deleteRole', { params: {} });
    expect(refused.status).toBe(400);
    expect(refused.result).toEqual({
      ok: false,
      error: { code: 'INVALID', message: expect.stringMatching(/^Invalid input: params\.id/) },
    });
  });

  it('refuses a foreign Host with 421 before anything else (DNS rebinding), with or without the cookie', async () => {
    for (const headers of [{}, first.headers]) {
      for (const [method, where] of [
        ['GET', '/'],
        ['POST', '/bridge/auth:session'],
        ['GET', '/bridge-events'],
      ] as const) {
        const answer = await send(
          first.host.port,
          method,
          where,
          { ...headers, Host: `attacker.example:${first.host.port}` },
          method === 'POST' ? '{}' : undefined,
        );
        expect(answer.status, `${method} ${where}`).toBe(421);
        expect(JSON.parse(answer.body)).toEqual({
          ok: false,
          error: { code: 'FORBIDDEN_SENDER', message: 'Unknown host' },
        });
      }
    }
    expect((await send(first.host.port, 'GET', '/', { Host: `localhost:${first.host.port}` })).status).toBe(
      403,
    );
  });

  it('its embedded server answers only this main process: a request without the launch secret is refused', async () => {
    const server = await first.host.core.currentServer();
    const port = Number(new URL(server?.url ?? '').port);
    const body = JSON.stringify({ email: 'admin@demo.example', password: DEMO_PASSWORD });
    const json = { 'Content-Type': 'application/json' };
    for (const headers of [json, { ...json, 'X-Console-Launch-Secret': 'a-guess' }]) {
      const refused = await send(port, 'POST', '/auth/login', headers, body);
      expect(refused.status).toBe(401);
      // Client B's envelope: {success, data, error}.
      expect(JSON.parse(refused.body)).toMatchObject({
        success: false,
        error: 'This server answers only the console that started it',
      });
    }
    expect((await send(port, 'GET', '/openapi.json')).status).toBe(401);
    // Main's own calls carry it: the same sign-in through the bridge works.
    const login = await call(first, 'auth:login', { email: 'admin@demo.example', password: DEMO_PASSWORD });
    expect(login.result).toMatchObject({ ok: true, value: { status: 'signedIn' } });
  });

  it('pushes events over SSE', async () => {
    const stream = await openStream(first.host.port, '/bridge-events', {
      Cookie: first.headers.Cookie ?? '',
    });
    expect(stream.status).toBe(200);
    await until(() => stream.text().startsWith('retry:'));
    await call(first, 'settings:setTheme', { theme: 'light' });
    await until(() => stream.text().includes('event: settings:themeChanged\ndata: {"theme":"light"}\n\n'));
    stream.close();
  });

  it('keeps the session across a restart on the same data directory (new key, same token)', async () => {
    const stream = await openStream(first.host.port, '/bridge-events', {
      Cookie: first.headers.Cookie ?? '',
    });
    await first.host.close(); // also ends open event streams
    const second = await start();
    try {
      expect(second.host.url).not.toBe(first.host.url);
      // The old cookie is worthless to the new launch.
      expect(
        (
          await send(
            second.host.port,
            'POST',
            '/bridge/auth:session',
            { ...second.headers, Cookie: first.headers.Cookie ?? '' },
            '{}',
          )
        ).status,
      ).toBe(403);
      const session = await call(second, 'auth:session');
      expect(session.result).toMatchObject({
        ok: true,
        value: { status: 'authenticated', user: { email: 'admin@demo.example' } },
      });
      expect((await call(second, 'settings:theme')).result).toEqual({ ok: true, value: 'light' });
      expect((await call(second, 'auth:logout')).result).toEqual({ ok: true, value: null });
      expect((await call(second, 'auth:session')).result).toEqual({
        ok: true,
        value: { status: 'unauthenticated' },
      });
    } finally {
      stream.close();
      await second.host.close();
    }
  }, 120_000);

  it("writes its log in <dataDir>/logs: every run, the page's errors, never the token", async () => {
    const third = await start();
    try {
      const forwarded = await call(third, 'log:error', { source: 'window', message: 'ReferenceError: x' });
      expect(forwarded.result).toEqual({ ok: true, value: { logged: true } });
      expect((await call(third, 'app:info')).result).toMatchObject({
        ok: true,
        value: { dataDir: path.join(temp.dir, 'data'), logDir: path.join(temp.dir, 'data', 'logs') },
      });
    } finally {
      await third.host.close();
    }
    const logDir = path.join(temp.dir, 'data', 'logs');
    const files = readdirSync(logDir).filter((name) => /^main\.\d{4}-\d{2}-\d{2}\.\d+\.log$/.test(name));
    expect(files.length).toBeGreaterThan(0);
    const text = files.map((name) => readFileSync(path.join(logDir, name), 'utf8')).join('');
    expect(text.match(/Browser host listening on/g)).toHaveLength(3);
    expect(text).toContain('Signed in as admin@demo.example');
    expect(text).toContain('Renderer error (window): ReferenceError: x');
    expect(signedInToken.length).toBeGreaterThan(20);
    expect(text).not.toContain(signedInToken);
  }, 120_000);
});

describe("a test build's reset (CONSOLE_TEST_RESET_FROM)", () => {
  const open = async (dir: string, resetFrom?: string) => {
    const host = await startBrowserHost({
      dataDir: dir,
      port: 0,
      config: readConfig({}),
      startServer: startQuietServer,
      rendererDir: path.join(temp.dir, 'no-renderer'),
      logger,
      ...(resetFrom ? { resetFrom } : {}),
    });
    const key = new URL(host.url);
    const opened = await send(host.port, 'GET', key.pathname + key.search);
    const cookie = String(opened.headers['set-cookie']).split(';')[0] ?? '';
    const running = {
      host,
      headers: { Cookie: cookie, Origin: host.origin, 'Content-Type': 'application/json' },
    };
    return { ...running, key: key.searchParams.get('key') ?? '' };
  };
  const reset = (running: { host: BrowserHost }, key: string) =>
    send(running.host.port, 'POST', `${TEST_RESET_PATH}?key=${encodeURIComponent(key)}`);

  it("puts the folder back under the running host: signed out, the theme and the server's data as they were", async () => {
    // The folder to put back: a console after its first start, stopped.
    const pristine = path.join(temp.dir, 'pristine');
    await (await open(pristine)).host.close();
    const dir = path.join(temp.dir, 'reused');
    cpSync(pristine, dir, { recursive: true });
    const running = await open(dir, pristine);
    try {
      const theme = (await call(running, 'settings:theme')).result;
      expect(theme).not.toEqual({ ok: true, value: 'dark' });
      await call(running, 'auth:login', { email: 'admin@demo.example', password: DEMO_PASSWORD });
      await call(running, 'settings:setTheme', { theme: 'dark' });
      const made = await call(running, 'roles.createRole', {
        body: { name: 'Made before the reset', description: 'gone after it', permissions: [] },
      });
      expect(made.result).toMatchObject({ ok: true });

      // Only with the launch key: the page's cookie is not enough, and nothing changes.
      const refused = await send(running.host.port, 'POST', TEST_RESET_PATH, {
        Cookie: running.headers.Cookie,
        Origin: running.host.origin,
      });
      expect(refused.status).toBe(403);
      expect((await reset(running, 'not-the-key')).status).toBe(403);
      expect((await call(running, 'settings:theme')).result).toEqual({ ok: true, value: 'dark' });

      const answer = await reset(running, running.key);
      expect(answer.status).toBe(200);
      // The same address and cookie open it; what the test did is gone.
      expect((await call(running, 'auth:session')).result).toEqual({
        ok: true,
        value: { status: 'unauthenticated' },
      });
      expect((await call(running, 'settings:theme')).result).toEqual(theme);
      await call(running, 'auth:login', { email: 'admin@demo.example', password: DEMO_PASSWORD });
      const roles = (await call(running, 'roles.listRoles')).result as { value: { name: string }[] };
      expect(roles.value.map((r) => r.name)).not.toContain('Made before the reset');
      // Its log goes on in the same files.
      expect(readdirSync(path.join(dir, 'logs')).length).toBeGreaterThan(0);
    } finally {
      await running.host.close();
    }
  }, 180_000);

  it('is not there without the switch', async () => {
    const running = await open(path.join(temp.dir, 'no-switch'));
    try {
      expect((await reset(running, running.key)).status).toBe(404);
    } finally {
      await running.host.close();
    }
  }, 120_000);
});
