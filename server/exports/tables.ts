/** The exports group's tables (the barrel of every table is server/db/schema.ts). */
import { bigint, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { EXPORT_FORMATS, EXPORT_TYPES } from '../../shared/api/exports';
import { createdAt, instant } from '../db/columns';
import { users } from '../users/tables';
import { organizations } from '../organizations/tables';

/**
 * Export jobs (part 2 §7). A job keeps what to export and the moment it froze; the file itself is streamed
 * from the database when downloaded, so no instance holds it and memory stays flat whatever its size.
 */
export const exportJobs = pgTable(
  'export_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The organization it is limited to; null: platform-wide (a platform permission). */
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    type: text('type', { enum: EXPORT_TYPES }).notNull(),
    format: text('format', { enum: EXPORT_FORMATS }).notNull(),
    options: jsonb('options').$type<Record<string, unknown>>().notNull().default({}),
    /** Rows included: at most those that existed at this instant (audit: up to this seq). */
    frozenAt: instant('frozen_at').notNull(),
    frozenSeq: bigint('frozen_seq', { mode: 'number' }),
    rowCount: integer('row_count').notNull(),
    createdAt: createdAt(),
    expiresAt: instant('expires_at').notNull(),
  },
  (t) => [index('export_jobs_user_created').on(t.userId, t.createdAt)],
);

// Business (issue 6): plans, add-ons, subscription history, acquisition spend and the platform's cloud
// cost. Money is integer cents. Subscription events carry the change they make to MRR and to the
// paying-customer count, so that MRR and customers at any instant are one sum over the history.
