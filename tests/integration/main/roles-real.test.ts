import { describe, expect, it } from 'vitest';
import type { Role } from '../../../shared/api/roles';
import type { RoleCheck } from '../../../shared/bridge/contract';
import { ERRORS, formatError } from '../../../shared/errors';
import { DEMO_USERS } from '../../../server/seed/demo-users';
import { coreAgainstTestServer } from './core-against-server';

/** The role channels (forwarded roles.* and roles:runChecks) against the real server: what the two role screens call. */
const { value, refusal, signIn } = coreAgainstTestServer();
const userId = (email: string) => DEMO_USERS.find((u) => u.email === email)!.id;
const uniqueName = (base: string) => `${base} ${Math.random().toString(36).slice(2, 8)}`;

describe('role channels against the real server', () => {
  it('lists the catalogue and the six system roles', async () => {
    await signIn('admin@demo.example');
    const permissions = await value<{ id: string }[]>('roles.listPermissions');
    expect(permissions.map((p) => p.id)).toContain('roles.read');
    const roles = await value<Role[]>('roles.listRoles');
    expect(roles.filter((r) => r.isSystemRole).map((r) => r.id)).toEqual(
      expect.arrayContaining(['super_admin', 'app_owner', 'center_admin', 'teacher', 'parent', 'staff']),
    );
  });

  it('creates, changes and deletes a custom role', async () => {
    await signIn('admin@demo.example');
    const name = uniqueName('Auditors');
    const created = await value<Role>('roles.createRole', {
      body: { name: `  ${name}  `, permissions: ['audit.read'] },
    });
    expect(created).toMatchObject({ name, isSystemRole: false, permissions: ['audit.read'] });

    const granted = await value<Role>('roles.grantPermission', {
      params: { id: created.id },
      body: { permissionId: 'alerts.read' },
    });
    expect(granted.permissions).toEqual(expect.arrayContaining(['audit.read', 'alerts.read']));
    const revoked = await value<Role>('roles.revokePermission', {
      params: { id: created.id, permissionId: 'audit.read' },
    });
    expect(revoked.permissions).toEqual(['alerts.read']);
    const renamed = await value<Role>('roles.updateRole', {
      params: { id: created.id },
      body: { description: 'Reads alerts' },
    });
    expect(renamed.description).toBe('Reads alerts');

    await expect(value('roles.deleteRole', { params: { id: created.id } })).resolves.toEqual({
      id: created.id,
      deleted: true,
    });
    expect((await value<Role[]>('roles.listRoles')).some((r) => r.id === created.id)).toBe(false);
  });

  it("answers the server's words, code and status for what cannot be done", async () => {
    await signIn('admin@demo.example');
    const byId = (id: string) => ({ params: { id } });
    const grant = (id: string, permissionId: string) => ({ params: { id }, body: { permissionId } });
    const assign = (email: string, roleId: string) => ({
      params: { userId: userId(email) },
      body: { roleId },
    });
    expect(await refusal('roles.deleteRole', byId('center_admin'))).toEqual({
      code: 'INVALID',
      message: ERRORS.systemRoleImmutable,
      status: 400,
    });
    expect(await refusal('roles.grantPermission', grant('teacher', 'audit.read'))).toMatchObject({
      message: ERRORS.systemRoleImmutable,
    });
    const role = await value<Role>('roles.createRole', { body: { name: uniqueName('Temp') } });
    expect(await refusal('roles.grantPermission', grant(role.id, 'nope.nothing'))).toEqual({
      code: 'INVALID',
      message: ERRORS.permissionNotFound,
      status: 400,
    });
    expect(await refusal('roles.assignUserRole', assign('staff@demo.example', 'no-such-role'))).toEqual({
      code: 'INVALID',
      message: ERRORS.roleNotFound,
      status: 400,
    });
    expect(await refusal('roles.deleteRole', byId('no-such-role'))).toEqual({
      code: 'NOT_FOUND',
      message: ERRORS.roleNotFound,
      status: 404,
    });
    expect(await refusal('roles.createRole', { body: { name: role.name.toUpperCase() } })).toEqual({
      code: 'CONFLICT',
      message: ERRORS.roleNameTaken,
      status: 409,
    });
    // Refused by the bridge before any call: the endpoint's own text, no status.
    expect(await refusal('roles.createRole', { body: { name: '   ' } })).toEqual({
      code: 'INVALID',
      message: expect.stringMatching(/Role name is required/),
    });

    await value('roles.assignUserRole', assign('staff@demo.example', role.id));
    expect(await refusal('roles.deleteRole', byId(role.id))).toMatchObject({
      code: 'CONFLICT',
      message: formatError(ERRORS.roleInUse, { count: 1 }),
      status: 409,
    });
    await value('roles.assignUserRole', assign('staff@demo.example', 'staff'));
    await value('roles.deleteRole', byId(role.id));
  });

  it('a user without roles.manage is refused with FORBIDDEN and 403', async () => {
    await signIn('director@demo.example');
    expect(await refusal('roles.createRole', { body: { name: uniqueName('Nope') } })).toMatchObject({
      code: 'FORBIDDEN',
      status: 403,
    });
  });

  it('tests a role on the server and names where each effective permission comes from', async () => {
    await signIn('admin@demo.example');
    const result = await value<{
      granted: number;
      total: number;
      results: { permission: string; granted: boolean }[];
    }>('roles.testRole', { params: { id: 'staff' } });
    expect(result.granted).toBe(3);
    expect(
      result.results
        .filter((r) => r.granted)
        .map((r) => r.permission)
        .sort(),
    ).toEqual(['activities.assist', 'attendance.view', 'info.view_basic']);
    const effective = await value<{ permission: { id: string }; role: { id: string } }[]>(
      'roles.userPermissions',
      { params: { userId: userId('director@demo.example') } },
    );
    expect(effective).toHaveLength(15);
    expect(new Set(effective.map((e) => e.role.id))).toEqual(new Set(['center_admin']));
  });

  it('runs the checklist for real: a center admin is refused the centers list, not the center analytics', async () => {
    await signIn('director@demo.example');
    const { organizationId } = await value<{ organizationId: string }>('orgs:current');
    const checks = await value<RoleCheck[]>('roles:runChecks');
    const byId = Object.fromEntries(checks.map((c) => [c.id, c]));
    expect(byId.session).toMatchObject({ allowed: true, status: 200 });
    expect(byId.centers).toMatchObject({
      allowed: false,
      status: 403,
      path: '/centers',
      error: formatError(ERRORS.forbidden, { permission: 'centers.view_all' }),
    });
    expect(byId.centerAnalytics).toMatchObject({
      allowed: true,
      status: 200,
      path: `/centers/${organizationId}/analytics`,
    });
  });

  it('runs the checklist for a platform administrator: everything allowed', async () => {
    await signIn('admin@demo.example');
    await value('orgs:current');
    const checks = await value<RoleCheck[]>('roles:runChecks');
    expect(checks.map((c) => [c.id, c.allowed])).toEqual([
      ['session', true],
      ['centers', true],
      ['centerAnalytics', true],
    ]);
  });
});
