import { and, asc, eq, gt, lte, sql, type SQL } from 'drizzle-orm';
import type { AuditSort, SortOrder } from '../../shared/api';
import type { z } from 'zod';
import type { exportOptions } from '../../shared/api/exports';
import type { CsvColumn } from '../../shared/csv';
import {
  auditConditions,
  queryAuditCsvBatch,
  queryAuditPage,
  toAuditLog,
  type AuditCsvRow,
} from '../audit/query';
import type { AuditRecord } from '../audit/chain';
import type { Db } from '../db/client';
import { alerts, attendance, auditLogs, children, memberships, organizations, users } from '../db/schema';

/** What an export sees: one organization or all, and the data as it was when the job started. */
export interface ExportScope {
  organizationId: string | null;
  frozenAt: Date;
  /** Audit exports: the chain's last seq when the job started. */
  frozenSeq: number | null;
  options: z.output<typeof exportOptions>;
}

/**
 * One export type: how many rows, the rows in bounded batches (keyset) for JSON and for CSV (which may
 * read fewer columns), and their shapes.
 */
export interface ExportSource<Row, CsvRow = Row> {
  count(db: Db, scope: ExportScope): Promise<number>;
  batches(db: Db, scope: ExportScope): AsyncGenerator<Row[]>;
  json(row: Row): unknown;
  csvBatches(db: Db, scope: ExportScope): AsyncGenerator<CsvRow[]>;
  columns: readonly CsvColumn<CsvRow>[];
}

export const EXPORT_BATCH = 2_000;
/** CSV rows are small: larger batches, fewer round trips. */
const CSV_BATCH = 5_000;
const DAY_MS = 86_400_000;

const countOf = async (query: Promise<{ n: number }[]>) => (await query)[0]?.n ?? 0;
const nCount = sql<number>`count(*)::int`;

/** Pages through rows ordered by a unique text/uuid id, `where` fixed. */
async function* byId<Row extends { id: string }>(
  fetch: (after: string | null) => Promise<Row[]>,
): AsyncGenerator<Row[]> {
  let after: string | null = null;
  for (;;) {
    const rows = await fetch(after);
    if (rows.length > 0) yield rows;
    if (rows.length < EXPORT_BATCH) return;
    after = rows.at(-1)!.id;
  }
}

// ---------------------------------------------------------------------------------------------------

function auditQueryOf(scope: ExportScope) {
  const { sort, order, ...filter } = scope.options;
  return {
    ...filter,
    sort: (sort ?? 'timestamp') as AuditSort,
    order: (order ?? 'desc') as SortOrder,
    organizationId: scope.organizationId ?? undefined,
    maxSeq: scope.frozenSeq ?? 0,
  };
}

