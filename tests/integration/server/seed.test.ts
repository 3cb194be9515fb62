import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS, SYSTEM_ROLES } from '../../../shared/permissions';
import type { Database } from '../../../server/db/client';
import { migrateDatabase } from '../../../server/db/migrate';
import { rolePermissions, roles, users } from '../../../server/db/schema';
import { seedDemo } from '../../../server/seed/demo';
import { DEMO_USERS } from '../../../server/seed/demo-users';
import { startServer } from '../../../server/start';
import { createLogger } from '../../../server/logger';
import { testDatabases } from '../../support/databases';

const quiet = createLogger({ level: 'silent' });
const userCount = async (database: Database) => (await database.db.select({ n: count() }).from(users))[0]?.n;

async function rolePermissionMap(database: Database): Promise<Record<string, string[]>> {
  const rows = await database.db.select().from(rolePermissions);
  const map: Record<string, string[]> = {};
  for (const row of rows) (map[row.roleId] ??= []).push(row.permissionId);
  for (const list of Object.values(map)) list.sort();
  return map;
}

describe.each(testDatabases)('catalogue and demo data on $name', (target) => {
  let database: Database;

  beforeAll(async () => {
    database = await target.open();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('gives the six system roles exactly the permissions of the spec, and keeps them so', async () => {
    const expected = Object.fromEntries(SYSTEM_ROLES.map((r) => [r.id, [...r.permissions].sort()]));
    expect(await rolePermissionMap(database)).toEqual(expected);
    expect(expected.super_admin).toHaveLength(PERMISSIONS.length);
    const systemRoles = await database.db.select().from(roles).where(eq(roles.isSystemRole, true));
    expect(systemRoles.map((r) => r.id).sort()).toEqual(SYSTEM_ROLES.map((r) => r.id).sort());

    // Drift (a grant removed, a foreign one added) is corrected at the next start.
    await database.db.delete(rolePermissions).where(sql`${rolePermissions.roleId} = 'staff'`);
    await database.db.insert(rolePermissions).values({ roleId: 'teacher', permissionId: 'users.manage' });
    await migrateDatabase(database);
    expect(await rolePermissionMap(database)).toEqual(expected);
  });

  it('seeds the demo dataset once', async () => {
    expect(await seedDemo(database)).toBe(true);
    expect(await seedDemo(database)).toBe(false);
    const rows = await database.db.select({ email: users.email, role: users.role }).from(users);
    expect(rows.sort((a, b) => a.email.localeCompare(b.email))).toEqual(
      DEMO_USERS.map((u) => ({ email: u.email, role: u.role })).sort((a, b) =>
        a.email.localeCompare(b.email),
      ),
    );
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
