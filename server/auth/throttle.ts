import { and, eq, inArray, max, gt, or, isNull, lte, sql } from 'drizzle-orm';
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

/**
 * The sign-in throttle (issue 25): an attempt is reserved before its password or code is checked, and a
 * reservation counts as a failure until it is released. So N guesses sent at once are N reservations
 * taken one after another on the row's lock: the limit-th one sets the block and the rest are refused
 * before any hash is computed.
 */
export interface LoginThrottle {
  /**
   * Reserves one attempt on both keys: undefined when reserved, else the seconds until the longest block
   * ends (and nothing stays reserved). A failure needs nothing more: the reservation is its record.
   */
  reserve(keys: ThrottleKeys): Promise<number | undefined>;
  /** The reserved attempt was not a failure (a right password with a second step due, or never checked). */
  release(keys: ThrottleKeys): Promise<void>;
  /** A finished sign-in clears the (email, IP) count; the IP's stays, or one valid account would reset it. */
  clear(keys: ThrottleKeys): Promise<void>;
  /** Seconds until the longest block on these keys ends, or undefined when not blocked (reads only). */
  retryAfterSeconds(keys: ThrottleKeys): Promise<number | undefined>;
}

const timestamp = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;

/** Counts live in the database, so that every instance behind a load balancer sees the same ones. */
export function createLoginThrottle(db: Db, policy: ThrottlePolicy, now: () => number): LoginThrottle {
  /** One statement per key: the upsert's row lock orders racing attempts, and a blocked row is left as it is. */
  async function reserveKey(key: string, limit: number, at: number): Promise<boolean> {
    const expired = sql`${loginThrottle.firstFailureAt} <= ${timestamp(at - policy.windowMs)}`;
    const failures = sql`(case when ${expired} then 1 else ${loginThrottle.failures} + 1 end)`;
    const blockMs = sql`least(${policy.baseBlockMs}::float8 * power(2, least(${failures} - ${limit}, 30)), ${policy.maxBlockMs}::float8)`;
    const firstBlockMs = blockDurationMs(1, limit, policy);
    const reserved = await db
      .insert(loginThrottle)
      .values({
        key,
        failures: 1,
        firstFailureAt: new Date(at),
        blockedUntil: firstBlockMs > 0 ? new Date(at + firstBlockMs) : null,
      })
      .onConflictDoUpdate({
        target: loginThrottle.key,
        set: {
          failures,
          firstFailureAt: sql`case when ${expired} then ${timestamp(at)} else ${loginThrottle.firstFailureAt} end`,
          blockedUntil: sql`case when ${failures} >= ${limit} then ${timestamp(at)} + ${blockMs} * interval '1 millisecond' else null end`,
        },
        setWhere: or(isNull(loginThrottle.blockedUntil), lte(loginThrottle.blockedUntil, new Date(at))),
      })
      .returning({ key: loginThrottle.key });
    return reserved.length > 0;
  }

  /**
   * Gives one reserved attempt back. The row was not blocked when it was reserved, and a block set after it
   * was set at the limit, which this attempt no longer fills; so the count alone decides again.
   */
  async function releaseKey(key: string): Promise<void> {
    await db
      .update(loginThrottle)
      .set({ failures: sql`greatest(${loginThrottle.failures} - 1, 0)`, blockedUntil: null })
      .where(eq(loginThrottle.key, key));
  }

  async function retryAfterSeconds(keys: ThrottleKeys): Promise<number | undefined> {
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
  }

  return {
    async reserve(keys) {
      const at = now();
      // Forget counts whose window and block are both over, so a spray of guessed emails cannot grow the table.
      await db
        .delete(loginThrottle)
        .where(
          sql`${loginThrottle.firstFailureAt} <= ${timestamp(at - policy.windowMs)} and coalesce(${loginThrottle.blockedUntil} <= ${timestamp(at)}, true)`,
        );
      if (!(await reserveKey(keys.account, policy.maxFailuresPerAccount, at))) {
        return (await retryAfterSeconds(keys)) ?? 1;
      }
      if (!(await reserveKey(keys.ip, policy.maxFailuresPerIp, at))) {
        await releaseKey(keys.account);
        return (await retryAfterSeconds(keys)) ?? 1;
      }
      return undefined;
    },
    async release(keys) {
      await releaseKey(keys.account);
      await releaseKey(keys.ip);
    },
    async clear(keys) {
      await db.delete(loginThrottle).where(eq(loginThrottle.key, keys.account));
    },
    retryAfterSeconds,
  };
}

/** One-time links (issue 25): failed uses from one address, under the same IP budget as sign-ins. */
export function linkThrottleKeys(ip: string): ThrottleKeys {
  return { account: `link:${ip}`, ip: `ip:${ip}` };
}
