/** A webhook receiver on 127.0.0.1 for tests: records each request, answers what the test scripts. */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SinkRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export type SinkAnswer = (request: SinkRequest, response: ServerResponse) => void;

export interface WebhookSink {
  url: string;
  /** `http://127.0.0.1:port<path>` */
  at(path: string): string;
  received: SinkRequest[];
  /** How the next requests are answered (default 204), by path; '*' for any. */
  answer(path: string, how: SinkAnswer): void;
  close(): Promise<void>;
}

export const status =
  (code: number, headers: Record<string, string> = {}): SinkAnswer =>
  (_request, response) => {
    response.writeHead(code, headers);
    response.end();
  };

/** Never answers (the timeout path); the sink's close ends the connection. */
export const hang: SinkAnswer = () => undefined;

export async function startWebhookSink(): Promise<WebhookSink> {
  const received: SinkRequest[] = [];
  const answers = new Map<string, SinkAnswer>();
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const request = { path: req.url ?? '/', headers: req.headers, body };
      received.push(request);
      (answers.get(request.path) ?? answers.get('*') ?? status(204))(request, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    at: (path) => `${url}${path}`,
    received,
    answer: (path, how) => answers.set(path, how),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
