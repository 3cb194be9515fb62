/**
 * The alert stream's fan-out: an alert stored on one connection reaches every open stream through
 * LISTEN/NOTIFY. Measured from `publish` until the last of STREAMS consoles has it, on PGlite and, when
 * TEST_DATABASE_URL (or BENCH_DATABASE_URL) names a PostgreSQL server, on PostgreSQL.
 */
import { performance } from 'node:perf_hooks';
import { buildApp } from '../server/app';
import { createAlertHub } from '../server/alerts/hub';
import type { Database } from '../server/db/client';
import { migrateDatabase } from '../server/db/migrate';
import { createLogger } from '../server/logger';
import { insertUser, tokenFor, createClock, TEST_SECRET_KEY } from '../tests/support/server';
import { openSse, type SseReader } from '../tests/support/sse';
import { onEachDatabase } from './databases';
import type { BenchResult } from './run';

const STREAMS = 50;
const ALERTS = 100;
/** A new alert should be on every console within a tenth of a second. */
const TARGET_P95_MS = 100;

const logger = createLogger({ level: 'silent' });

export async function measureAlertFanOut(): Promise<BenchResult[]> {
  return onEachDatabase(measureOn);
}

async function measureOn(label: string, database: Database): Promise<BenchResult[]> {
  const clock = createClock(Date.now());
  const readers: SseReader[] = [];
  try {
    await migrateDatabase(database);
    const app = await buildApp({ secretKey: TEST_SECRET_KEY, database, config: { now: Date.now }, logger });
    const hub = await createAlertHub(database, Date.now, logger);
    try {
      const base = await app.listen({ host: '127.0.0.1', port: 0 });
      const token = await tokenFor(database, clock, (await insertUser(database, 'super_admin')).id);
      for (let i = 0; i < STREAMS; i++) {
        readers.push(await openSse(`${base}/alerts/stream`, { authorization: `Bearer ${token}` }));
      }
      const latencies: number[] = [];
      for (let n = 1; n <= ALERTS; n++) {
        const started = performance.now();
        await hub.publish({
          title: `Bench ${n}`,
          message: 'fan-out',
          type: 'info',
          priority: 'low',
          category: 'technical',
          metadata: {},
        });
        await Promise.all(readers.map((reader) => reader.waitFor(n, 10_000)));
        latencies.push(performance.now() - started);
      }
      latencies.sort((a, b) => a - b);
      const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
      return [
        {
          name: `alert fan-out p95 (${label})`,
          value: at(0.95),
          unit: 'ms',
          target: { max: TARGET_P95_MS },
          detail: `store + NOTIFY → ${STREAMS} open streams; p50 ${at(0.5).toFixed(1)} ms, ${ALERTS} alerts`,
        },
      ];
    } finally {
      for (const reader of readers) reader.close();
      await hub.close();
      await app.close();
    }
  } finally {
    await database.close();
  }
}
