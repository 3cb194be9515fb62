import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export type FakeRoute = (request: SeenRequest, response: ServerResponse) => void;

/**
 * A plain node:http server on loopback for the cases a well-behaved server never produces: proxy
 * error pages, `success: false` with a 200, silence until the timeout.
 */
export async function startFakeServer(
  routes: Record<string, FakeRoute>,
): Promise<{ url: string; requests: SeenRequest[]; close: () => Promise<void> }> {
  const requests: SeenRequest[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const seen = {
        method: req.method ?? 'GET',
        url: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(chunks),
      };
      requests.push(seen);
      const route = routes[`${seen.method} ${seen.url.split('?')[0]}`];
      if (route) route(seen, res);
      else json(res, 404, { success: false, error: 'No such route' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function json(response: ServerResponse, status: number, body: unknown, statusText?: string): void {
  response.writeHead(status, statusText ?? '', { 'Content-Type': 'application/json' });
  response.end(JSON.stringify(body));
}

/** A port nothing listens on: bound, then released. */
export async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

/** The session store as the clients see it, in memory, with a record of clears. */
export function fakeTokens(token: string | null = null, organizationId: string | null = null) {
  const state = { token, organizationId, clears: 0 };
  return {
    state,
    getToken: () => state.token,
    clearToken: () => {
      state.token = null;
      state.clears += 1;
    },
    getOrganizationId: () => state.organizationId,
  };
}
