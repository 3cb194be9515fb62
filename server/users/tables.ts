/** The users group's tables (the barrel of every table is server/db/schema.ts). */
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { USER_STATUSES } from '../../shared/users';
import { createdAt, instant, updatedAt } from '../db/columns';
import { roles } from '../roles/tables';
import { organizations } from '../organizations/tables';

export { USER_STATUSES, type UserStatus } from '../../shared/users';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull().unique(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    status: text('status', { enum: USER_STATUSES }).notNull().default('active'),
    /** The platform role. */
    role: text('role')
      .notNull()
      .references(() => roles.id, { onDelete: 'restrict' }),
    /** Tokens issued before this instant are revoked (logout, password change); null: none revoked. */
    tokensValidAfter: instant('tokens_valid_after'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // The users screen (issue 13): contact details, the user's center and the last successful sign-in.
    phone: text('phone').notNull().default(''),
    location: text('location').notNull().default(''),
    centerId: uuid('center_id').references((): AnyPgColumn => organizations.id, { onDelete: 'set null' }),
    lastLoginAt: instant('last_login_at'),
  },
  (t) => [
    // Lookups compare lower-cased emails; the constraint keeps every writer honest.
    check('users_email_lower_case', sql`${t.email} = lower(${t.email})`),
    check('users_status_known', sql`${t.status} in ('pending', 'active', 'inactive', 'suspended')`),
  ],
);

export type UserRow = typeof users.$inferSelect;

export const ONE_TIME_TOKEN_KINDS = ['invitation', 'reset'] as const;

/**
 * One-time links of the users screen: an invitation (the account is pending until it is used) or a
 * password reset. Only the token's sha256 is kept; a link is used once, and a newer one for the same user
 * replaces the older (their `used_at` is set when superseded).
 */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ONE_TIME_TOKEN_KINDS }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('one_time_tokens_user').on(t.userId),
    check('one_time_tokens_kind_known', sql`${t.kind} in ('invitation', 'reset')`),
  ],
);
