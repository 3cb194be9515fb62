import { performance } from 'node:perf_hooks';
import type { Database } from '../server/db/client';
import { migrateDatabase } from '../server/db/migrate';
import { TOTP_PERIOD_SECONDS } from '../shared/two-factor';
import { buildTestApp, call, createClock, insertTwoFactor, insertUser } from '../tests/support/server';
import { onEachDatabase } from './databases';
import type { BenchResult } from './run';

/** Sign-ins of each kind, alternated: a busy neighbour then weighs on both alike. scrypt makes each slow. */
const SIGN_INS = Number(process.env.BENCH_TWO_FACTOR_SIGN_INS) || 40;

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;

/**
 * A whole sign-in with two-factor sign-in off (POST /auth/login answers the token) and on (the password
 * step answers a challenge, POST /auth/two-factor/verify with the TOTP code answers the token), one after
 * the other through the app. The clock moves one TOTP step before each: a code is good once.
 */
export function measureTwoFactorSignIn(): Promise<BenchResult[]> {
  return onEachDatabase(measureOn);
}

async function measureOn(label: string, database: Database): Promise<BenchResult[]> {
  const clock = createClock(Date.now());
  await migrateDatabase(database);
  const app = await buildTestApp(database, clock);
  try {
    const plain = await insertUser(database, 'super_admin');
    const enrolled = await insertUser(database, 'super_admin');
    const { code } = await insertTwoFactor(database, enrolled.id);
    const login = (email: string, password: string) =>
      call(app, { method: 'POST', url: '/auth/login', payload: { email, password } });

    const off: number[] = [];
    const on: number[] = [];
    for (let i = 0; i < SIGN_INS; i++) {
      clock.advance(TOTP_PERIOD_SECONDS * 1000);
      let started = performance.now();
      const signedIn = await login(plain.email, plain.password);
      if (signedIn.status !== 200) throw new Error(`sign-in answered ${signedIn.status}`);
      off.push(performance.now() - started);

      started = performance.now();
      const first = await login(enrolled.email, enrolled.password);
      const { challenge } = first.body.data as { challenge: string };
      const second = await call(app, {
        method: 'POST',
        url: '/auth/two-factor/verify',
        payload: { challenge, code: code(clock.now()) },
      });
      if (second.status !== 200) throw new Error(`second step answered ${second.status}`);
      on.push(performance.now() - started);
    }
    const figures = (name: string, samples: number[]): BenchResult[] => {
      const sorted = [...samples].sort((a, b) => a - b);
      const detail = `${samples.length} sign-ins, p50 ${quantile(sorted, 0.5).toFixed(0)} ms`;
      return [{ name: `sign-in p99, ${name} (${label})`, value: quantile(sorted, 0.99), unit: 'ms', detail }];
    };
    return [...figures('TOTP off', off), ...figures('TOTP on', on)];
  } finally {
    await app.close();
    await database.close();
  }
}
