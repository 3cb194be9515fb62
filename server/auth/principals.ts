import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { SessionUser } from '../../shared/api';
import type { MEMBER_STATUSES, MemberRole } from '../../shared/tenancy';
import type { Database, Db } from '../db/client';
import { memberships, organizations, type UserRow } from '../db/schema';
import { createExpiringLru } from './lru';
import { findUserById, toSessionUser } from './users';

/** The NOTIFY channel of the triggers in migration 0009_principals_sql. */
export const PRINCIPAL_CHANNEL = 'principals';
/**
 * Safety net only: every change that matters is announced by a trigger at once. 30 s bounds how long a
 * change that bypasses the triggers (a restore run with triggers disabled, `session_replication_role =
 * replica`) can go unseen, at the cost of one reload per active user and instance every 30 s.
 */
export const PRINCIPAL_TTL_MS = 30_000;
/** Principals kept per instance: far more than a console's administrators, a few MB at most. */
export const PRINCIPAL_CACHE_SIZE = 10_000;
/** How long `settle` waits for its own fence before emptying the cache instead. */
const FENCE_TIMEOUT_MS = 2_000;

export interface MembershipView {
  role: MemberRole;
  status: (typeof MEMBER_STATUSES)[number];
  /** Epoch milliseconds; what touchMembership compares to decide whether to write. */
  lastActiveAt: number | null;
}

/** What authentication and the tenancy checks need of a user, without the password hash. */
export interface Principal {
  user: Pick<UserRow, 'id' | 'status' | 'tokensValidAfter'>;
  /** Built once per load: requests share it and must not change it. */
  session: SessionUser;
  /** By organization id. */
  memberships: Map<string, MembershipView>;
}

/** A caller's standing in one organization, as the tenancy check needs it. */
export interface TenantStanding {
  organizationExists: boolean;
  membership: MembershipView | undefined;
}

export interface PrincipalCache {
  /** The user (an id known to be a uuid) and its role's permissions and memberships; undefined: none. */
  principal(userId: string): Promise<Principal | undefined>;
  /**
   * The principal if this instance holds it now (fresh, and announcements are being heard); undefined
   * otherwise, and then `principal` decides. The hot path's way to authenticate without a promise.
   */
  cached(userId: string): Principal | undefined;
  /** Whether the organization exists and the user's membership there. */
  standing(userId: string, organizationId: string): Promise<TenantStanding>;
  /** When the member was last marked seen, as this instance knows it (memory only; undefined: unknown). */
  lastActiveAt(userId: string, organizationId: string): number | null | undefined;
  /** touchMembership wrote `at` (the cached membership follows, so the next requests skip the write). */
  markActive(userId: string, organizationId: string, at: number): void;
  /**
   * Resolves once every change committed before the call has reached this instance's cache: a request
   * that changed something answers only then, so its caller's next request sees the change here too.
   */
  settle(): Promise<void>;
  /** False while the LISTEN connection is down: then nothing is cached and every request reads. */
  readonly listening: boolean;
  readonly size: number;
  /**
   * Hears every change the database announces (and a lost or restored LISTEN as `all`), after the cache
   * dropped what it changed: long-lived holders of a session (the alert stream) check it again then.
   */
  onChange(listener: (change: PrincipalChange) => void): () => void;
  close(): Promise<void>;
}

/** What changed: one user, everyone holding one role, or anything (unknown, or announcements were lost). */
export type PrincipalChange = { kind: 'user' | 'role'; id: string } | { kind: 'all' };

export interface PrincipalCacheOptions {
  database: Database;
  logger: FastifyBaseLogger;
  ttlMs?: number;
  maxEntries?: number;
  /** Monotonic milliseconds, for the lifetimes. */
  clock?: () => number;
}

async function loadPrincipal(db: Db, userId: string): Promise<Principal | undefined> {
  const found = await findUserById(db, userId);
  if (!found) return undefined;
  const rows = await db
    .select({
      organizationId: memberships.organizationId,
      role: memberships.role,
      status: memberships.status,
      lastActiveAt: memberships.lastActiveAt,
    })
    .from(memberships)
    .where(eq(memberships.userId, userId));
  const { id, status, tokensValidAfter } = found.user;
  return {
    user: { id, status, tokensValidAfter },
    session: toSessionUser(found),
    memberships: new Map(
      rows.map((r) => [
        r.organizationId,
        { role: r.role, status: r.status, lastActiveAt: r.lastActiveAt?.getTime() ?? null },
      ]),
    ),
  };
}

/** The organization and the user's membership in one query: the way without a cached principal. */
async function readStanding(db: Db, userId: string, organizationId: string): Promise<TenantStanding> {
  const [row] = await db
    .select({ role: memberships.role, status: memberships.status, lastActiveAt: memberships.lastActiveAt })
    .from(organizations)
    .leftJoin(
      memberships,
      and(eq(memberships.organizationId, organizations.id), eq(memberships.userId, userId)),
    )
    .where(eq(organizations.id, organizationId));
  if (!row) return { organizationExists: false, membership: undefined };
  const membership =
    row.role && row.status
      ? { role: row.role, status: row.status, lastActiveAt: row.lastActiveAt?.getTime() ?? null }
      : undefined;
  return { organizationExists: true, membership };
}

/**
 * Each instance's principals in memory, dropped as soon as the database announces a change through the
 * triggers' NOTIFY (PGlite delivers them too). A load that overlaps an announcement is answered but not
 * kept (the epoch moved), so an entry never outlives a change it did not see.
 */
