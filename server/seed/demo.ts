import { count } from 'drizzle-orm';
import type { Database, Db } from '../db/client';
import { demoAnchor, users } from '../db/schema';
import { DEMO_PASSWORD_HASHES } from './demo-hashes';
import { DEMO_USERS } from './demo-users';
import { seedAuditTrail, type AuditTrailOptions } from './audit';
import { insertDemoBusiness } from './business';
import { insertDemoSignals } from './signals';
import { DEMO_ORGANIZATION_COUNT, demoOrganizationId, insertDemoTenants } from './tenancy';

/**
 * Loads the deterministic demo dataset into an empty database; a database that has users already is left
 * alone, so this is safe at every start. Answers whether it seeded.
 */
export interface SeedOptions {
  /** Dates of the demo tenants count back from here. */
  now?: number;
  /** false: the six demo accounts only (tests that need no organizations). */
  tenants?: boolean;
  /**
   * false (the build's snapshot): the dates wait to be moved to the first start (seed/anchor.ts) and the
   * audit records to be sealed after the move, both done by migrateDatabase at that start.
   */
  anchored?: boolean;
}

export async function seedDemo(database: Database, options: SeedOptions = {}): Promise<boolean> {
  const { now = Date.now(), tenants = true, anchored = true } = options;
  return database.exclusive(async ({ db }) => {
    const [row] = await db.select({ users: count() }).from(users);
    if ((row?.users ?? 0) > 0) return false;
    await db.transaction((tx) => insertDemoData(tx, tenants ? now : undefined, anchored));
    return true;
  });
}

async function insertDemoData(db: Db, tenantsAt: number | undefined, anchored: boolean): Promise<void> {
  await db.insert(users).values(
    DEMO_USERS.map((u) => ({
      ...u,
      passwordHash: DEMO_PASSWORD_HASHES[u.email],
      status: 'active' as const,
    })),
  );
  if (tenantsAt !== undefined) {
    await insertDemoTenants(db, tenantsAt);
    await insertDemoBusiness(db, tenantsAt);
    await seedAuditTrail(db, demoAuditTrailOptions(tenantsAt, anchored));
    await insertDemoSignals(db, tenantsAt);
    await db
      .insert(demoAnchor)
      .values({ seededAt: new Date(tenantsAt), anchoredAt: anchored ? new Date(tenantsAt) : null });
  }
}

const DEMO_AUDIT_DAYS = 30;
const DEMO_AUDIT_RECORDS = 1_500;

/** A month of plausible audit history by the demo's console users, chained like the live trail. */
export function demoAuditTrailOptions(now: number, sealed: boolean): AuditTrailOptions {
  const span = DEMO_AUDIT_DAYS * 86_400_000;
  return {
    count: DEMO_AUDIT_RECORDS,
    start: new Date(now - span),
    stepMs: Math.floor(span / DEMO_AUDIT_RECORDS),
    organizationIds: Array.from({ length: DEMO_ORGANIZATION_COUNT }, (_, i) => demoOrganizationId(i)),
    people: DEMO_USERS.filter((u) => ['super_admin', 'app_owner', 'center_admin'].includes(u.role)),
    seed: 2026,
    sealed,
  };
}
