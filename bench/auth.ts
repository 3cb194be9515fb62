import autocannon from 'autocannon';
import { createLogger } from '../server/logger';
import { startServer } from '../server/start';

// Request logs would measure the terminal, not the server.
const logger = createLogger({ level: 'silent' });
import type { BenchResult } from './run';

const BODY = JSON.stringify({ email: 'admin@demo.example', password: 'demo-Console-2026' });

async function run(url: string, opts: Partial<autocannon.Options>): Promise<autocannon.Result> {
  return autocannon({ url, connections: 4, duration: 10, ...opts });
}

/** Login (scrypt N=2^17 by design: slow per request) and verify throughput and p99 on loopback. */
export async function measureAuthThroughput(): Promise<BenchResult[]> {
  const server = await startServer({ port: 0, logger });
  try {
    const login = await fetch(`${server.url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: BODY,
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const logins = await run(`${server.url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: BODY,
      connections: 2,
    });
    const verifies = await run(`${server.url}/auth/verify`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    const failed = (r: autocannon.Result) => `${r.non2xx + r.errors} failed of ${r.requests.total}`;
    return [
      { name: 'login throughput', value: logins.requests.average, unit: 'req/s', detail: failed(logins) },
      { name: 'login p99', value: logins.latency.p99, unit: 'ms' },
      {
        name: 'verify throughput',
        value: verifies.requests.average,
        unit: 'req/s',
        detail: failed(verifies),
      },
      { name: 'verify p99', value: verifies.latency.p99, unit: 'ms' },
    ];
  } finally {
    await server.close();
  }
}