export async function createPrincipalCache({
  database,
  logger,
  ttlMs = PRINCIPAL_TTL_MS,
  maxEntries = PRINCIPAL_CACHE_SIZE,
  clock = () => performance.now(),
}: PrincipalCacheOptions): Promise<PrincipalCache> {
  const { db } = database;
  const principals = createExpiringLru<string, Principal>(maxEntries, clock);
  /** Organizations seen to exist (a deletion is announced; a creation needs no announcement). */
  const organizationsSeen = createExpiringLru<string, true>(maxEntries, clock);
  const loading = new Map<string, Promise<Principal | undefined>>();
  let epoch = 0;
  let listening = true;
  const fences = new Map<string, () => void>();
  const fencePrefix = `fence:${randomUUID()}:`;
  let fenceCount = 0;
  const changeListeners = new Set<(change: PrincipalChange) => void>();
  const announce = (change: PrincipalChange) => {
    for (const listener of [...changeListeners]) {
      try {
        listener(change);
      } catch (error) {
        logger.warn({ err: error }, 'a principal change listener failed');
      }
    }
  };

  const dropAll = () => {
    epoch++;
    principals.clear();
    organizationsSeen.clear();
    loading.clear();
  };
  const onNotify = (payload: string) => {
    if (payload.startsWith('fence:')) {
      fences.get(payload)?.();
      return;
    }
    epoch++;
    const [kind, id = ''] = payload.split(/:(.*)/s);
    if (kind === 'user') {
      principals.delete(id);
      loading.delete(id);
      announce({ kind, id });
    } else if (kind === 'role') {
      principals.deleteWhere((p) => p.session.role === id);
      loading.clear();
      announce({ kind, id });
    } else if (kind === 'organization') {
      organizationsSeen.delete(id);
    } else {
      if (kind !== 'all') logger.warn(`unknown ${PRINCIPAL_CHANNEL} notification, everything dropped`);
      dropAll();
      announce({ kind: 'all' });
    }
  };
  const unlisten = await database.listen(PRINCIPAL_CHANNEL, onNotify, {
    onLost() {
      // Announcements are lost until LISTEN is back: trust nothing kept, keep nothing new.
      listening = false;
      dropAll();
      for (const release of fences.values()) release();
      announce({ kind: 'all' });
      logger.warn('principal cache: LISTEN connection lost, reading the database on every request');
    },
    onRestored() {
      dropAll();
      listening = true;
      // Whatever changed while nobody listened is unknown: every holder checks again.
      announce({ kind: 'all' });
      logger.info('principal cache: LISTEN is back, caching again');
    },
  });

  const load = (userId: string): Promise<Principal | undefined> => {
    const startedAt = epoch;
    const loaded = loadPrincipal(db, userId).then((principal) => {
      if (loading.get(userId) === loaded) loading.delete(userId);
      if (principal && listening && epoch === startedAt) principals.set(userId, principal, ttlMs);
      return principal;
    });
    // Failures are the caller's; the next request tries again.
    loaded.catch(() => {
      if (loading.get(userId) === loaded) loading.delete(userId);
    });
    loading.set(userId, loaded);
    return loaded;
  };

  const principal = (userId: string): Promise<Principal | undefined> => {
    if (!listening) return loadPrincipal(db, userId);
    const cached = principals.get(userId);
    if (cached) return Promise.resolve(cached);
    return loading.get(userId) ?? load(userId);
  };

  return {
    principal,

    cached: (userId) => (listening ? principals.get(userId) : undefined),

    async standing(userId, organizationId) {
      if (!listening) return readStanding(db, userId, organizationId);
      const cached = await principal(userId);
      if (!cached) return readStanding(db, userId, organizationId);
      const membership = cached.memberships.get(organizationId);
      // A membership implies its organization (a deleted one takes its memberships, which is announced).
      if (membership || organizationsSeen.get(organizationId))
        return { organizationExists: true, membership };
      const startedAt = epoch;
      const standing = await readStanding(db, userId, organizationId);
      if (standing.organizationExists && listening && epoch === startedAt)
        organizationsSeen.set(organizationId, true, ttlMs);
      return standing;
    },

    lastActiveAt(userId, organizationId) {
      return principals.get(userId)?.memberships.get(organizationId)?.lastActiveAt;
    },

    markActive(userId, organizationId, at) {
      const membership = principals.get(userId)?.memberships.get(organizationId);
      if (membership) membership.lastActiveAt = at;
    },

    async settle() {
      // PGlite hands this process its notifications before the query that caused them resolves: by the
      // time a change's transaction has returned, the cache has already dropped what it changed.
      if (database.kind === 'pglite' || !listening) return;
      const fence = `${fencePrefix}${++fenceCount}`;
      let timer: NodeJS.Timeout | undefined;
      const arrived = new Promise<boolean>((resolve) => {
        fences.set(fence, () => resolve(true));
        timer = setTimeout(() => resolve(false), FENCE_TIMEOUT_MS);
      });
      try {
        // Notifications reach a listener in commit order: the fence comes after every earlier change's.
        await db.execute(sql`select pg_notify(${PRINCIPAL_CHANNEL}, ${fence})`);
        if (!(await arrived)) {
          logger.warn('principal cache: a fence did not come back in time, everything dropped');
          dropAll();
        }
      } finally {
        clearTimeout(timer);
        fences.delete(fence);
      }
    },

    get listening() {
      return listening;
    },
    get size() {
      return principals.size;
    },

    onChange(listener) {
      changeListeners.add(listener);
      return () => void changeListeners.delete(listener);
    },

    async close() {
      dropAll();
      changeListeners.clear();
      // A database closed first (or lost) has no LISTEN left to stop: nothing to undo then.
      await unlisten().catch((error: unknown) =>
        logger.warn({ err: error }, `stopping the ${PRINCIPAL_CHANNEL} LISTEN failed`),
      );
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's principal cache (buildApp): tests settle it after writing to the database themselves. */
    principals: PrincipalCache;
  }
}
