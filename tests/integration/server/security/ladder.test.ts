/**
 * Issue 25 (3): users.manage and roles.update are not a ladder. Resetting someone's two-factor, taking a
 * permission from a role and assigning a role need the caller to hold everything the target holds, and the
 * last active super admin keeps the role, as on the users screen.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ERRORS, formatError } from '../../../../shared/errors';
import { USER_TEXTS } from '../../../../shared/users';
import { rolePermissions, roles, users } from '../../../../server/db/schema';
import { DEMO_PASSWORD_HASHES } from '../../../../server/seed/demo-hashes';
import { testDatabases } from '../../../support/databases';
import { bearer, call, insertTwoFactor, insertUser, tokenFor } from '../../../support/server';
import { useServerSuite } from '../../../support/suite';

describe.each(testDatabases)('no ladder through users.manage and roles.update on $name', (target) => {
  const suite = useServerSuite(target, { tenants: true });
  const { clock, f } = suite;

  async function customRole(id: string, permissionIds: string[]): Promise<void> {
    await suite.database.db.insert(roles).values({ id, name: `Role ${id}` });
    await suite.database.db
      .insert(rolePermissions)
      .values(permissionIds.map((permissionId) => ({ roleId: id, permissionId })));
  }
  /** A user administrator: users.manage and role editing, but none of a super admin's other powers. */
  async function userAdministrator(): Promise<string> {
    const role = `user_admin_${randomUUID().slice(0, 6)}`;
    await customRole(role, ['users.manage', 'roles.read', 'roles.update']);
    return tokenFor(suite.database, clock, await userOf(role));
  }
  async function userOf(role: string): Promise<string> {
    const id = randomUUID();
    await suite.database.db.insert(users).values({
      id,
      email: `${role}-${id.slice(0, 8)}@test.example`,
      name: 'Test user',
      role,
      passwordHash: DEMO_PASSWORD_HASHES['admin@demo.example'],
    });
    return id;
  }
  const send = (method: 'DELETE' | 'PUT', url: string, token: string, payload?: object) =>
    call(suite.app, { method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

  it('refuses to reset the two-factor sign-in of someone holding more than the caller', async () => {
    const caller = await userAdministrator();
    await insertTwoFactor(suite.database, f.platformAdmin.id);
    const above = await send('DELETE', `/users/${f.platformAdmin.id}/two-factor`, caller);
    expect(above.status).toBe(403);
    expect(above.body.error).toMatch(/^You do not have the permission /);

    // Someone holding no more than the caller: reset.
    await customRole('user_readers_2fa', ['users.manage']);
    const peer = await userOf('user_readers_2fa');
    await insertTwoFactor(suite.database, peer);
    expect((await send('DELETE', `/users/${peer}/two-factor`, caller)).status).toBe(200);
  });

  it('refuses to take a permission from a role holding more than the caller', async () => {
    const caller = await userAdministrator();
    await customRole('backup_operators', ['backups.manage', 'users.manage']);
    const refused = await send('DELETE', '/roles/backup_operators/permissions/users.manage', caller);
    expect(refused).toMatchObject({
      status: 403,
      body: { error: formatError(ERRORS.forbidden, { permission: 'backups.manage' }) },
    });
    await customRole('user_readers', ['users.manage', 'roles.read']);
    expect((await send('DELETE', '/roles/user_readers/permissions/roles.read', caller)).status).toBe(200);
  });

  it('keeps the last active super admin in the role', async () => {
    const admin = await tokenFor(suite.database, clock, f.platformAdmin.id);
    const demote = () => send('PUT', `/users/${f.platformAdmin.id}/role`, admin, { roleId: 'app_owner' });
    expect(await demote()).toMatchObject({ status: 409, body: { error: USER_TEXTS.lastSuperAdmin } });
    // With another active super admin, the change goes through.
    await insertUser(suite.database, 'super_admin');
    expect((await demote()).status).toBe(200);
  });
});
