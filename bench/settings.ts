import autocannon from 'autocannon';
import type { SettingsDocument } from '../shared/api/settings';
import { createLogger } from '../server/logger';
import { startServer } from '../server/start';
import type { BenchResult } from './run';

const logger = createLogger({ level: 'silent' });
const ROUNDS = 2;

/**
 * The rate limiter's cost on `POST /auth/verify` (target < 5 %): verify throughput with limiting off
 * and on (a maximum no run reaches), alternated to spread the machine's noise over both.
 */
export async function measureRateLimitOverhead(): Promise<BenchResult[]> {
  const server = await startServer({ port: 0, logger });
  try {
    const login = await fetch(`${server.url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.example', password: 'demo-Console-2026' }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const auth = { authorization: `Bearer ${token}` };
    const limiting = async (rateLimitEnabled: boolean) => {
      const doc = (
        (await (await fetch(`${server.url}/settings`, { headers: auth })).json()) as {
          data: SettingsDocument;
        }
      ).data;
      const performance = { ...doc.settings.performance, rateLimitEnabled, maxRequestsPerMinute: 100_000 };
      const saved = await fetch(`${server.url}/settings`, {
        method: 'PUT',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ settings: { ...doc.settings, performance }, version: doc.version }),
      });
      if (!saved.ok) throw new Error(`saving the settings failed: ${await saved.text()}`);
    };
    const verify = () =>
      autocannon({
        url: `${server.url}/auth/verify`,
        method: 'POST',
        headers: auth,
        connections: 4,
        duration: 6,
      });

    const off: number[] = [];
    const on: number[] = [];
    let failures = 0;
    for (let round = 0; round < ROUNDS; round++) {
      await limiting(false);
      const a = await verify();
      await limiting(true);
      const b = await verify();
      off.push(a.requests.average);
      on.push(b.requests.average);
      failures += a.non2xx + a.errors + b.non2xx + b.errors;
    }
    const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
    const overhead = ((mean(off) - mean(on)) / mean(off)) * 100;
    return [
      { name: 'verify throughput, rate limit off', value: mean(off), unit: 'req/s' },
      {
        name: 'verify throughput, rate limit on',
        value: mean(on),
        unit: 'req/s',
        detail: `${failures} failed`,
      },
      { name: 'rate limiter overhead on verify', value: overhead, unit: '%', target: { max: 5 } },
    ];
  } finally {
    await server.close();
  }
}
