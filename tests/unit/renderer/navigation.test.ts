import { describe, expect, it } from 'vitest';
import { NAV_GROUPS } from '../../../shared/routes';
import { systemRole } from '../../../shared/permissions';
import { homePath, navSections, routeForPath } from '../../../renderer/lib/navigation';
import { requirementText } from '../../../renderer/lib/guards';

const subject = (role: string) => ({ role, permissions: systemRole(role)?.permissions ?? [] });

describe('navigation filtering', () => {
  it('shows a super admin every group and all sixteen screens', () => {
    const sections = navSections(subject('super_admin'));
    expect(sections.map((s) => s.group)).toEqual([...NAV_GROUPS]);
    expect(sections.flatMap((s) => s.routes)).toHaveLength(16);
    expect(sections[0]?.routes.map((r) => r.path)).toEqual([
      '/dashboard',
      '/cost-optimization',
      '/analytics',
    ]);
  });

  it('shows a center admin only what it may open and hides empty groups', () => {
    const sections = navSections(subject('center_admin'));
    const paths = sections.flatMap((s) => s.routes.map((r) => r.path));
    expect(paths).toEqual(['/dashboard', '/cost-optimization', '/organization', '/reports']);
    // /role-permissions opens with its own refusal text, so it is not offered without roles.read.
    expect(sections.map((s) => s.group)).toEqual(['Dashboard', 'Management']);
  });

  it('needs the exact role for a role guard', () => {
    const paths = (role: string) => navSections(subject(role)).flatMap((s) => s.routes.map((r) => r.path));
    expect(paths('super_admin')).toContain('/backup-recovery');
    // app_owner holds many permissions but is not super_admin.
    expect(paths('app_owner')).not.toContain('/backup-recovery');
  });

  it('leads "/" to the dashboard, or to the first allowed screen', () => {
    expect(homePath(subject('center_admin'))).toBe('/dashboard');
    expect(homePath(subject('app_owner'))).toBe('/cost-optimization');
  });

  it('finds a route by path', () => {
    expect(routeForPath('/users')?.title).toBe('User Management');
    expect(routeForPath('/')).toBeUndefined();
  });
});

describe('access denied requirement', () => {
  it('names the role or the permission', () => {
    expect(requirementText({ kind: 'role', role: 'super_admin' })).toBe('Required role: Super Admin');
    expect(requirementText({ kind: 'permission', permission: 'users.manage' })).toBe(
      'Required permission: users.manage',
    );
    expect(requirementText({ kind: 'member' })).toBeUndefined();
  });
});
