import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createLogger } from '../server/logger';
import { startServer } from '../server/start';

// Request logs would measure the terminal, not the server.
const logger = createLogger({ level: 'silent' });
import type { BenchResult } from './run';

/** Embedded database first start: a new PGlite data directory, migrations and the demo dataset. */
export async function measureDatabaseFirstStart(): Promise<BenchResult[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'console-bench-db-'));
  try {
    const started = performance.now();
    const server = await startServer({ dataDir: dir, port: 0, logger });
    const first = performance.now() - started;
    await server.close();
    const again = performance.now();
    const warm = await startServer({ dataDir: dir, port: 0, logger });
    const second = performance.now() - again;
    await warm.close();
    return [
      {
        name: 'embedded database first start',
        value: first,
        unit: 'ms',
        detail: 'new PGlite dir + migrations + demo seed',
      },
      { name: 'embedded database warm start', value: second, unit: 'ms' },
    ];
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
