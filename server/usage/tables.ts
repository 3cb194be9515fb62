/** The usage group's tables (the barrel of every table is server/db/schema.ts). */
import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { SCREEN_CLASSES, USAGE_HOSTS, USAGE_KINDS, USAGE_OS } from '../../shared/api/usage';
import { instant } from '../db/columns';
import { users } from '../users/tables';

/**
 * The console's usage events, one row each, attributed to the signed-in user who sent them (never to a
 * user named in the body). Sessions are built from these rows when read (server/usage/sessions.ts).
 * Partitioned by month of `occurred_at` (server/db/partitions.ts, migration 0027): the key holds the
 * partition column, as PostgreSQL requires of a partitioned table's keys.
 */
export const usageEvents = pgTable(
  'usage_events',
  {
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The renderer's window session; the server splits it further after 30 minutes without events. */
    sessionId: uuid('session_id').notNull(),
    kind: text('kind', { enum: USAGE_KINDS }).notNull(),
    /** page_view: the route path. */
    path: text('path'),
    /** feature: its name from FEATURES. */
    feature: text('feature'),
    host: text('host', { enum: USAGE_HOSTS }).notNull(),
    os: text('os', { enum: USAGE_OS }).notNull(),
    screen: text('screen', { enum: SCREEN_CLASSES }).notNull(),
    occurredAt: instant('occurred_at').notNull(),
    /** The server's clock at receipt: the flood limit counts these. */
    receivedAt: instant('received_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.occurredAt] }),
    index('usage_events_occurred_idx').on(t.occurredAt),
    index('usage_events_user_received_idx').on(t.userId, t.receivedAt),
    check(
      'usage_events_kind_known',
      sql`${t.kind} in ('page_view', 'session_start', 'heartbeat', 'session_end', 'feature')`,
    ),
  ],
);
