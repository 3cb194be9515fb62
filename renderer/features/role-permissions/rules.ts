/**
 * The rules of the role-management screen (part 2 §2, §5, §6), pure so that they are tested alone:
 * templates, grouping, search and filter, and who may do what.
 */
import { hasErrorCode } from '../../../shared/bridge/errors';
import { errorMessage } from '../../lib/errors';
import type { Role } from '../../../shared/api/roles';
import { ROLE_PERMISSIONS_TEXTS } from './texts';

export interface CataloguePermission {
  id: string;
  name: string;
  description: string;
  resource: string;
  action: string;
}

export type TemplateCategory = 'system' | 'operational' | 'custom';

export interface RoleTemplate {
  id: string;
  name: string;
  description: string;
  category: TemplateCategory;
  permissions: string[];
}

/** A read permission: the action reads or views. The Read-Only Administrator holds all of them. */
export function isReadPermission(permission: CataloguePermission): boolean {
  return permission.action === 'read' || permission.action.startsWith('view');
}

/** Part 2 §6: three operational templates and the Read-Only Administrator (custom, every read permission). */
export function roleTemplates(catalogue: readonly CataloguePermission[]): RoleTemplate[] {
  const known = new Set(catalogue.map((p) => p.id));
  const only = (ids: string[]) => ids.filter((id) => known.has(id));
  return [
    {
      id: 'content-manager',
      name: 'Content Manager',
      description: 'Keeps reports, alerts and settings content current without changing who may do what',
      category: 'operational',
      permissions: only([
        'dashboard.read',
        'reports.view_financial',
        'alerts.read',
        'alerts.update',
        'settings.read',
      ]),
    },
    {
      id: 'security-analyst',
      name: 'Security Analyst',
      description: 'Watches the audit trail, alerts and system health, and reviews roles',
      category: 'operational',
      permissions: only([
        'dashboard.read',
        'audit.read',
        'alerts.read',
        'alerts.update',
        'roles.read',
        'system.view_health',
      ]),
    },
    {
      id: 'developer',
      name: 'Developer',
      description: 'Works on integrations and the platform: health, API performance, alert rules',
      category: 'operational',
      permissions: only([
        'dashboard.read',
        'system.view_health',
        'platform.manage',
        'alerts.read',
        'alerts.create',
        'alerts.update',
        'settings.read',
      ]),
    },
    {
      id: 'read-only-administrator',
      name: 'Read-Only Administrator',
      description: 'Sees everything an administrator sees and changes nothing',
      category: 'custom',
      permissions: catalogue.filter(isReadPermission).map((p) => p.id),
    },
  ];
}

/** Part 2 §9: a template's preview shows three permission actions, then how many more. */
export const TEMPLATE_PREVIEW_SIZE = 3;

export interface PreviewAction {
  id: string;
  /** The action as the catalogue names it, on its resource ("Read audit", "View health system"). */
  action: string;
}

/** The first three permissions of a template as actions (the catalogue's names; the id where it has none). */
export function templatePreview(
  template: RoleTemplate,
  catalogue: readonly CataloguePermission[],
): { shown: PreviewAction[]; more: number } {
  const names = new Map(catalogue.map((p) => [p.id, p.name]));
  return {
    shown: template.permissions
      .slice(0, TEMPLATE_PREVIEW_SIZE)
      .map((id) => ({ id, action: names.get(id) ?? id })),
    more: Math.max(0, template.permissions.length - TEMPLATE_PREVIEW_SIZE),
  };
}

export interface PermissionGroup {
  resource: string;
  permissions: CataloguePermission[];
}

/** Groups in catalogue order of their first permission. */
export function groupByResource(permissions: readonly CataloguePermission[]): PermissionGroup[] {
  const groups = new Map<string, CataloguePermission[]>();
  for (const p of permissions) {
    const group = groups.get(p.resource);
    if (group) group.push(p);
    else groups.set(p.resource, [p]);
  }
  return [...groups].map(([resource, list]) => ({ resource, permissions: list }));
}

