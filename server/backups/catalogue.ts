import type { CopySession } from './session';

/** The backup's own records stay out of archives: a restore must not forget the backups made since. */
export const BACKUP_OWN_TABLES: ReadonlySet<string> = new Set([
  'backup_locations',
  'backup_jobs',
  'backup_runs',
  // The daily restore test's setting: the pg-boss schedule (not in archives either) follows it.
  'backup_restore_test',
]);

export interface TableShape {
  name: string;
  /** Columns COPY reads and writes (generated columns are computed again on load). */
  columns: string[];
}

export interface SequenceState {
  name: string;
  lastValue: string;
  isCalled: boolean;
}

/**
 * The tables of the console's schema, parents before children (COPY loads them in this order). A
 * partitioned table is read and loaded through its parent; its partitions are not tables of their own.
 */
export async function listTables(session: CopySession): Promise<TableShape[]> {
  const rows = await session.query<{ name: string; columns: string[] }>(
    `select c.relname as name,
            array_agg(a.attname::text order by a.attnum) as columns
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      where n.nspname = current_schema() and c.relkind in ('r', 'p') and not c.relispartition
      group by c.relname
      order by c.relname`,
  );
  const edges = await session.query<{ child: string; parent: string }>(
    `select ch.relname as child, pa.relname as parent
       from pg_constraint k
       join pg_class ch on ch.oid = k.conrelid
       join pg_class pa on pa.oid = k.confrelid
      where k.contype = 'f' and k.connamespace = current_schema()::regnamespace and k.conrelid <> k.confrelid`,
  );
  const tables = rows.filter((t) => !BACKUP_OWN_TABLES.has(t.name));
  return topologicalOrder(tables, edges);
}

function topologicalOrder(tables: TableShape[], edges: { child: string; parent: string }[]): TableShape[] {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const parents = new Map<string, Set<string>>(tables.map((t) => [t.name, new Set()]));
  for (const { child, parent } of edges) {
    if (byName.has(child) && byName.has(parent)) parents.get(child)?.add(parent);
  }
  const ordered: TableShape[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter(
      (t) => !placed.has(t.name) && [...(parents.get(t.name) ?? [])].every((p) => placed.has(p)),
    );
    // A cycle of foreign keys cannot be ordered; the rest go alphabetically (one transaction checks them).
    const next = ready.length > 0 ? ready : tables.filter((t) => !placed.has(t.name));
    for (const table of next) {
      ordered.push(table);
      placed.add(table.name);
    }
  }
  return ordered;
}

/** Sequences owned by the tables (serial and identity columns), with their positions. */
export async function readSequences(
  session: CopySession,
  tables: readonly string[],
): Promise<SequenceState[]> {
  const owned = await session.query<{ name: string }>(
    `select s.relname as name
       from pg_class s
       join pg_depend d on d.objid = s.oid and d.classid = 'pg_class'::regclass
                       and d.refclassid = 'pg_class'::regclass and d.deptype in ('a', 'i')
       join pg_class t on t.oid = d.refobjid
      where s.relkind = 'S' and s.relnamespace = current_schema()::regnamespace and t.relname = any($1::text[])
      order by s.relname`,
    [tables],
  );
  const states: SequenceState[] = [];
  for (const { name } of owned) {
    const [state] = await session.query<{ last_value: string; is_called: boolean }>(
      `select last_value::text as last_value, is_called from "${name.replaceAll('"', '""')}"`,
    );
    if (state) states.push({ name, lastValue: state.last_value, isCalled: state.is_called });
  }
  return states;
}

/** The last migration applied: an archive restores only into a database at the same schema version. */
export async function readSchemaVersion(session: CopySession): Promise<string> {
  const [row] = await session.query<{ version: string | null }>(
    `select (count(*)::text || ':' || coalesce(max(created_at)::text, '0')) as version
       from drizzle.__drizzle_migrations`,
  );
  return row?.version ?? '0:0';
}
