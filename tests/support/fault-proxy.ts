/**
 * A TCP proxy that a test puts between the server and PostgreSQL to play network faults (issue 27; no
 * fault proxy such as toxiproxy is packaged here):
 * - `forward()`: bytes flow both ways (the start, and the recovery);
 * - `freeze()`: nothing flows, but every socket stays open and new connections are accepted and held: a
 *   frozen database process or a network partition, which no socket error ever reports;
 * - `cut()`: every connection is reset (RST) and new ones too: a stopped database or a dropped link.
 */
import net from 'node:net';

export type FaultMode = 'forward' | 'freeze' | 'cut';

export interface FaultProxy {
  /** The port to connect to instead of the upstream's. */
  port: number;
  /** `url` with its host and port replaced by the proxy's. */
  urlFor(url: string): string;
  readonly mode: FaultMode;
  /** Connections currently open through the proxy. */
  readonly connections: number;
  forward(): void;
  freeze(): void;
  cut(): void;
  close(): Promise<void>;
}

interface Pair {
  client: net.Socket;
  upstream?: net.Socket;
  flowing: boolean;
}

export async function startFaultProxy(upstream: { host: string; port: number }): Promise<FaultProxy> {
  let mode: FaultMode = 'forward';
  const pairs = new Set<Pair>();

  const destroy = (pair: Pair) => {
    if (!pairs.delete(pair)) return;
    pair.client.resetAndDestroy();
    pair.upstream?.resetAndDestroy();
  };

  const flow = (pair: Pair) => {
    if (pair.flowing) return;
    if (!pair.upstream) {
      const socket = net.connect(upstream);
      pair.upstream = socket;
      socket.on('error', () => destroy(pair));
      socket.on('close', () => destroy(pair));
    }
    pair.flowing = true;
    pair.client.pipe(pair.upstream);
    pair.upstream.pipe(pair.client);
  };

  const hold = (pair: Pair) => {
    if (!pair.flowing || !pair.upstream) return;
    pair.flowing = false;
    // Unpiped and paused, what arrives stays in the kernel's buffers: delivered on `forward()`, lost on `cut()`.
    pair.client.unpipe(pair.upstream);
    pair.upstream.unpipe(pair.client);
    pair.client.pause();
    pair.upstream.pause();
  };

  const server = net.createServer((client) => {
    if (mode === 'cut') {
      client.resetAndDestroy();
      return;
    }
    const pair: Pair = { client, flowing: false };
    pairs.add(pair);
    client.on('error', () => destroy(pair));
    client.on('close', () => destroy(pair));
    if (mode === 'forward') flow(pair);
    else client.pause();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;

  return {
    port,
    urlFor(url) {
      const proxied = new URL(url);
      proxied.hostname = '127.0.0.1';
      proxied.port = String(port);
      return proxied.toString();
    },
    get mode() {
      return mode;
    },
    get connections() {
      return pairs.size;
    },
    forward() {
      mode = 'forward';
      for (const pair of pairs) flow(pair);
    },
    freeze() {
      mode = 'freeze';
      for (const pair of pairs) hold(pair);
    },
    cut() {
      mode = 'cut';
      for (const pair of [...pairs]) destroy(pair);
    },
    async close() {
      for (const pair of [...pairs]) destroy(pair);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The host and port of a postgres:// URL, for `startFaultProxy`. */
export function upstreamOf(url: string): { host: string; port: number } {
  const parsed = new URL(url);
  return { host: parsed.hostname, port: Number(parsed.port || 5432) };
}
