import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startupLines } from '../../../main/browser/banner';
import { defaultDataDir, portFromEnv } from '../../../main/browser/data-dir';
import { demoLines } from '../../../main/browser/demo';
import { formatEvent } from '../../../main/browser/event-stream';
import {
  bridgeCookieHeader,
  createLaunchSecrets,
  isAllowedHost,
  isAllowedOrigin,
  readCookie,
  secretsEqual,
} from '../../../main/browser/guard';
import {
  acceptedEncodings,
  contentTypeOf,
  injectBridgeScript,
  plainPage,
  resolveStaticFile,
} from '../../../main/browser/static-files';
import type { ConsoleCore } from '../../../main/core/console-core';
import { makeTempDir } from './temp-dir';

describe('launch secrets and checks', () => {
  it('makes different secrets each launch and compares them in constant time', () => {
    const a = createLaunchSecrets();
    const b = createLaunchSecrets();
    expect(a.key).not.toBe(b.key);
    expect(a.cookie).not.toBe(a.key);
    expect(secretsEqual(a.key, a.key)).toBe(true);
    expect(secretsEqual(b.key, a.key)).toBe(false);
    expect(secretsEqual('', a.key)).toBe(false);
    expect(secretsEqual(undefined, a.key)).toBe(false);
  });

  it('accepts only our Host and Origin', () => {
    expect(isAllowedHost('127.0.0.1:5180', 5180)).toBe(true);
    expect(isAllowedHost('LOCALHOST:5180', 5180)).toBe(true);
    for (const host of [
      undefined,
      '',
      '127.0.0.1',
      '127.0.0.1:5181',
      'evil.example:5180',
      '[::1]:5180',
      '127.0.0.1:5180.evil.example',
    ]) {
      expect(isAllowedHost(host, 5180), String(host)).toBe(false);
    }
    expect(isAllowedOrigin('http://127.0.0.1:5180', 5180)).toBe(true);
    expect(isAllowedOrigin('http://localhost:5180', 5180)).toBe(true);
    for (const origin of [
      undefined,
      'null',
      'https://127.0.0.1:5180',
      'http://127.0.0.1:5181',
      'http://evil.example',
    ]) {
      expect(isAllowedOrigin(origin, 5180), String(origin)).toBe(false);
    }
  });

  it('reads one cookie and writes the bridge cookie HttpOnly and SameSite=Strict', () => {
    expect(readCookie('a=1; console_bridge=xyz; b=2', 'console_bridge')).toBe('xyz');
    expect(readCookie('xconsole_bridge=1', 'console_bridge')).toBeUndefined();
    expect(readCookie(undefined, 'console_bridge')).toBeUndefined();
    expect(bridgeCookieHeader('console_bridge', 'v')).toBe(
      'console_bridge=v; Path=/; HttpOnly; SameSite=Strict',
    );
  });
});