/** The audit CSV of part 2 §7: exactly these columns; the JSON carries whole records. */
const auditSource: ExportSource<AuditRecord, AuditCsvRow> = {
  count: (db, scope) =>
    countOf(
      db
        .select({ n: nCount })
        .from(auditLogs)
        .where(auditConditions(auditQueryOf(scope))),
    ),
  async *batches(db, scope) {
    let cursor: string | undefined;
    do {
      const page = await queryAuditPage(db, { ...auditQueryOf(scope), limit: EXPORT_BATCH, cursor });
      if (page.rows.length > 0) yield page.rows;
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
  },
  async *csvBatches(db, scope) {
    let cursor: string | undefined;
    do {
      const batch = await queryAuditCsvBatch(db, { ...auditQueryOf(scope), limit: CSV_BATCH, cursor });
      if (batch.rows.length > 0) yield batch.rows;
      cursor = batch.nextCursor ?? undefined;
    } while (cursor);
  },
  columns: [
    { header: 'timestamp', value: (r) => new Date(r[0]).toISOString() },
    { header: 'userName', value: (r) => r[1] },
    { header: 'action', value: (r) => r[2] },
    { header: 'resource', value: (r) => r[3] },
    { header: 'status', value: (r) => r[4] },
    { header: 'ipAddress', value: (r) => r[5] },
  ],
  json: toAuditLog,
};

// ---------------------------------------------------------------------------------------------------

interface UserRow {
  id: string;
  name: string;
  email: string;
  role: string;
  status: string;
  memberRole: string | null;
  createdAt: Date;
}

/** Platform users, or one organization's members; never a password hash. */
const userSource: ExportSource<UserRow> = {
  count: (db, scope) =>
    countOf(
      scope.organizationId
        ? db
            .select({ n: nCount })
            .from(memberships)
            .innerJoin(users, eq(users.id, memberships.userId))
            .where(usersWhere(scope))
        : db.select({ n: nCount }).from(users).where(usersWhere(scope)),
    ),
  batches: (db, scope) =>
    byId((after) => {
      const columns = {
        id: sql<string>`${users.id}::text`,
        name: users.name,
        email: users.email,
        role: users.role,
        status: users.status,
        memberRole: scope.organizationId ? memberships.role : sql<string | null>`null`,
        createdAt: users.createdAt,
      };
      const where = and(usersWhere(scope), after ? gt(users.id, after) : undefined);
      const base = scope.organizationId
        ? db.select(columns).from(memberships).innerJoin(users, eq(users.id, memberships.userId))
        : db.select(columns).from(users);
      return base.where(where).orderBy(asc(users.id)).limit(EXPORT_BATCH);
    }),
  columns: [
    { header: 'id', value: (r) => r.id },
    { header: 'name', value: (r) => r.name },
    { header: 'email', value: (r) => r.email },
    { header: 'role', value: (r) => r.role },
    { header: 'memberRole', value: (r) => r.memberRole },
    { header: 'status', value: (r) => r.status },
    { header: 'createdAt', value: (r) => r.createdAt.toISOString() },
  ],
  json: (r) => ({ ...r, createdAt: r.createdAt.toISOString() }),
  csvBatches: (db, scope) => userSource.batches(db, scope),
};

function usersWhere(scope: ExportScope): SQL | undefined {
  return and(
    lte(users.createdAt, scope.frozenAt),
    scope.organizationId ? eq(memberships.organizationId, scope.organizationId) : undefined,
  );
}

// ---------------------------------------------------------------------------------------------------

type AlertRow = Pick<
  typeof alerts.$inferSelect,
  'id' | 'organizationId' | 'title' | 'severity' | 'status' | 'createdAt'
>;

const alertsWhere = (scope: ExportScope) =>
  and(
    lte(alerts.createdAt, scope.frozenAt),
    scope.organizationId ? eq(alerts.organizationId, scope.organizationId) : undefined,
  );

const alertSource: ExportSource<AlertRow> = {
  count: (db, scope) => countOf(db.select({ n: nCount }).from(alerts).where(alertsWhere(scope))),
  batches: (db, scope) =>
    byId((after) =>
      db
        .select({
          id: alerts.id,
          organizationId: alerts.organizationId,
          title: alerts.title,
          severity: alerts.severity,
          status: alerts.status,
          createdAt: alerts.createdAt,
        })
        .from(alerts)
        .where(and(alertsWhere(scope), after ? gt(alerts.id, after) : undefined))
        .orderBy(asc(alerts.id))
        .limit(EXPORT_BATCH),
    ),
  columns: [
    { header: 'id', value: (r) => r.id },
    { header: 'organizationId', value: (r) => r.organizationId },
    { header: 'title', value: (r) => r.title },
    { header: 'severity', value: (r) => r.severity },
    { header: 'status', value: (r) => r.status },
    { header: 'createdAt', value: (r) => r.createdAt.toISOString() },
  ],
  json: (r) => ({ ...r, createdAt: r.createdAt.toISOString() }),
  csvBatches: (db, scope) => alertSource.batches(db, scope),
};

// ---------------------------------------------------------------------------------------------------

interface MetricsRow {
  id: string;
  name: string;
  plan: string;
  status: string;
  activeMembers: number;
  childrenEnrolled: number;
  checkIns30d: number;
}

const metricsWhere = (scope: ExportScope) =>
  and(
    lte(organizations.createdAt, scope.frozenAt),
    scope.organizationId ? eq(organizations.id, scope.organizationId) : undefined,
  );

/** One row per organization: its active members, enrolled children and check-ins of the last 30 days. */
const metricsSource: ExportSource<MetricsRow> = {
  count: (db, scope) => countOf(db.select({ n: nCount }).from(organizations).where(metricsWhere(scope))),
  batches: (db, scope) =>
    byId((after) => {
      const since = new Date(scope.frozenAt.getTime() - 30 * DAY_MS).toISOString().slice(0, 10);
      return db
        .select({
          id: sql<string>`${organizations.id}::text`,
          name: organizations.name,
          plan: organizations.plan,
          status: organizations.status,
          activeMembers: sql<number>`(select count(*)::int from ${memberships}
            where ${memberships.organizationId} = ${organizations.id} and ${memberships.status} = 'active')`,
          childrenEnrolled: sql<number>`(select count(*)::int from ${children}
            where ${children.organizationId} = ${organizations.id} and ${children.status} = 'enrolled')`,
          checkIns30d: sql<number>`(select count(*)::int from ${attendance}
            where ${attendance.organizationId} = ${organizations.id} and ${attendance.date} >= ${since})`,
        })
        .from(organizations)
        .where(and(metricsWhere(scope), after ? gt(organizations.id, after) : undefined))
        .orderBy(asc(organizations.id))
        .limit(EXPORT_BATCH);
    }),
  columns: [
    { header: 'organizationId', value: (r) => r.id },
    { header: 'name', value: (r) => r.name },
    { header: 'plan', value: (r) => r.plan },
    { header: 'status', value: (r) => r.status },
    { header: 'activeMembers', value: (r) => r.activeMembers },
    { header: 'childrenEnrolled', value: (r) => r.childrenEnrolled },
    { header: 'checkIns30d', value: (r) => r.checkIns30d },
  ],
  json: (r) => r,
  csvBatches: (db, scope) => metricsSource.batches(db, scope),
};

export const EXPORT_SOURCES = {
  'audit-logs': auditSource,
  users: userSource,
  alerts: alertSource,
  metrics: metricsSource,
} as const;
