import { request, type IncomingMessage } from 'node:http';

export interface Answer {
  status: number;
  headers: IncomingMessage['headers'];
  body: string;
}

/** node:http, so the Host and Origin headers are exactly what the test says (fetch would pick its own). */
export function send(
  port: number,
  method: string,
  urlPath: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, method, path: urlPath, headers: { Host: `127.0.0.1:${port}`, ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString(),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Opens an SSE stream and collects its text; `close` ends it. */
export function openStream(
  port: number,
  urlPath: string,
  headers: Record<string, string>,
): Promise<{ status: number; text: () => string; close: () => void }> {
  return new Promise((resolve, reject) => {
    let text = '';
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: urlPath,
        headers: { Host: `127.0.0.1:${port}`, Accept: 'text/event-stream', ...headers },
      },
      (res) => {
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('error', () => {});
        resolve({ status: res.statusCode ?? 0, text: () => text, close: () => req.destroy() });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** Waits until `check` holds, polling. */
export async function until(check: () => boolean, timeoutMs = 5_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