describe('static files', () => {
  let temp: ReturnType<typeof makeTempDir>;
  beforeEach(() => {
    temp = makeTempDir();
    mkdirSync(path.join(temp.dir, 'root', 'assets'), { recursive: true });
    writeFileSync(path.join(temp.dir, 'root', 'assets', 'a.js'), '');
    writeFileSync(path.join(temp.dir, 'outside.txt'), '');
  });
  afterEach(() => temp.remove());

  it('resolves files inside the root only', async () => {
    const root = path.join(temp.dir, 'root');
    expect(await resolveStaticFile(root, '/assets/a.js')).toBe(path.join(root, 'assets', 'a.js'));
    expect(await resolveStaticFile(root, '/assets/%61.js')).toBe(path.join(root, 'assets', 'a.js'));
    for (const attempt of [
      '/../outside.txt',
      '/assets/../../outside.txt',
      '/%2e%2e/outside.txt',
      '/..%5coutside.txt',
      '/assets',
      '/a%00.js',
      '/%E0%A4%A',
    ]) {
      expect(await resolveStaticFile(root, attempt), attempt).toBeNull();
    }
  });

  it('reads which content codings a request accepts, a q=0 one refused', () => {
    expect([...acceptedEncodings('gzip, deflate, br, zstd')]).toEqual(['gzip', 'deflate', 'br', 'zstd']);
    expect([...acceptedEncodings('br;q=0, gzip;q=0.8')]).toEqual(['gzip']);
    expect([...acceptedEncodings(' GZIP ; q=1.0 ,identity')]).toEqual(['gzip', 'identity']);
    expect(acceptedEncodings(undefined).size).toBe(0);
    expect(acceptedEncodings('').size).toBe(0);
  });

  it('puts the bridge script first in <head>', () => {
    expect(
      injectBridgeScript('<html><head lang="x"><script type="module" src="/a.js"></script></head></html>'),
    ).toBe(
      '<html><head lang="x">\n    <script defer src="/bridge.js"></script><script type="module" src="/a.js"></script></head></html>',
    );
    expect(injectBridgeScript('<p>no head</p>')).toBe(
      '<script defer src="/bridge.js"></script>\n<p>no head</p>',
    );
  });

  it('knows the content types of a Vite build and escapes its own pages', () => {
    expect(contentTypeOf('x/index.html')).toBe('text/html; charset=utf-8');
    expect(contentTypeOf('a.JS')).toBe('text/javascript; charset=utf-8');
    expect(contentTypeOf('a.woff2')).toBe('font/woff2');
    expect(contentTypeOf('a.unknown')).toBe('application/octet-stream');
    expect(plainPage('<t>', 'a & "b"')).not.toMatch(/<t>|& "/);
  });
});

describe('host environment', () => {
  it('picks the data directory per platform, CONSOLE_DATA_DIR first', () => {
    expect(defaultDataDir({ CONSOLE_DATA_DIR: '/srv/console' }, 'linux', '/home/a')).toBe(
      path.resolve('/srv/console'),
    );
    expect(defaultDataDir({}, 'linux', '/home/a')).toBe(
      path.join('/home/a', '.local', 'share', 'ops-console'),
    );
    expect(defaultDataDir({ XDG_DATA_HOME: '/xdg' }, 'linux', '/home/a')).toBe(
      path.join('/xdg', 'ops-console'),
    );
    expect(defaultDataDir({}, 'darwin', '/Users/a')).toBe(
      path.join('/Users/a', 'Library', 'Application Support', 'ops-console'),
    );
    expect(defaultDataDir({ APPDATA: 'C:/Users/a/AppData/Roaming' }, 'win32', 'C:/Users/a')).toBe(
      path.join('C:/Users/a/AppData/Roaming', 'ops-console'),
    );
  });

  it('reads PORT (0 = any free port)', () => {
    expect(portFromEnv(undefined, 5180)).toBe(5180);
    expect(portFromEnv('0', 5180)).toBe(0);
    expect(portFromEnv('8080', 5180)).toBe(8080);
    expect(() => portFromEnv('http', 5180)).toThrow(/PORT/);
    expect(() => portFromEnv('70000', 5180)).toThrow(/PORT/);
  });
});

describe('what the browser host prints', () => {
  const host = (demo: boolean) => ({
    url: 'http://127.0.0.1:5180/?key=abc',
    core: { demo } as ConsoleCore,
  });

  it('the address line exactly, then the demo sign-ins when the demo server runs', () => {
    expect(startupLines(host(false))).toEqual(['Operations console: http://127.0.0.1:5180/?key=abc']);
    const lines = startupLines(host(true));
    expect(lines[0]).toBe('Operations console: http://127.0.0.1:5180/?key=abc');
    expect(/Operations console: (http:\/\/\S+)/.exec(lines.join('\n'))?.[1]).toBe(
      'http://127.0.0.1:5180/?key=abc',
    );
    expect(lines.slice(1)).toEqual(demoLines());
    const text = lines.join('\n');
    expect(text).toContain('demo-Console-2026');
    for (const who of ['admin', 'owner', 'director', 'teacher', 'parent', 'staff'])
      expect(text).toContain(`${who}@demo.example`);
    expect(text).toMatch(/teacher@demo\.example +Teacher \(no console access/);
    expect(text).not.toMatch(/admin@demo\.example +Super Admin \(/);
  });

  it('formats an SSE event on one data line', () => {
    expect(formatEvent({ event: 'settings:themeChanged', payload: { theme: 'dark' } })).toBe(
      'event: settings:themeChanged\ndata: {"theme":"dark"}\n\n',
    );
  });
});
