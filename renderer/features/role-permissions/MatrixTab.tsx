import type { Role } from '../../../shared/api/roles';
import { InlineError } from '../../components/ui/Card';
import { errorMessage } from '../../lib/errors';
import { useTogglePermission } from './mutations';
import { canToggle, groupByResource, type CataloguePermission, type RoleAbilities } from './rules';
import { ROLE_PERMISSIONS_TEXTS } from './texts';

const TEXTS = ROLE_PERMISSIONS_TEXTS.matrix;

/**
 * The Permission Matrix: roles by permissions. Toggling a cell adds the permission if absent and
 * removes it if present; cells of system roles, and all cells without roles.update, are disabled.
 */
export function MatrixTab({
  roles,
  permissions,
  abilities,
}: {
  roles: readonly Role[];
  permissions: readonly CataloguePermission[];
  abilities: RoleAbilities;
}) {
  const toggle = useTogglePermission();
  if (roles.length === 0 || permissions.length === 0) {
    return <p className="py-10 text-center text-sm text-muted">{ROLE_PERMISSIONS_TEXTS.empty.matrix}</p>;
  }
  const pending = toggle.isPending ? toggle.variables : undefined;

  return (
    <div className="space-y-3">
      {!abilities.update ? <p className="text-sm text-muted">{TEXTS.readOnly}</p> : null}
      <InlineError
        message={toggle.error ? errorMessage(toggle.error, ROLE_PERMISSIONS_TEXTS.toggleFailed) : null}
      />
      <div className="overflow-auto rounded-lg border border-line bg-surface shadow-sm">
        <table className="min-w-full text-sm">
          <thead className="sticky top-0 bg-surface-muted">
            <tr>
              <th
                scope="col"
                className="sticky left-0 bg-surface-muted px-3 py-2 text-left font-medium text-fg"
              >
                {TEXTS.permission}
              </th>
              {roles.map((role) => (
                <th
                  key={role.id}
                  scope="col"
                  className="px-3 py-2 text-center font-medium whitespace-nowrap text-fg"
                >
                  {role.name}
                  {role.isSystemRole ? (
                    <span className="block text-xs font-normal text-muted">{TEXTS.system}</span>
                  ) : null}
                </th>
              ))}
            </tr>
          </thead>
          {groupByResource(permissions).map((group) => (
            <tbody key={group.resource} className="divide-y divide-line border-t border-line">
              <tr>
                <th
                  colSpan={roles.length + 1}
                  scope="rowgroup"
                  className="bg-surface px-3 pt-3 pb-1 text-left text-xs font-semibold tracking-wide text-muted uppercase"
                >
                  {group.resource}
                </th>
              </tr>
              {group.permissions.map((p) => (
                <tr key={p.id}>
                  <th
                    scope="row"
                    className="sticky left-0 bg-surface px-3 py-1.5 text-left font-mono text-xs font-normal text-fg"
                  >
                    {p.id}
                  </th>
                  {roles.map((role) => {
                    const busy = pending?.role.id === role.id && pending.permissionId === p.id;
                    return (
                      <td key={role.id} className="px-3 py-1.5 text-center">
                        <input
                          type="checkbox"
                          aria-label={TEXTS.cell(role.name, p.id)}
                          checked={role.permissions.includes(p.id)}
                          disabled={!canToggle(role, abilities) || busy}
                          onChange={() => toggle.mutate({ role, permissionId: p.id })}
                          className="size-4 disabled:opacity-50"
                        />
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          ))}
        </table>
      </div>
    </div>
  );
}
