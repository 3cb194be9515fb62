import { count, sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client';
import { auditLogs, demoAnchor, memberships, users } from '../db/schema';
import { DEMO_PASSWORD_HASHES } from './demo-hashes';
import { DEMO_USERS } from './demo-users';
import { seedAuditTrail, type AuditTrailOptions } from './audit';
import { insertDemoBusiness } from './business';
import { insertDemoUsage } from './usage';
import { insertDemoSignals } from './signals';
import { insertDemoAlerting } from './alerting';
import { insertDemoIntegrations } from './integrations';
import { insertDemoReports } from './reports';
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
  /**
   * true (the build's snapshot, a server's start): a few report definitions that the first start generates
   * (seed/reports.ts). Off by default so that a suite's server does not spend its start on files it never
   * reads.
   */
  reports?: boolean;
}

export async function seedDemo(database: Database, options: SeedOptions = {}): Promise<boolean> {
  const { now = Date.now(), tenants = true, anchored = true, reports = false } = options;
  return database.exclusive(async ({ db }) => {
    const [row] = await db.select({ users: count() }).from(users);
    if ((row?.users ?? 0) > 0) return false;
    await db.transaction((tx) => insertDemoData(tx, tenants ? now : undefined, anchored, reports));
    return true;
  });
}

async function insertDemoData(
  db: Db,
  tenantsAt: number | undefined,
  anchored: boolean,
  reports: boolean,
): Promise<void> {
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
    await insertDemoUsage(db, tenantsAt);
    await seedAuditTrail(db, demoAuditTrailOptions(tenantsAt, anchored));
    await fillDemoAccounts(db);
    await insertDemoSignals(db, tenantsAt);
    await insertDemoAlerting(db, tenantsAt);
    await insertDemoIntegrations(db, tenantsAt);
    if (reports) await insertDemoReports(db, tenantsAt);
    await db.insert(demoAnchor).values({
      seededAt: new Date(tenantsAt),
      anchoredAt: anchored ? new Date(tenantsAt) : null,
      filledTo: anchored ? new Date(tenantsAt) : null,
    });
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

/**
 * The demo accounts' center (the organization each administers, else the first joined) and last login
 * (their newest successful sign-in of the seeded trail), as the users screen shows them.
 */
async function fillDemoAccounts(db: Db): Promise<void> {
  await db.execute(sql`
    update ${users} u set center_id = (
      select m.organization_id from ${memberships} m where m.user_id = u.id
      order by case m.role when 'owner' then 0 when 'admin' then 1 else 2 end, m.joined_at, m.organization_id
      limit 1)
    where u.center_id is null`);
  await db.execute(sql`
    update ${users} u set last_login_at = l.at
    from (select user_id, max(timestamp) as at from ${auditLogs}
          where action = 'LOGIN' and status = 'success' and user_id is not null group by user_id) l
    where l.user_id = u.id`);
}
