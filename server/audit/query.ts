import { and, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { type AuditFilter, type AuditLog, type AuditSort, type SortOrder } from '../../shared/api/audit';
import type { Db } from '../db/client';
import { auditLogs } from '../db/schema';
import { auditSearchText } from './tables';
import { HttpError } from '../http/errors';
import type { AuditRecord } from './chain';

/**
 * Server-side search of the audit trail with keyset pages: each sort orders by its key columns and ends on
 * seq (unique), and the next page starts after the last row's key — an index range scan, never an OFFSET.
 */
export interface AuditQuery extends AuditFilter {
  sort: AuditSort;
  order: SortOrder;
  limit: number;
  cursor?: string;
  /** Only this organization's records. */
  organizationId?: string;
  /** Only records up to this place in the chain (an export sees the trail as it was when it started). */
  maxSeq?: number;
}

const userKey = sql`coalesce(${auditLogs.userName}, '')`;

/** The key columns of each sort, and the SQL type of each (cursor values are cast back to it). */
const SORT_KEYS: Record<AuditSort, { column: SQL | typeof auditLogs.seq; type: string }[]> = {
  timestamp: [
    { column: sql`${auditLogs.timestamp}`, type: 'timestamptz' },
    { column: sql`${auditLogs.seq}`, type: 'bigint' },
  ],
  user: [
    { column: userKey, type: 'text' },
    { column: sql`${auditLogs.seq}`, type: 'bigint' },
  ],
  action: [
    { column: sql`${auditLogs.action}`, type: 'text' },
    { column: sql`${auditLogs.timestamp}`, type: 'timestamptz' },
    { column: sql`${auditLogs.seq}`, type: 'bigint' },
  ],
};

const cursorValues = z
  .array(z.union([z.string(), z.number()]))
  .min(2)
  .max(3);

function keyOf(sort: AuditSort, row: AuditRecord): (string | number)[] {
  const time = row.timestamp.toISOString();
  if (sort === 'timestamp') return [time, row.seq];
  if (sort === 'user') return [row.userName ?? '', row.seq];
  return [row.action, time, row.seq];
}

export const encodeCursor = (values: (string | number)[]) =>
  Buffer.from(JSON.stringify(values)).toString('base64url');

export const invalidCursor = () => new HttpError(400, 'Invalid cursor');

function decodeCursor(sort: AuditSort, cursor: string): (string | number)[] {
  try {
    const values = cursorValues.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    if (values.length !== SORT_KEYS[sort].length) throw invalidCursor();
    return values;
  } catch {
    throw invalidCursor();
  }
}

const SEARCH_TEXT = auditSearchText(auditLogs);

/** `%`, `_` and `\` match themselves in the search text. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function auditConditions(query: Omit<AuditQuery, 'sort' | 'order' | 'limit'>): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    query.organizationId ? eq(auditLogs.organizationId, query.organizationId) : undefined,
    query.action ? eq(auditLogs.action, query.action) : undefined,
    query.status ? eq(auditLogs.status, query.status) : undefined,
    query.severity ? eq(auditLogs.severity, query.severity) : undefined,
    query.from ? gte(auditLogs.timestamp, new Date(query.from)) : undefined,
    query.to ? lte(auditLogs.timestamp, new Date(query.to)) : undefined,
    query.maxSeq !== undefined ? lte(auditLogs.seq, query.maxSeq) : undefined,
  ];
  // Part 2 §5: "the global search matches any field value". One expression over every field, the one the
  // trigram index audit_logs_search holds: a rare value is found through the index, a common one along the
  // sort's own index (the planner picks).
  if (query.search) conditions.push(sql`${SEARCH_TEXT} ilike ${likePattern(query.search)}`);
  return and(...conditions);
}

function afterCursor(query: AuditQuery): SQL | undefined {
  if (!query.cursor) return undefined;
  const keys = SORT_KEYS[query.sort];
  const values = decodeCursor(query.sort, query.cursor);
  const op = query.order === 'asc' ? sql.raw('>') : sql.raw('<');
  const left = sql.join(
    keys.map((k) => k.column),
    sql`, `,
  );
  const right = sql.join(
    keys.map((k, i) => sql`cast(${String(values[i])} as ${sql.raw(k.type)})`),
    sql`, `,
  );
  return sql`(${left}) ${op} (${right})`;
}

export interface AuditPageResult {
  rows: AuditRecord[];
  nextCursor: string | null;
}

/** The record's columns as one JSON object per row (camelCase keys, ISO timestamp). */
const RECORD_JSON = sql`json_build_object(
  'id', ${auditLogs.id}, 'seq', ${auditLogs.seq}, 'organizationId', ${auditLogs.organizationId},
  'userId', ${auditLogs.userId}, 'userName', ${auditLogs.userName}, 'userEmail', ${auditLogs.userEmail},
  'action', ${auditLogs.action}, 'resource', ${auditLogs.resource}, 'resourceId', ${auditLogs.resourceId},
  'details', ${auditLogs.details}, 'timestamp', ${auditLogs.timestamp}, 'ipAddress', ${auditLogs.ipAddress},
  'userAgent', ${auditLogs.userAgent}, 'status', ${auditLogs.status}, 'severity', ${auditLogs.severity},
  'prevHash', ${auditLogs.prevHash}, 'hash', ${auditLogs.hash})`;

type RecordJson = Omit<AuditRecord, 'timestamp'> & { timestamp: string };

/**
 * One page, aggregated to a single JSON value by the database: a driver pays per value it hands over
 * (PGlite markedly), so 100 rows of 17 columns cost one value instead of 1,700.
 */
export async function queryAuditPage(db: Db, query: AuditQuery): Promise<AuditPageResult> {
  const direction = sql.raw(query.order === 'asc' ? 'asc' : 'desc');
  const order = sql.join(
    SORT_KEYS[query.sort].map((k) => sql`${k.column} ${direction}`),
    sql`, `,
  );
  const where = and(auditConditions(query), afterCursor(query));
  const result = (await db.execute(
    sql`select coalesce(json_agg(page.record order by page.n), '[]')::text as page from (
      select ${RECORD_JSON} as record, row_number() over (order by ${order}) as n
      from ${auditLogs} ${where ? sql`where ${where}` : sql``}
      order by ${order} limit ${query.limit + 1}) page`,
  )) as { rows: { page: string }[] };
  const text = result.rows[0]?.page ?? '[]';
  const rows = (JSON.parse(text) as RecordJson[]).map((r) => ({ ...r, timestamp: new Date(r.timestamp) }));
  const more = rows.length > query.limit;
  const page = more ? rows.slice(0, query.limit) : rows;
  const last = page.at(-1);
  return { rows: page, nextCursor: more && last ? encodeCursor(keyOf(query.sort, last)) : null };
}

/** Records after `afterSeq` in chain order, aggregated like a page (the chain check's batches). */
export async function queryChainBatch(db: Db, afterSeq: number, limit: number): Promise<AuditRecord[]> {
  const result = (await db.execute(
    sql`select coalesce(json_agg(page.record order by page.seq), '[]')::text as page from (
      select ${RECORD_JSON} as record, ${auditLogs.seq} as seq from ${auditLogs}
      where ${auditLogs.seq} > ${afterSeq} order by ${auditLogs.seq} limit ${limit}) page`,
  )) as { rows: { page: string }[] };
  return (JSON.parse(result.rows[0]?.page ?? '[]') as RecordJson[]).map((r) => ({
    ...r,
    timestamp: new Date(r.timestamp),
  }));
}

/** What the audit CSV needs of a record (part 2 §7), plus seq for the cursor. */
export type AuditCsvRow = [
  /** Epoch milliseconds: a number costs the database less to write than a formatted date. */
  timestampMs: number,
  userName: string | null,
  action: AuditRecord['action'],
  resource: string,
  status: AuditRecord['status'],
  ipAddress: string | null,
  seq: number,
];

/**
 * A batch of the audit CSV's columns only, as one JSON value of arrays: the export's hot path (about
 * four times fewer values, and no Date or object per row).
 */
export async function queryAuditCsvBatch(
  db: Db,
  query: AuditQuery,
): Promise<{ rows: AuditCsvRow[]; nextCursor: string | null }> {
  const direction = sql.raw(query.order === 'asc' ? 'asc' : 'desc');
  const order = sql.join(
    SORT_KEYS[query.sort].map((k) => sql`${k.column} ${direction}`),
    sql`, `,
  );
  const where = and(auditConditions(query), afterCursor(query));
  const result = (await db.execute(
    sql`select coalesce(json_agg(json_build_array(
        (extract(epoch from ${auditLogs.timestamp}) * 1000)::bigint, ${auditLogs.userName}, ${auditLogs.action},
        ${auditLogs.resource}, ${auditLogs.status}, ${auditLogs.ipAddress}, ${auditLogs.seq}) order by ${order}), '[]')::text as batch
      from (select * from ${auditLogs} ${where ? sql`where ${where}` : sql``}
        order by ${order} limit ${query.limit + 1}) as ${auditLogs}`,
  )) as { rows: { batch: string }[] };
  const rows = JSON.parse(result.rows[0]?.batch ?? '[]') as AuditCsvRow[];
  const more = rows.length > query.limit;
  const batch = more ? rows.slice(0, query.limit) : rows;
  const last = batch.at(-1);
  if (!more || !last) return { rows: batch, nextCursor: null };
  const [timestampMs, userName, action, , , , seq] = last;
  const timestamp = new Date(timestampMs).toISOString();
  const key =
    query.sort === 'timestamp'
      ? [timestamp, seq]
      : query.sort === 'user'
        ? [userName ?? '', seq]
        : [action, timestamp, seq];
  return { rows: batch, nextCursor: encodeCursor(key) };
}

export async function countAudit(db: Db, query: Omit<AuditQuery, 'sort' | 'order' | 'limit'>) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(auditLogs)
    .where(auditConditions(query));
  return row?.n ?? 0;
}

export function toAuditLog(row: AuditRecord): AuditLog {
  return {
    id: row.id,
    seq: row.seq,
    organizationId: row.organizationId,
    userId: row.userId,
    userName: row.userName,
    userEmail: row.userEmail,
    action: row.action,
    resource: row.resource,
    resourceId: row.resourceId,
    details: row.details,
    timestamp: row.timestamp.toISOString(),
    ipAddress: row.ipAddress,
    userAgent: row.userAgent,
    status: row.status,
    severity: row.severity,
    hash: row.hash,
  };
}
