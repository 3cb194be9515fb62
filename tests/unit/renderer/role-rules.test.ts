import { describe, expect, it } from 'vitest';
import type { Role } from '../../../shared/api/roles';
import { BridgeCallError } from '../../../shared/bridge/errors';
import { PERMISSIONS, SYSTEM_ROLES } from '../../../shared/permissions';
import {
  activeFilterCount,
  canDelete,
  canToggle,
  deleteConfirmation,
  filterPermissions,
  filterRoles,
  groupByResource,
  isValidRoleName,
  NO_FILTER,
  OPEN_GROUPS,
  roleAbilities,
  roleFormError,
  roleTemplates,
  templatePreview,
} from '../../../renderer/features/role-permissions/rules';
import {
  categoryBars,
  CHECKLIST,
  EXPECTED_ROLES,
  expectedAllowed,
} from '../../../renderer/features/role-verification/expected';

const role = (over: Partial<Role>): Role => ({
  id: 'r',
  name: 'R',
  description: '',
  permissions: [],
  isSystemRole: false,
  createdAt: '',
  updatedAt: '',
  userCount: 0,
  ...over,
});
const system = SYSTEM_ROLES.map((r) =>
  role({ id: r.id, name: r.name, permissions: [...r.permissions], isSystemRole: true }),
);
const auditors = role({
  id: 'c1',
  name: 'Auditors',
  description: 'Read the trail',
  permissions: ['audit.read'],
});
const all = [...system, auditors];
const permissionsOf = (id: string) => [...SYSTEM_ROLES.find((r) => r.id === id)!.permissions];

describe('role templates (part 2 §6)', () => {
  const templates = roleTemplates(PERMISSIONS);

  it('offers three operational templates and the Read-Only Administrator, custom', () => {
    expect(templates.map((t) => [t.name, t.category])).toEqual([
      ['Content Manager', 'operational'],
      ['Security Analyst', 'operational'],
      ['Developer', 'operational'],
      ['Read-Only Administrator', 'custom'],
    ]);
  });

  it('gives the Read-Only Administrator every read permission and nothing else', () => {
    const readOnly = templates.find((t) => t.name === 'Read-Only Administrator')!;
    expect(readOnly.permissions).toEqual(
      expect.arrayContaining(['dashboard.read', 'audit.read', 'roles.read', 'centers.view_all']),
    );
    expect(readOnly.permissions.some((id) => /\.(create|update|delete|manage)/.test(id))).toBe(false);
  });

  it('names only catalogue permissions, and previews three of them', () => {
    const ids = new Set(PERMISSIONS.map((p) => p.id as string));
    for (const t of templates) expect(t.permissions.every((id) => ids.has(id))).toBe(true);
    const preview = templatePreview(templates[1]!, PERMISSIONS);
    // Part 2 §9: three permission actions, named as the catalogue names them.
    expect(preview.shown.map((a) => a.action)).toEqual(['Read dashboard', 'Read audit', 'Read alerts']);
    expect(preview.more).toBe(templates[1]!.permissions.length - 3);
  });
});

describe('grouping, search and filter', () => {
  it('groups by resource in catalogue order; dashboard, users and system open by default', () => {
    const groups = groupByResource(PERMISSIONS);
    expect(groups.find((g) => g.resource === 'roles')!.permissions.map((p) => p.action)).toEqual([
      'create',
      'read',
      'update',
      'delete',
    ]);
    expect(OPEN_GROUPS).toEqual(['dashboard', 'users', 'system']);
  });

  it('searches roles by name, description and permission, ignoring case', () => {
    expect(filterRoles(all, { ...NO_FILTER, search: 'auditors' }).map((r) => r.id)).toEqual(['c1']);
    expect(filterRoles(all, { ...NO_FILTER, search: 'THE TRAIL' }).map((r) => r.id)).toEqual(['c1']);
    expect(filterRoles(all, { ...NO_FILTER, search: 'info.view_basic' }).map((r) => r.id)).toEqual([
      'super_admin',
      'staff',
    ]);
  });

  it('filters by kind and by resource, and counts the active filters', () => {
    expect(filterRoles(all, { ...NO_FILTER, kind: 'custom' }).map((r) => r.id)).toEqual(['c1']);
    expect(filterRoles(all, { ...NO_FILTER, kind: 'system' })).toHaveLength(6);
    expect(filterRoles(all, { ...NO_FILTER, resource: 'child' }).map((r) => r.id)).toEqual([
      'super_admin',
      'parent',
    ]);
    expect(filterPermissions(PERMISSIONS, { ...NO_FILTER, resource: 'alerts' })).toHaveLength(4);
    expect(filterPermissions(PERMISSIONS, { ...NO_FILTER, search: 'audit trail' }).map((p) => p.id)).toEqual([
      'audit.read',
    ]);
    expect(activeFilterCount(NO_FILTER)).toBe(0);
    expect(activeFilterCount({ search: 'x', kind: 'custom', resource: 'roles' })).toBe(2);
  });
});

