/**
 * `server/db/schema.ts` is the barrel of every group's `tables.ts` (issue 26): its `schema` object must
 * hold every table the migrations create, so that relational queries, the demo anchor and the backups
 * see them all (it once left out the 13 tables declared after it).
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { getTableConfig } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { schema } from '../../../../server/db/schema';

const META = path.resolve(import.meta.dirname, '../../../../server/db/migrations/meta');

describe('the schema barrel', () => {
  it('holds every table of the newest migration snapshot, and nothing else', () => {
    const newest = readdirSync(META)
      .filter((name) => name.endsWith('_snapshot.json'))
      .sort()
      .at(-1)!;
    const snapshot = JSON.parse(readFileSync(path.join(META, newest), 'utf8')) as {
      tables: Record<string, { name: string }>;
    };
    const migrated = Object.values(snapshot.tables).map((table) => table.name);
    const declared = Object.values(schema).map((table) => getTableConfig(table).name);
    expect(declared.sort()).toEqual(migrated.sort());
    expect(declared.length).toBeGreaterThanOrEqual(56);
  });
});
