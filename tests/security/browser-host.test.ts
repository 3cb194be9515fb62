import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../main/core/security/csp';
import { createMemoryLogger } from '../../main/core/logger';
import { startBrowserHost, type BrowserHost } from '../../main/browser/host';
import { readConfig } from '../../main/core/config';
import { makeTempDir } from '../unit/main/temp-dir';
import { send } from '../integration/main/http-request';

let temp: ReturnType<typeof makeTempDir>;
let host: BrowserHost;
let cookie: string;
let origin: string;
const logger = createMemoryLogger();

beforeAll(async () => {
  temp = makeTempDir('console-host-');
  const renderer = path.join(temp.dir, 'renderer');
  mkdirSync(path.join(renderer, 'assets'), { recursive: true });
  writeFileSync(
    path.join(renderer, 'index.html'),
    '<!doctype html><html><head><meta charset="utf-8"><script type="module" src="/assets/app.js"></script></head><body></body></html>',
  );
  writeFileSync(path.join(renderer, 'assets', 'app.js'), 'console.log("app")');
  writeFileSync(path.join(temp.dir, 'secret.txt'), 'outside the renderer');
  writeFileSync(path.join(temp.dir, 'bridge.js'), '/* bridge */');
  // Stand-ins for the build's precompressed copies (scripts/build.mjs): told apart by their text.
  writeFileSync(path.join(renderer, 'assets', 'app.js.br'), 'brotli copy of app.js');
  writeFileSync(path.join(renderer, 'assets', 'app.js.gz'), 'gzip copy of app.js');
  writeFileSync(path.join(renderer, 'assets', 'other.js'), 'console.log("other")');
  writeFileSync(path.join(renderer, 'assets', 'other.js.gz'), 'gzip copy of other.js');
  writeFileSync(path.join(temp.dir, 'bridge.js.br'), 'brotli copy of bridge.js');
  host = await startBrowserHost({
    dataDir: path.join(temp.dir, 'data'),
    port: 0,
    // A gateway nobody answers: these tests are about the gate, not the calls behind it.
    config: readConfig({ CONSOLE_GATEWAY_URL: 'http://127.0.0.1:9' }),
    rendererDir: renderer,
    bridgeScript: path.join(temp.dir, 'bridge.js'),
    logger,
    timeoutMs: 500,
  });
  origin = host.origin;
  const opened = await send(host.port, 'GET', new URL(host.url).pathname + new URL(host.url).search);
  cookie = String(opened.headers['set-cookie']).split(';')[0] ?? '';
});
afterAll(async () => {
  await host?.close();
  temp?.remove();
});

const json = { 'Content-Type': 'application/json' };
const call = (channel: string, headers: Record<string, string>, body = '{}') =>
  send(host.port, 'POST', `/bridge/${channel}`, { ...json, ...headers }, body);

describe('browser host: launch key and cookie', () => {
  it('prints an address on 127.0.0.1 with a long per-launch key', () => {
    expect(host.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?key=[A-Za-z0-9_-]{32}$/);
  });

  it('trades the right key for an HttpOnly SameSite=Strict cookie and drops the key from the address', async () => {
    const answer = await send(host.port, 'GET', new URL(host.url).pathname + new URL(host.url).search);
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe('/');
    const setCookie = String(answer.headers['set-cookie']);
    expect(setCookie).toMatch(/^console_bridge=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Strict$/);
    expect(setCookie).not.toContain(new URL(host.url).searchParams.get('key') ?? '');
  });

  it('refuses a wrong key without a cookie', async () => {
    const answer = await send(host.port, 'GET', '/?key=guessed');
    expect(answer.status).toBe(403);
    expect(answer.headers['set-cookie']).toBeUndefined();
  });

  it('serves the app only with the cookie, with /bridge.js first in <head>', async () => {
    expect((await send(host.port, 'GET', '/')).status).toBe(403);
    const page = await send(host.port, 'GET', '/', { Cookie: cookie });
    expect(page.status).toBe(200);
    expect(page.body.indexOf('<script defer src="/bridge.js"></script>')).toBeGreaterThan(0);
    expect(page.body.indexOf('<script defer src="/bridge.js"></script>')).toBeLessThan(
      page.body.indexOf('/assets/app.js'),
    );
  });
});

