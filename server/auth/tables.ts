/** The auth group's tables (the barrel of every table is server/db/schema.ts). */
import { bigint, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, instant } from '../db/columns';
import { users } from '../users/tables';

/** Failed sign-ins, kept in the database so that every server instance sees the same counts. */
export const loginThrottle = pgTable('login_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  firstFailureAt: instant('first_failure_at').notNull(),
  blockedUntil: instant('blocked_until'),
});

/** Secrets the instances must share, such as the token signing key when JWT_SECRET is not set. */
export const serverSecrets = pgTable('server_secrets', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/**
 * A user's TOTP authenticator (RFC 6238): pending until a first code confirms it. `secret` is the base32
 * shared secret, stored as the other server secrets are (server_secrets) until a secret box exists.
 * `lastUsedStep` is the newest time step a code was accepted for: a code of that step or an earlier one
 * is refused, so a code seen once cannot be replayed.
 */
export const userTwoFactor = pgTable('user_two_factor', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  confirmedAt: instant('confirmed_at'),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: createdAt(),
});

/** Ten single-use recovery codes per confirmed enrolment, kept only as their SHA-256 (they are random). */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: instant('used_at'),
  },
  (t) => [uniqueIndex('two_factor_recovery_codes_user_code').on(t.userId, t.codeHash)],
);
