import { describe, expect, it } from 'vitest';
import type { Role } from '../../../shared/api/roles';
import type { RoleCheck } from '../../../shared/bridge/contract';
import { ERRORS, formatError } from '../../../shared/errors';
import { DEMO_USERS } from '../../../server/seed/demo-users';
import { coreAgainstTestServer } from './core-against-server';

/** The roles:* handlers against the real server: what the two role screens call. */
const { value, failure, signIn } = coreAgainstTestServer();
const userId = (email: string) => DEMO_USERS.find((u) => u.email === email)!.id;
const uniqueName = (base: string) => `${base} ${Math.random().toString(36).slice(2, 8)}`;

describe('roles:* against the real server', () => {
  it('lists the catalogue and the six system roles', async () => {
    await signIn('admin@demo.example');
    const permissions = await value<{ id: string }[]>('roles:permissions');
    expect(permissions.map((p) => p.id)).toContain('roles.read');
    const roles = await value<Role[]>('roles:list');
    expect(roles.filter((r) => r.isSystemRole).map((r) => r.id)).toEqual(
      expect.arrayContaining(['super_admin', 'app_owner', 'center_admin', 'teacher', 'parent', 'staff']),
    );
  });

  it('creates, changes and deletes a custom role', async () => {
    await signIn('admin@demo.example');
    const name = uniqueName('Auditors');
    const created = await value<Role>('roles:create', {
      name: `  ${name}  `,
      permissions: ['audit.read'],
    });
    expect(created).toMatchObject({ name, isSystemRole: false, permissions: ['audit.read'] });

    const granted = await value<Role>('roles:grant', { id: created.id, permissionId: 'alerts.read' });
    expect(granted.permissions).toEqual(expect.arrayContaining(['audit.read', 'alerts.read']));
    const revoked = await value<Role>('roles:revoke', { id: created.id, permissionId: 'audit.read' });
    expect(revoked.permissions).toEqual(['alerts.read']);
    const renamed = await value<Role>('roles:update', {
      id: created.id,
      changes: { description: 'Reads alerts' },
    });
    expect(renamed.description).toBe('Reads alerts');

    await expect(value('roles:delete', { id: created.id })).resolves.toEqual({
      id: created.id,
      deleted: true,
    });
    expect((await value<Role[]>('roles:list')).some((r) => r.id === created.id)).toBe(false);
  });

  it("answers the server's words for what cannot be done", async () => {
    await signIn('admin@demo.example');
    expect(await failure('roles:delete', { id: 'center_admin' })).toBe(ERRORS.systemRoleImmutable);
    expect(await failure('roles:grant', { id: 'teacher', permissionId: 'audit.read' })).toBe(
      ERRORS.systemRoleImmutable,
    );
    const role = await value<Role>('roles:create', { name: uniqueName('Temp') });
    expect(await failure('roles:grant', { id: role.id, permissionId: 'nope.nothing' })).toBe(
      ERRORS.permissionNotFound,
    );
    expect(
      await failure('roles:assign', { userId: userId('staff@demo.example'), roleId: 'no-such-role' }),
    ).toBe(ERRORS.roleNotFound);
    expect(await failure('roles:create', { name: role.name.toUpperCase() })).toBe(ERRORS.roleNameTaken);
    expect(await failure('roles:create', { name: '   ' })).toMatch(/Role name is required/);

    await value('roles:assign', { userId: userId('staff@demo.example'), roleId: role.id });
    expect(await failure('roles:delete', { id: role.id })).toBe(formatError(ERRORS.roleInUse, { count: 1 }));
    await value('roles:assign', { userId: userId('staff@demo.example'), roleId: 'staff' });
    await value('roles:delete', { id: role.id });
  });

  it('tests a role on the server and names where each effective permission comes from', async () => {
    await signIn('admin@demo.example');
    const result = await value<{
      granted: number;
      total: number;
      results: { permission: string; granted: boolean }[];
    }>('roles:test', { id: 'staff' });
    expect(result.granted).toBe(3);
    expect(
      result.results
        .filter((r) => r.granted)
        .map((r) => r.permission)
        .sort(),
    ).toEqual(['activities.assist', 'attendance.view', 'info.view_basic']);
    const effective = await value<{ permission: { id: string }; role: { id: string } }[]>(
      'roles:userPermissions',
      { userId: userId('director@demo.example') },
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
