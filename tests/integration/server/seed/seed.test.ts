import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, count, countDistinct, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS, SYSTEM_ROLES } from '../../../../shared/permissions';
import type { Database } from '../../../../server/db/client';
import { migrateDatabase } from '../../../../server/db/migrate';
import {
  attendance,
  children,
  memberships,
  organizations,
  rolePermissions,
  roles,
  users,
} from '../../../../server/db/schema';
import { FIRST_DEMO_ORGANIZATION_ID } from '../../../../server/seed/tenancy';
import { MEMBER_ROLES, ORGANIZATION_STATUSES, PLANS } from '../../../../shared/tenancy';
import { seedDemo } from '../../../../server/seed/demo';
import { DEMO_USERS } from '../../../../server/seed/demo-users';
import { startServer } from '../../../../server/start';
import { createLogger } from '../../../../server/logger';
import { testDatabases } from '../../../support/databases';
import { useServerSuite } from '../../../support/suite';

const quiet = createLogger({ level: 'silent' });
/** The six demo accounts (extra demo members have addresses under their organization's subdomain). */
const userCount = async (database: Database) =>
  (await database.db.select({ n: count() }).from(users).where(like(users.email, '%@demo.example')))[0]?.n;

async function rolePermissionMap(database: Database): Promise<Record<string, string[]>> {
  const rows = await database.db.select().from(rolePermissions);
  const map: Record<string, string[]> = {};
  for (const row of rows) (map[row.roleId] ??= []).push(row.permissionId);
  for (const list of Object.values(map)) list.sort();
  return map;
}

describe.each(testDatabases)('catalogue and demo data on $name', (target) => {
  const suite = useServerSuite(target, { app: false });

  it('gives the six system roles exactly the permissions of the spec, and keeps them so', async () => {
    const expected = Object.fromEntries(SYSTEM_ROLES.map((r) => [r.id, [...r.permissions].sort()]));
    expect(await rolePermissionMap(suite.database)).toEqual(expected);
    expect(expected.super_admin).toHaveLength(PERMISSIONS.length);
    const systemRoles = await suite.database.db.select().from(roles).where(eq(roles.isSystemRole, true));
    expect(systemRoles.map((r) => r.id).sort()).toEqual(SYSTEM_ROLES.map((r) => r.id).sort());

    // Drift (a grant removed, a foreign one added) is corrected at the next start.
    await suite.database.db.delete(rolePermissions).where(sql`${rolePermissions.roleId} = 'staff'`);
    await suite.database.db
      .insert(rolePermissions)
      .values({ roleId: 'teacher', permissionId: 'users.manage' });
    await migrateDatabase(suite.database);
    expect(await rolePermissionMap(suite.database)).toEqual(expected);
  });

  // Seeding the whole demo: ~20 s of PGlite on a quiet machine, past a minute in a loaded CI run.
  it('seeds the demo dataset once', async () => {
    expect(await seedDemo(suite.database)).toBe(true);
    expect(await seedDemo(suite.database)).toBe(false);
    const rows = await suite.database.db
      .select({ email: users.email, role: users.role })
      .from(users)
      .where(like(users.email, '%@demo.example'));
    expect(rows.sort((a, b) => a.email.localeCompare(b.email))).toEqual(
      DEMO_USERS.map((u) => ({ email: u.email, role: u.role })).sort((a, b) =>
        a.email.localeCompare(b.email),
      ),
    );
  }, 240_000);

  it('seeds demo organizations over every plan and status, members in every role, children and attendance', async () => {
    const orgs = await suite.database.db.select().from(organizations);
    expect(orgs.length).toBeGreaterThanOrEqual(20);
    expect(new Set(orgs.map((o) => o.plan))).toEqual(new Set(PLANS));
    expect(new Set(orgs.map((o) => o.status))).toEqual(new Set(ORGANIZATION_STATUSES));
    expect(orgs.find((o) => o.id === FIRST_DEMO_ORGANIZATION_ID)?.name).toBe('Sunshine Early Learning');

    const director = await suite.database.db
      .select({ org: memberships.organizationId, role: memberships.role })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(eq(users.email, 'director@demo.example'));
    // Owner, manager and viewer: the organization screen's three cases for one console account.
    expect(director.map((m) => m.role).sort()).toEqual(['manager', 'owner', 'viewer']);
    expect(director.find((m) => m.org === FIRST_DEMO_ORGANIZATION_ID)?.role).toBe('owner');
    const admin = await suite.database.db
      .select({ n: count() })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(eq(users.email, 'admin@demo.example'));
    expect(admin[0]?.n).toBe(0);

    const roleRows = await suite.database.db.selectDistinct({ role: memberships.role }).from(memberships);
    expect(new Set(roleRows.map((r) => r.role))).toEqual(new Set(MEMBER_ROLES));
    const owners = await suite.database.db
      .select({ org: memberships.organizationId, n: count() })
      .from(memberships)
      .where(eq(memberships.role, 'owner'))
      .groupBy(memberships.organizationId);
    expect(owners).toHaveLength(orgs.length);
    expect(owners.every((o) => o.n === 1)).toBe(true);

    const [kids] = await suite.database.db.select({ n: count() }).from(children);
    expect(kids?.n).toBeGreaterThan(1200);
    const [days] = await suite.database.db.select({ n: countDistinct(attendance.date) }).from(attendance);
    // Five whole weeks before today: every weekday of them (25), no weekend.
    expect(days?.n).toBe(25);
    const [mismatched] = await suite.database.db
      .select({ n: count() })
      .from(attendance)
      .innerJoin(children, eq(children.id, attendance.childId))
      .where(and(sql`${attendance.organizationId} <> ${children.organizationId}`));
    expect(mismatched?.n).toBe(0);
  });
});

describe('startServer with PGlite', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'console-server-test-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('loads the demo data into a new data directory, once, and serves on loopback', async () => {
    const first = await startServer({ dataDir, logger: quiet });
    try {
      expect(first.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const health = await fetch(`${first.url}/auth/test`);
      expect(((await health.json()) as { data: { database: string } }).data.database).toBe('pglite');
      expect(await userCount(first.database)).toBe(DEMO_USERS.length);
    } finally {
      await first.close();
    }
    const again = await startServer({ dataDir, logger: quiet });
    try {
      expect(await userCount(again.database)).toBe(DEMO_USERS.length);
    } finally {
      await again.close();
    }
  });

  it('leaves the database empty when told not to seed', async () => {
    const server = await startServer({ seedDemo: false, logger: quiet });
    try {
      expect(await userCount(server.database)).toBe(0);
    } finally {
      await server.close();
    }
  });
});

const postgres = testDatabases.find((t) => t.createEmpty);
describe.runIf(postgres)('startServer with DATABASE_URL', () => {
  it('loads the demo data only with the flag, and only once', async () => {
    const created = await postgres!.createEmpty!();
    try {
      const plain = await startServer({ databaseUrl: created.url, logger: quiet });
      expect(plain.database.kind).toBe('postgres');
      expect(await userCount(plain.database)).toBe(0);
      await plain.close();

      for (let i = 0; i < 2; i++) {
        const seeded = await startServer({ databaseUrl: created.url, seedDemo: true, logger: quiet });
        expect(await userCount(seeded.database)).toBe(DEMO_USERS.length);
        await seeded.close();
      }
    } finally {
      await created.drop();
    }
  });
});