describe('browser host: bridge calls', () => {
  it('answers with the cookie and our origin', async () => {
    const answer = await call('app:info', { Cookie: cookie, Origin: origin });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({
      ok: true,
      value: { host: 'browser', embeddedServer: false },
    });
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('refuses calls without the cookie, or with a wrong one: 403 FORBIDDEN_SENDER', async () => {
    for (const headers of <Record<string, string>[]>[
      { Origin: origin },
      { Origin: origin, Cookie: 'console_bridge=forged' },
      { Origin: origin, Cookie: `${cookie}x` },
    ]) {
      const answer = await call('auth:session', headers);
      expect(answer.status).toBe(403);
      expect(JSON.parse(answer.body)).toMatchObject({ ok: false, error: { code: 'FORBIDDEN_SENDER' } });
    }
  });

  it('refuses a foreign or missing Origin even with the cookie', async () => {
    for (const headers of <Record<string, string>[]>[
      { Cookie: cookie },
      { Cookie: cookie, Origin: 'https://evil.example' },
      { Cookie: cookie, Origin: 'null' },
      { Cookie: cookie, Origin: `http://127.0.0.1:${host.port + 1}` },
    ]) {
      const answer = await call('app:info', headers);
      expect(answer.status).toBe(403);
      expect(JSON.parse(answer.body)).toMatchObject({ ok: false, error: { code: 'FORBIDDEN_SENDER' } });
    }
  });

  it('refuses a foreign Host header (DNS rebinding), even with cookie and origin', async () => {
    for (const hostHeader of [
      'evil.example',
      `evil.example:${host.port}`,
      `127.0.0.1:${host.port + 1}`,
      `127.0.0.1.nip.io:${host.port}`,
    ]) {
      const answer = await call('app:info', { Host: hostHeader, Cookie: cookie, Origin: origin });
      expect(answer.status, hostHeader).toBe(421);
      expect(JSON.parse(answer.body)).toMatchObject({ ok: false, error: { code: 'FORBIDDEN_SENDER' } });
    }
    expect((await send(host.port, 'GET', '/', { Host: 'evil.example', Cookie: cookie })).status).toBe(421);
    expect(
      (
        await call('app:info', {
          Host: `localhost:${host.port}`,
          Cookie: cookie,
          Origin: `http://localhost:${host.port}`,
        })
      ).status,
    ).toBe(200);
  });

  it('refuses bodies that are not JSON (no text/plain cross-site forms)', async () => {
    const answer = await send(
      host.port,
      'POST',
      '/bridge/auth:login',
      { 'Content-Type': 'text/plain', Cookie: cookie, Origin: origin },
      '{"input":{}}',
    );
    expect(answer.status).toBe(415);
    expect(JSON.parse(answer.body)).toMatchObject({ ok: false });
  });

  it('answers unknown channels and malformed input with the dispatcher codes', async () => {
    const unknown = await call('shell:exec', { Cookie: cookie, Origin: origin });
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.body)).toMatchObject({ error: { code: 'UNKNOWN_CHANNEL' } });
    const invalid = await call(
      'settings:setTheme',
      { Cookie: cookie, Origin: origin },
      '{"input":{"theme":"neon"}}',
    );
    expect(invalid.status).toBe(400);
    expect(JSON.parse(invalid.body)).toMatchObject({ error: { code: 'INVALID' } });
  });

  it('refuses the event stream without the cookie', async () => {
    const answer = await send(host.port, 'GET', '/bridge-events');
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.body)).toMatchObject({ ok: false, error: { code: 'FORBIDDEN_SENDER' } });
  });
});

describe('browser host: headers and files', () => {
  it('sets the strict CSP and nosniff on every answer', async () => {
    for (const answer of [
      await send(host.port, 'GET', '/'),
      await send(host.port, 'GET', '/assets/app.js'),
      await call('app:info', {}),
    ]) {
      expect(answer.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('serves only files inside the renderer build', async () => {
    expect((await send(host.port, 'GET', '/assets/app.js')).status).toBe(200);
    for (const attempt of [
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/..%5csecret.txt',
      '/missing.js',
    ]) {
      const answer = await send(host.port, 'GET', attempt);
      expect(answer.body, attempt).not.toContain('outside the renderer');
      expect([403, 404], attempt).toContain(answer.status);
    }
  });

  it("serves a file's precompressed copy the request accepts, brotli first, with Vary", async () => {
    const get = (file: string, acceptEncoding?: string) =>
      send(host.port, 'GET', file, acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding });
    const cases: [string, string | undefined, string, string | undefined][] = [
      ['/assets/app.js', 'gzip, deflate, br', 'brotli copy of app.js', 'br'],
      ['/assets/app.js', 'gzip', 'gzip copy of app.js', 'gzip'],
      ['/assets/app.js', 'br;q=0, gzip', 'gzip copy of app.js', 'gzip'],
      ['/assets/app.js', undefined, 'console.log("app")', undefined],
      ['/assets/app.js', 'identity', 'console.log("app")', undefined],
      // No brotli copy of this one: the gzip copy, the next the request takes.
      ['/assets/other.js', 'br, gzip', 'gzip copy of other.js', 'gzip'],
      ['/bridge.js', 'br, gzip', 'brotli copy of bridge.js', 'br'],
      ['/bridge.js', 'gzip', '/* bridge */', undefined],
    ];
    for (const [file, accept, body, encoding] of cases) {
      const answer = await get(file, accept);
      expect(answer.status, `${file} ${accept}`).toBe(200);
      expect(answer.body, `${file} ${accept}`).toBe(body);
      expect(answer.headers['content-encoding'], `${file} ${accept}`).toBe(encoding);
      expect(answer.headers.vary, `${file} ${accept}`).toBe('Accept-Encoding');
      expect(answer.headers['content-type'], `${file} ${accept}`).toBe('text/javascript; charset=utf-8');
    }
  });

  it('binds to loopback only', async () => {
    expect(new URL(host.origin).hostname).toBe('127.0.0.1');
    // Reachable on no other interface of this machine.
    const external = Object.values(networkInterfaces())
      .flat()
      .find((i) => i && i.family === 'IPv4' && !i.internal);
    if (!external) return;
    const refused = await new Promise<boolean>((resolve) => {
      const socket = connect({ host: external.address, port: host.port });
      socket.once('connect', () => (socket.destroy(), resolve(false)));
      socket.once('error', () => resolve(true));
    });
    expect(refused).toBe(true);
  });

  it('keeps its data directory private', () => {
    if (process.platform !== 'win32') {
      expect(statSync(path.join(temp.dir, 'data')).mode & 0o777).toBe(0o700);
      expect(statSync(path.join(temp.dir, 'data', 'token.key')).mode & 0o777).toBe(0o600);
    }
  });
});