describe('who may do what (part 2 §5, §6)', () => {
  it('reads the abilities off the permissions', () => {
    expect(roleAbilities(permissionsOf('center_admin'))).toEqual({
      read: false,
      create: false,
      update: false,
      delete: false,
    });
    expect(roleAbilities(permissionsOf('super_admin'))).toEqual({
      read: true,
      create: true,
      update: true,
      delete: true,
    });
  });

  it('disables matrix cells of system roles and for users without roles.update', () => {
    const admin = roleAbilities(permissionsOf('super_admin'));
    expect(canToggle(auditors, admin)).toBe(true);
    expect(canToggle(system[0]!, admin)).toBe(false);
    expect(canToggle(auditors, { ...admin, update: false })).toBe(false);
  });

  it('offers deletion only of custom roles, with roles.delete', () => {
    const admin = roleAbilities(permissionsOf('super_admin'));
    expect(canDelete(auditors, admin)).toBe(true);
    expect(canDelete(system[1]!, admin)).toBe(false);
    expect(canDelete(auditors, { ...admin, delete: false })).toBe(false);
    expect(deleteConfirmation('Auditors')).toBe('Delete role "Auditors"?');
  });

  it('needs a name that is not blank after trimming', () => {
    expect(isValidRoleName('  ')).toBe(false);
    expect(isValidRoleName(' Ops ')).toBe(true);
  });
});

describe('role verification', () => {
  it('states the spec’s counts and redirects', () => {
    expect(EXPECTED_ROLES.map((r) => [r.id, r.statedCount, r.redirect])).toContainEqual([
      'center_admin',
      15,
      '/center-admin',
    ]);
    expect(EXPECTED_ROLES.find((r) => r.id === 'staff')!.redirect).toBe('/dashboard');
  });

  it('draws one bar per category covering the whole catalogue', () => {
    const ids = PERMISSIONS.map((p) => p.id as string);
    const full = categoryBars(ids, ids);
    expect(full.reduce((n, b) => n + b.total, 0)).toBe(ids.length);
    expect(full.every((b) => b.percent === 100)).toBe(true);
    const teacher = categoryBars(permissionsOf('teacher'), ids);
    expect(teacher.find((b) => b.category === 'Classroom')!.granted).toBe(8);
    expect(teacher.find((b) => b.category === 'Platform')!.granted).toBe(0);
  });

  it('expects a center admin to be refused the centers list and allowed the center analytics', () => {
    const director = permissionsOf('center_admin');
    expect(CHECKLIST.map((c) => [c.id, expectedAllowed(c, director)])).toEqual([
      ['session', true],
      ['centers', false],
      ['centerAnalytics', true],
    ]);
  });
});

describe('roleFormError: told by the code, not the text', () => {
  const fallback = 'The role could not be created';
  it('a name another role holds (CONFLICT, 409) belongs to the name field', () => {
    const taken = new BridgeCallError({
      code: 'CONFLICT',
      message: 'A role with this name already exists',
      status: 409,
    });
    expect(roleFormError(taken, fallback)).toEqual({
      field: 'name',
      message: 'A role with this name already exists',
    });
  });

  it('a refusal (FORBIDDEN, 403) belongs to the form, even when its text speaks of names', () => {
    const refused = new BridgeCallError({
      code: 'FORBIDDEN',
      message: 'You may not name roles: already exists',
      status: 403,
    });
    expect(roleFormError(refused, fallback)).toEqual({ field: null, message: refused.message });
  });

  it('anything else belongs to the form, with the fallback when it has no text', () => {
    expect(roleFormError(new Error(''), fallback)).toEqual({ field: null, message: fallback });
    expect(
      roleFormError(
        new BridgeCallError({ code: 'UNAVAILABLE', message: 'Network error occurred' }),
        fallback,
      ),
    ).toEqual({
      field: null,
      message: 'Network error occurred',
    });
  });
});
