/** The settings group's tables (the barrel of every table is server/db/schema.ts). */
import { integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { type SystemSettings } from '../../shared/api/settings';
import { instant } from '../db/columns';
import { users } from '../users/tables';

/**
 * The system settings (part 2 §2), one row per saved version: the newest row is in force, the older ones
 * say what was in force when. The SMTP password sits in its own column so it never travels with the rest.
 */
export const systemSettingsVersions = pgTable('system_settings_versions', {
  version: integer('version').primaryKey(),
  settings: jsonb('settings').$type<SystemSettings>().notNull(),
  smtpPassword: text('smtp_password'),
  savedAt: instant('saved_at').notNull(),
  savedBy: uuid('saved_by').references(() => users.id, { onDelete: 'set null' }),
  savedByName: text('saved_by_name'),
});

/**
 * Requests per rate-limit key (a user, or an address) and window, summed over every instance: each adds
 * its own counts in batches (server/settings/rate-limit.ts). Rows of past windows are removed as it goes.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').notNull(),
    windowStart: instant('window_start').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);
