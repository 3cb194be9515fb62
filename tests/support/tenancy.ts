/**
 * Two organizations for tenancy tests, inserted directly: A with a member in every role, B with an
 * owner and a viewer, children with attendance in both, a user who belongs to neither, and two platform
 * users (super_admin: centers.view_all + centers.manage; a custom role with centers.view_all only).
 */
import { createHash, randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../server/db/client';
import {
  TENANT_TABLES,
  alerts,
  attendance,
  auditLogs,
  children,
  dashboards,
  memberships,
  organizations,
  rolePermissions,
  roles,
  subscriptions,
  users,
} from '../../server/db/schema';
import { DEMO_PASSWORD_HASHES } from '../../server/seed/demo-hashes';
import type { MemberRole } from '../../shared/tenancy';
import { insertUser, tokenFor, type TestClock } from './server';

export interface FixtureUser {
  id: string;
  email: string;
  token: string;
}

export interface TenantFixture {
  orgA: string;
  orgB: string;
  a: Record<MemberRole, FixtureUser>;
  b: { owner: FixtureUser; viewer: FixtureUser };
  outsider: FixtureUser;
  platformAdmin: FixtureUser;
  platformReader: FixtureUser;
  childA: string;
  childB: string;
}

const PLATFORM_READER_ROLE = 'platform_reader';

async function insertOrganization(database: Database, name: string, now: Date): Promise<string> {
  const id = randomUUID();
  await database.db.insert(organizations).values({
    id,
    name,
    slug: `${name.toLowerCase().replace(/\W+/g, '-')}-${id.slice(0, 8)}`,
    plan: 'starter',
    status: 'active',
    companyName: name,
    features: { attendance: true, analytics: false },
    maxUsers: 10,
    maxMetrics: 3,
    maxAlerts: 2,
    createdAt: now,
  });
  await database.db.insert(subscriptions).values({
    organizationId: id,
    status: 'active',
    currentPeriodStart: now,
    currentPeriodEnd: new Date(now.getTime() + 30 * 86_400_000),
    billingEmail: `billing@${id.slice(0, 8)}.test.example`,
    paymentBrand: 'visa',
    paymentLast4: '4242',
    paymentExpiryMonth: 12,
    paymentExpiryYear: 2030,
  });
  await database.db.insert(dashboards).values([
    { organizationId: id, name: 'Attendance' },
    { organizationId: id, name: 'Enrollment' },
  ]);
  await database.db.insert(alerts).values({ organizationId: id, title: 'Late pick-up', severity: 'low' });
  return id;
}

async function member(
  database: Database,
  clock: TestClock,
  organizationId: string,
  role: MemberRole,
): Promise<FixtureUser> {
  const user = await insertUser(database, role === 'owner' ? 'center_admin' : 'staff');
  await database.db.insert(memberships).values({
    organizationId,
    userId: user.id,
    role,
    joinedAt: new Date(clock.now() - 86_400_000),
    lastActiveAt: role === 'viewer' ? null : new Date(clock.now() - 86_400_000),
  });
  return { id: user.id, email: user.email, token: await tokenFor(database, clock, user.id) };
}

async function insertChild(database: Database, organizationId: string, firstName: string, clock: TestClock) {
  const [row] = await database.db
    .insert(children)
    .values({ organizationId, firstName, lastName: 'Fixture', dateOfBirth: '2022-05-01' })
    .returning();
  if (!row) throw new Error('no child');
  const yesterday = new Date(clock.now() - 86_400_000);
  await database.db.insert(attendance).values({
    organizationId,
    childId: row.id,
    date: yesterday.toISOString().slice(0, 10),
    checkInAt: yesterday,
    checkOutAt: new Date(yesterday.getTime() + 8 * 3_600_000),
  });
  return row.id;
}

export async function createTenantFixture(database: Database, clock: TestClock): Promise<TenantFixture> {
  const now = new Date(clock.now());
  const orgA = await insertOrganization(database, 'Alpha Kids', now);
  const orgB = await insertOrganization(database, 'Bravo Tots', now);
  const a = {} as Record<MemberRole, FixtureUser>;
  for (const role of ['owner', 'admin', 'manager', 'operator', 'viewer'] as const) {
    a[role] = await member(database, clock, orgA, role);
  }
  const b = {
    owner: await member(database, clock, orgB, 'owner'),
    viewer: await member(database, clock, orgB, 'viewer'),
  };

  const outsiderUser = await insertUser(database, 'center_admin');
  const adminUser = await insertUser(database, 'super_admin');
  await database.db
    .insert(roles)
    .values({ id: PLATFORM_READER_ROLE, name: 'Platform reader' })
    .onConflictDoNothing();
  await database.db
    .insert(rolePermissions)
    .values([
      { roleId: PLATFORM_READER_ROLE, permissionId: 'centers.view_all' },
      { roleId: PLATFORM_READER_ROLE, permissionId: 'dashboard.read' },
    ])
    .onConflictDoNothing();
  const readerId = randomUUID();
  await database.db.insert(users).values({
    id: readerId,
    email: `reader-${readerId.slice(0, 8)}@test.example`,
    name: 'Platform Reader',
    role: PLATFORM_READER_ROLE,
    passwordHash: DEMO_PASSWORD_HASHES['admin@demo.example'],
  });
  const fixtureUser = async (id: string, email: string) => ({
    id,
    email,
    token: await tokenFor(database, clock, id),
  });

  return {
    orgA,
    orgB,
    a,
    b,
    outsider: await fixtureUser(outsiderUser.id, outsiderUser.email),
    platformAdmin: await fixtureUser(adminUser.id, adminUser.email),
    platformReader: await fixtureUser(readerId, `reader-${readerId.slice(0, 8)}@test.example`),
    childA: await insertChild(database, orgA, 'Ava', clock),
    childB: await insertChild(database, orgB, 'Ben', clock),
  };
}

/** A digest of every tenant row of the organization: equal digests, unchanged data. */
export async function tenantDigest(database: Database, organizationId: string): Promise<string> {
  const hash = createHash('sha256');
  for (const table of TENANT_TABLES) {
    const column = table === 'organizations' ? 'id' : 'organization_id';
    const result = (await database.db.execute(
      sql`select to_jsonb(t.*)::text as row from ${sql.identifier(table)} t where t.${sql.identifier(column)} = ${organizationId} order by t.id`,
    )) as { rows: { row: string }[] };
    hash.update(table);
    for (const { row } of result.rows) hash.update(row);
  }
  return hash.digest('hex');
}

/** The audit records, oldest first. */
export const auditRows = (database: Database) =>
  database.db.select().from(auditLogs).orderBy(asc(auditLogs.timestamp), asc(auditLogs.id));

export const auditRowsFor = (database: Database, userId: string) =>
  database.db.select().from(auditLogs).where(eq(auditLogs.userId, userId)).orderBy(asc(auditLogs.timestamp));
