import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { ServerHealth } from '../../shared/api/business';
import type { ServerContext } from '../context';
import { DEFAULT_MIGRATIONS_FOLDER } from '../db/migrate';
import { rows } from '../db/results';

interface Journal {
  entries: { when: number; tag: string }[];
}

/** Migration tags by their timestamp, from drizzle's journal; an unreadable journal names none. */
async function migrationTags(): Promise<Map<number, string>> {
  try {
    const text = await readFile(path.join(DEFAULT_MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8');
    return new Map((JSON.parse(text) as Journal).entries.map((e) => [e.when, e.tag]));
  } catch {
    return new Map();
  }
}

/** The real health of this API server: a timed round trip to its database, uptime and migrations. */
export function createHealthProbe(ctx: ServerContext) {
  const startedAt = ctx.config.now();
  const tags = migrationTags();
  return async (): Promise<ServerHealth> => {
    const began = performance.now();
    let reachable = true;
    let latencyMs: number | null = null;
    let migrations: ServerHealth['migrations'] = { applied: 0, last: null, appliedAt: null };
    try {
      await ctx.db.execute(sql`select 1`);
      latencyMs = Math.round((performance.now() - began) * 100) / 100;
      const [row] = await rows<{ applied: number; last: number | null }>(
        ctx.db,
        sql`select count(*)::int as applied, max(created_at)::float8 as last from drizzle.__drizzle_migrations`,
      );
      if (row) {
        migrations = {
          applied: row.applied,
          last: row.last === null ? null : ((await tags).get(row.last) ?? null),
          appliedAt: row.last === null ? null : new Date(row.last).toISOString(),
        };
      }
    } catch {
      reachable = false;
    }
    return {
      status: reachable ? 'ok' : 'degraded',
      database: { kind: ctx.databaseKind, reachable, latencyMs },
      startedAt: new Date(startedAt).toISOString(),
      uptimeSeconds: Math.max(0, Math.floor((ctx.config.now() - startedAt) / 1000)),
      version: ctx.config.version,
      migrations,
    };
  };
}
