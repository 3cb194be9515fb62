import { and, gt, inArray, max, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { loginThrottle } from '../db/schema';

export interface ThrottlePolicy {
  /** Failures older than this (counted from the first) are forgotten. */
  windowMs: number;
  /** Failures per (email, IP) before that pair is blocked. */
  maxFailuresPerAccount: number;
  /** Failures per IP, over all emails; higher, so that one office behind one address is not locked out. */
  maxFailuresPerIp: number;
  /** The first block; each further failure doubles it. */
  baseBlockMs: number;
  maxBlockMs: number;
}

export const DEFAULT_THROTTLE_POLICY: ThrottlePolicy = {
  windowMs: 15 * 60_000,
  maxFailuresPerAccount: 5,
  maxFailuresPerIp: 100,
  baseBlockMs: 30_000,
  maxBlockMs: 15 * 60_000,
};

/** How long to block after `failures` failures against a limit of `limit`: 0 below the limit. */
export function blockDurationMs(failures: number, limit: number, policy: ThrottlePolicy): number {
  if (failures < limit) return 0;
  const doublings = Math.min(failures - limit, 30);
  return Math.min(policy.baseBlockMs * 2 ** doublings, policy.maxBlockMs);
}

export interface ThrottleKeys {
  /** (email, IP): the victim's own address is never blocked by an attacker elsewhere. */
  account: string;
  ip: string;
}

export function throttleKeys(email: string, ip: string): ThrottleKeys {
  return { account: `account:${email.trim().toLowerCase()}|${ip}`, ip: `ip:${ip}` };
}

export interface LoginThrottle {
  /** Seconds until the longest block on these keys ends, or undefined when not blocked. */
  retryAfterSeconds(keys: ThrottleKeys): Promise<number | undefined>;
  recordFailure(keys: ThrottleKeys): Promise<void>;
  /** A successful sign-in clears the (email, IP) count; the IP count stays, or one valid account would reset it. */
  recordSuccess(keys: ThrottleKeys): Promise<void>;
}

const timestamp = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;

/** Counts live in the database, so that every instance behind a load balancer sees the same ones. */
export function createLoginThrottle(db: Db, policy: ThrottlePolicy, now: () => number): LoginThrottle {
  async function fail(key: string, limit: number, at: number): Promise<void> {
    const expired = sql`${loginThrottle.firstFailureAt} <= ${timestamp(at - policy.windowMs)}`;
    const [row] = await db
      .insert(loginThrottle)
      .values({ key, failures: 1, firstFailureAt: new Date(at) })
      .onConflictDoUpdate({
        target: loginThrottle.key,
        set: {
          failures: sql`case when ${expired} then 1 else ${loginThrottle.failures} + 1 end`,
          firstFailureAt: sql`case when ${expired} then ${timestamp(at)} else ${loginThrottle.firstFailureAt} end`,
        },
      })
      .returning({ failures: loginThrottle.failures });
    const blockMs = blockDurationMs(row?.failures ?? 0, limit, policy);
    if (blockMs > 0) {
      await db
        .update(loginThrottle)
        .set({ blockedUntil: new Date(at + blockMs) })
        .where(eq(loginThrottle.key, key));
    }
  }

  return {
    async retryAfterSeconds(keys) {
      const at = now();
      const [row] = await db
        .select({ until: max(loginThrottle.blockedUntil) })
        .from(loginThrottle)
        .where(
          and(
            inArray(loginThrottle.key, [keys.account, keys.ip]),
            gt(loginThrottle.blockedUntil, new Date(at)),
          ),
        );
      return row?.until ? Math.max(1, Math.ceil((row.until.getTime() - at) / 1000)) : undefined;
    },
    async recordFailure(keys) {
      const at = now();
      await fail(keys.account, policy.maxFailuresPerAccount, at);
      await fail(keys.ip, policy.maxFailuresPerIp, at);
      // Forget counts whose window and block are both over, so a spray of guessed emails cannot grow the table.
      const stale = timestamp(at - policy.windowMs);
      await db
        .delete(loginThrottle)
        .where(
          sql`${loginThrottle.firstFailureAt} <= ${stale} and coalesce(${loginThrottle.blockedUntil} <= ${timestamp(at)}, true)`,
        );
    },
    async recordSuccess(keys) {
      await db.delete(loginThrottle).where(eq(loginThrottle.key, keys.account));
    },
  };
}
