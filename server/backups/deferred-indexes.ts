import { quoteIdent, type CopySession } from './session';

/**
 * Indexes and key constraints taken off the restored tables while their rows load, as pg_restore loads
 * into bare tables: building an index once over the loaded rows is far cheaper than maintaining it row
 * by row. Everything happens inside the restore's transaction, so a failed restore rolls the drops back
 * with the rows; recreated foreign keys are checked by the database against the loaded rows.
 */
export interface DeferredIndexes {
  /** Builds the indexes and constraints again: indexes and keys first, then the foreign keys on them. */
  recreate(): Promise<void>;
}

/** The loaded rows break a key, unique index or foreign key (the database refused to build it again). */
export class ConstraintViolationError extends Error {}

/** Integrity violations (class 23): what rows can do to a key or index being built. */
const isViolation = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && String((error as { code?: unknown }).code).startsWith('23');

async function build(session: CopySession, what: string, statement: string): Promise<void> {
  try {
    await session.query(statement);
  } catch (error) {
    if (!isViolation(error)) throw error;
    throw new ConstraintViolationError(`The archive's rows break ${what}: ${(error as Error).message}`);
  }
}

interface ConstraintDefinition {
  table: string;
  name: string;
  definition: string;
}

interface IndexDefinition {
  name: string;
  definition: string;
}

/**
 * Plain and partitioned tables, not their partitions: a partitioned table's key or index dropped and made
 * again on the parent is dropped and built on every partition. Nothing the definitions alone would not
 * bring back: a commented, clustered or replica-identity index, or a commented constraint, stays.
 */
const DEFERRABLE_TABLE = `c.relkind in ('r', 'p') and not c.relispartition`;

export async function dropIndexes(session: CopySession, tables: readonly string[]): Promise<DeferredIndexes> {
  const foreignKeys = await session.query<ConstraintDefinition>(
    `select c.relname as table, k.conname as name, pg_get_constraintdef(k.oid) as definition
       from pg_constraint k
       join pg_class c on c.oid = k.conrelid
       join pg_class p on p.oid = k.confrelid
      where k.contype = 'f' and k.conparentid = 0
        and c.relnamespace = current_schema()::regnamespace
        and (c.relname = any($1::text[]) or
             (p.relname = any($1::text[]) and p.relnamespace = current_schema()::regnamespace))
        and not c.relispartition and obj_description(k.oid, 'pg_constraint') is null
      order by c.relname, k.conname`,
    [tables],
  );
  const keys = await session.query<ConstraintDefinition>(
    `select c.relname as table, k.conname as name, pg_get_constraintdef(k.oid) as definition
       from pg_constraint k
       join pg_class c on c.oid = k.conrelid
       join pg_index i on i.indexrelid = k.conindid
      where k.contype in ('p', 'u', 'x') and k.conparentid = 0
        and c.relnamespace = current_schema()::regnamespace and c.relname = any($1::text[])
        and ${DEFERRABLE_TABLE}
        and not i.indisclustered and not i.indisreplident
        and obj_description(k.oid, 'pg_constraint') is null and obj_description(i.indexrelid, 'pg_class') is null
      order by c.relname, k.conname`,
    [tables],
  );
  const indexes = await session.query<IndexDefinition>(
    // A partitioned table's index is defined "ON ONLY" the parent: made again so, it would be the parent's
    // alone (invalid, no partition's index under it); without ONLY it is built on every partition.
    `select x.relname as name, regexp_replace(pg_get_indexdef(i.indexrelid), ' ON ONLY ', ' ON ') as definition
       from pg_index i
       join pg_class c on c.oid = i.indrelid
       join pg_class x on x.oid = i.indexrelid
      where c.relnamespace = current_schema()::regnamespace and c.relname = any($1::text[])
        and ${DEFERRABLE_TABLE}
        and not exists (select 1 from pg_constraint k
                         where k.conindid = i.indexrelid and k.conrelid = i.indrelid and k.contype in ('p', 'u', 'x'))
        and not exists (select 1 from pg_inherits h where h.inhrelid = i.indexrelid)
        and not i.indisclustered and not i.indisreplident
        and obj_description(i.indexrelid, 'pg_class') is null
      order by x.relname`,
    [tables],
  );
  // Foreign keys first: they depend on the keys and unique indexes they reference.
  for (const key of foreignKeys)
    await session.query(`alter table ${quoteIdent(key.table)} drop constraint ${quoteIdent(key.name)}`);
  for (const key of keys)
    await session.query(`alter table ${quoteIdent(key.table)} drop constraint ${quoteIdent(key.name)}`);
  for (const index of indexes) await session.query(`drop index ${quoteIdent(index.name)}`);

  return {
    async recreate() {
      for (const index of indexes) await build(session, `the index ${index.name}`, index.definition);
      for (const key of [...keys, ...foreignKeys])
        await build(
          session,
          `${key.name} of ${key.table}`,
          `alter table ${quoteIdent(key.table)} add constraint ${quoteIdent(key.name)} ${key.definition}`,
        );
    },
  };
}
