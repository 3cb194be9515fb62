/** The audit group's tables (the barrel of every table is server/db/schema.ts). */
import { sql, type SQL } from 'drizzle-orm';
import {
  bigint,
  index,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import {
  AUDIT_ACTIONS,
  AUDIT_STATUSES,
  type AuditAction,
  type AuditSeverity,
  type AuditStatus,
} from '../../shared/api/audit';
import { instant } from '../db/columns';
import { organizations } from '../organizations/tables';

export const SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;

// Tenancy (issue 3): every tenant-scoped row carries a NOT NULL organization_id.

export { AUDIT_ACTIONS, AUDIT_STATUSES };

export type { AuditAction, AuditSeverity, AuditStatus };

export const auditLogs = pgTable(
  'audit_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    userId: uuid('user_id'),
    userName: text('user_name'),
    userEmail: text('user_email'),
    action: text('action', { enum: AUDIT_ACTIONS }).notNull(),
    resource: text('resource').notNull(),
    resourceId: text('resource_id'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    timestamp: instant('timestamp').notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    status: text('status', { enum: AUDIT_STATUSES }).notNull(),
    severity: text('severity', { enum: SEVERITIES }).notNull(),
    /** Position in the hash chain: 1, 2, 3… with no gap, assigned under a lock (server/audit/chain.ts). */
    seq: bigint('seq', { mode: 'number' }).notNull(),
    /** The previous record's hash (64 zeros for the first), and this record's: sha256 of both. */
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  // Keyset pages: every sort ends on seq, the unique tie-breaker; filters on action lead their own index.
  (t) => [
    uniqueIndex('audit_logs_seq').on(t.seq),
    index('audit_logs_time_seq').on(t.timestamp, t.seq),
    index('audit_logs_organization_time_seq').on(t.organizationId, t.timestamp, t.seq),
    index('audit_logs_action_time_seq').on(t.action, t.timestamp, t.seq),
    index('audit_logs_user_seq').on(sql`coalesce(${t.userName}, '')`, t.seq),
    // The search (part 2 §5, "matches any field value"): a trigram index over every field's text, so a
    // rare value (an address, an id) is found without reading the whole trail.
    index('audit_logs_search').using('gin', sql`${auditSearchText(t)} gin_trgm_ops`),
  ],
);

type SearchColumns = Record<
  | 'id'
  | 'userId'
  | 'userName'
  | 'userEmail'
  | 'action'
  | 'resource'
  | 'resourceId'
  | 'details'
  | 'ipAddress'
  | 'userAgent'
  | 'status'
  | 'severity',
  AnyPgColumn
>;

/**
 * Every field of a record as one text, one field a line (a search box holds no line break, so no match
 * runs across two fields). The index and the search use this same expression: the planner uses the index
 * only for an identical one. Every part is immutable (text, uuid and jsonb output), as an index requires.
 * The timestamp is left out: dates have their own filter, and a time's text depends on the time zone.
 */
export function auditSearchText(t: SearchColumns): SQL {
  const parts = [
    sql`${t.id}::text`,
    sql`coalesce(${t.userId}::text, '')`,
    sql`coalesce(${t.userName}, '')`,
    sql`coalesce(${t.userEmail}, '')`,
    sql`${t.action}`,
    sql`${t.resource}`,
    sql`coalesce(${t.resourceId}, '')`,
    sql`${t.details}::text`,
    sql`coalesce(${t.ipAddress}, '')`,
    sql`coalesce(${t.userAgent}, '')`,
    sql`${t.status}`,
    sql`${t.severity}`,
  ];
  return sql`(${sql.join(parts, sql.raw(" || E'\\n' || "))})`;
}
