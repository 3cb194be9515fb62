import { SYSTEM_ROLES } from '../../../shared/permissions';
import { roleLabel } from '../../../shared/users';

export interface RoleChoice {
  id: string;
  label: string;
  permissions: readonly string[];
}

/**
 * The roles an editor may give (issue 13: never more than the editor holds): the system roles, with the
 * spec's platform labels, then the custom roles the editor can see; each only if every permission it
 * carries is the editor's own. The server refuses the rest anyway.
 */
export function assignableRoles(
  held: readonly string[],
  customRoles: readonly { id: string; name: string; permissions: readonly string[]; isSystemRole: boolean }[],
): RoleChoice[] {
  const system = SYSTEM_ROLES.map((r) => ({
    id: r.id,
    label: roleLabel(r.id, r.name),
    permissions: r.permissions,
  }));
  const custom = customRoles
    .filter((r) => !r.isSystemRole)
    .map((r) => ({ id: r.id, label: r.name, permissions: r.permissions }));
  return [...system, ...custom].filter((r) => r.permissions.every((p) => held.includes(p)));
}
