import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserHost, type BrowserHost } from '../../../main/browser/host';
import { readConfig } from '../../../main/core/config';
import { createMemoryLogger } from '../../../main/core/logger';
import { makeTempDir } from '../../unit/main/temp-dir';
import { send } from './http-request';
import { DEMO_PASSWORD, startQuietServer } from './real-server';

/**
 * Saving in the browser host: 'export:save' answers a one-time same-origin download; /downloads/<id> is
 * behind the console's cookie, serves the file as an attachment once, and an export's file is streamed
 * from the server when the page opens it.
 */
let temp: ReturnType<typeof makeTempDir>;
let host: BrowserHost;
let headers: Record<string, string>;

async function call<T>(channel: string, input?: unknown): Promise<T> {
  const answer = await send(
    host.port,
    'POST',
    `/bridge/${channel}`,
    headers,
    JSON.stringify(input === undefined ? {} : { input }),
  );
  const result = JSON.parse(answer.body) as { ok: boolean; value: T; error?: { message: string } };
  if (!result.ok) throw new Error(`${channel}: ${result.error?.message}`);
  return result.value;
}

beforeAll(async () => {
  temp = makeTempDir('console-downloads-');
  host = await startBrowserHost({
    dataDir: path.join(temp.dir, 'data'),
    port: 0,
    config: readConfig({}),
    startServer: startQuietServer,
    rendererDir: path.join(temp.dir, 'no-renderer'),
    logger: createMemoryLogger(),
  });
  const key = new URL(host.url);
  const opened = await send(host.port, 'GET', key.pathname + key.search);
  const cookie = String(opened.headers['set-cookie']).split(';')[0] ?? '';
  headers = { Cookie: cookie, Origin: host.origin, 'Content-Type': 'application/json' };
  await call('auth:login', { email: 'admin@demo.example', password: DEMO_PASSWORD });
}, 120_000);
afterAll(async () => {
  await host?.close();
  temp?.remove();
});

describe('browser host downloads', () => {
  it('console text: a one-time attachment behind the cookie', async () => {
    const outcome = await call<{ status: string; url: string; fileName: string }>('export:save', {
      content: 'a,b\r\n=1,2\r\n',
      fileName: 'audit-logs.csv',
    });
    expect(outcome).toMatchObject({ status: 'download', fileName: 'audit-logs.csv' });
    expect(outcome.url).toMatch(/^\/downloads\/[\w-]{32}$/);

    const anonymous = await send(host.port, 'GET', outcome.url);
    expect(anonymous.status).toBe(403);
    const file = await send(host.port, 'GET', outcome.url, { Cookie: headers.Cookie! });
    expect(file.status).toBe(200);
    expect(file.headers['content-disposition']).toBe('attachment; filename="audit-logs.csv"');
    expect(file.body).toBe('a,b\r\n=1,2\r\n');
    const again = await send(host.port, 'GET', outcome.url, { Cookie: headers.Cookie! });
    expect(again.status).toBe(404);
  });

  it("a server export streams through as '{type}-export.{format}'", async () => {
    const job = await call<{ id: string; rowCount: number }>('exports.createExport', {
      body: { type: 'alerts', format: 'json' },
    });
    const outcome = await call<{ url: string }>('export:save', { downloadId: job.id });
    const file = await send(host.port, 'GET', outcome.url, { Cookie: headers.Cookie! });
    expect(file.status).toBe(200);
    expect(file.headers['content-disposition']).toBe('attachment; filename="alerts-export.json"');
    expect(JSON.parse(file.body)).toHaveLength(job.rowCount);
  });
});