/** Part 2 §2: groups open at first. */
export const OPEN_GROUPS: readonly string[] = ['dashboard', 'users', 'system'];

export type RoleKind = 'all' | 'system' | 'custom';

export interface RoleFilter {
  search: string;
  kind: RoleKind;
  /** '' for every resource. */
  resource: string;
}

export const NO_FILTER: RoleFilter = { search: '', kind: 'all', resource: '' };

/** How many filters narrow the view (search excluded), for the Filter button's badge. */
export function activeFilterCount(filter: RoleFilter): number {
  return (filter.kind === 'all' ? 0 : 1) + (filter.resource === '' ? 0 : 1);
}

const contains = (text: string, needle: string) => text.toLowerCase().includes(needle);

export function permissionMatches(permission: CataloguePermission, filter: RoleFilter): boolean {
  if (filter.resource !== '' && permission.resource !== filter.resource) return false;
  const needle = filter.search.trim().toLowerCase();
  if (needle === '') return true;
  return [permission.id, permission.name, permission.description].some((t) => contains(t, needle));
}

export function filterPermissions(
  permissions: readonly CataloguePermission[],
  filter: RoleFilter,
): CataloguePermission[] {
  return permissions.filter((p) => permissionMatches(p, filter));
}

/** A role shows when it is of the chosen kind, holds a permission of the chosen resource, and matches the search. */
export function roleMatches(role: Role, filter: RoleFilter): boolean {
  if (filter.kind === 'system' && !role.isSystemRole) return false;
  if (filter.kind === 'custom' && role.isSystemRole) return false;
  if (filter.resource !== '' && !role.permissions.some((id) => id.split('.')[0] === filter.resource)) {
    return false;
  }
  const needle = filter.search.trim().toLowerCase();
  if (needle === '') return true;
  return [role.name, role.description, ...role.permissions].some((t) => contains(t, needle));
}

export function filterRoles(roles: readonly Role[], filter: RoleFilter): Role[] {
  return roles.filter((r) => roleMatches(r, filter));
}

/** Part 2 §6: what the signed-in user may do on this screen. */
export interface RoleAbilities {
  read: boolean;
  create: boolean;
  update: boolean;
  delete: boolean;
}

export function roleAbilities(permissions: readonly string[]): RoleAbilities {
  const has = (id: string) => permissions.includes(id);
  return {
    read: has('roles.read'),
    create: has('roles.create'),
    update: has('roles.update'),
    delete: has('roles.delete'),
  };
}

/** Part 2 §5: matrix cells are disabled for system roles and for users without roles.update. */
export function canToggle(role: Role, abilities: RoleAbilities): boolean {
  return abilities.update && !role.isSystemRole;
}

export function canEdit(role: Role, abilities: RoleAbilities): boolean {
  return abilities.update && !role.isSystemRole;
}

/** Part 2 §6: deletion needs roles.delete and a custom role. */
export function canDelete(role: Role, abilities: RoleAbilities): boolean {
  return abilities.delete && !role.isSystemRole;
}

export const deleteConfirmation = ROLE_PERMISSIONS_TEXTS.dialogs.delete.confirmation;

/** Part 2 §5: the name must be non-blank after trimming; the button stays disabled otherwise. */
export const isValidRoleName = (name: string) => name.trim().length > 0;

/**
 * Where a failed create or rename is shown, told by the bridge's code, never by the text: a name another
 * role holds (CONFLICT, 409) belongs to the name field, which the user can fix; anything else — a
 * refusal (FORBIDDEN, 403), a lost server — belongs to the form. The text is the server's either way.
 */
export function roleFormError(error: unknown, fallback: string): { field: 'name' | null; message: string } {
  return { field: hasErrorCode(error, 'CONFLICT') ? 'name' : null, message: errorMessage(error, fallback) };
}

export const ROLE_MANAGEMENT_DENIED = ROLE_PERMISSIONS_TEXTS.denied.message;
