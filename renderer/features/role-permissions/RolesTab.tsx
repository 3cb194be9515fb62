import { useState } from 'react';
import { Pencil, Plus, Trash2, X } from 'lucide-react';
import type { Role } from '../../../shared/api/roles';
import { Button, IconButton } from '../../components/ui/Button';
import { Modal } from '../../components/ui/Modal';
import { InlineError } from '../../components/ui/Card';
import { errorMessage } from '../../lib/errors';
import { useDeleteRole, useTogglePermission } from './mutations';
import {
  canDelete,
  canEdit,
  canToggle,
  deleteConfirmation,
  type CataloguePermission,
  type RoleAbilities,
} from './rules';
import { EditRoleModal } from './RoleFormModal';
import { FormField } from '../../components/ui/FormField';
import { ROLE_PERMISSIONS_TEXTS } from './texts';

const CARD = ROLE_PERMISSIONS_TEXTS.roleCard;
const DELETE = ROLE_PERMISSIONS_TEXTS.dialogs.delete;

export function RoleKindBadge({ role }: { role: Role }) {
  return role.isSystemRole ? (
    <span className="rounded-full bg-blue-50 px-2 py-0.5 text-xs font-medium text-blue-700 dark:bg-blue-500/10 dark:text-blue-300">
      {ROLE_PERMISSIONS_TEXTS.kind.system}
    </span>
  ) : (
    <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-700 dark:bg-emerald-500/10 dark:text-emerald-300">
      {ROLE_PERMISSIONS_TEXTS.kind.custom}
    </span>
  );
}

/** The Roles tab: one card per role, with its permissions and the controls the user's permissions allow. */
export function RolesTab({
  roles,
  catalogue,
  abilities,
}: {
  roles: Role[];
  catalogue: readonly CataloguePermission[];
  abilities: RoleAbilities;
}) {
  const [editing, setEditing] = useState<Role | null>(null);
  const [deleting, setDeleting] = useState<Role | null>(null);
  if (roles.length === 0) {
    return <p className="py-10 text-center text-sm text-muted">{ROLE_PERMISSIONS_TEXTS.empty.roles}</p>;
  }
  return (
    <>
      <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {roles.map((role) => (
          <RoleCard
            key={role.id}
            role={role}
            catalogue={catalogue}
            abilities={abilities}
            onEdit={() => setEditing(role)}
            onDelete={() => setDeleting(role)}
          />
        ))}
      </ul>
      <EditRoleModal role={editing} onClose={() => setEditing(null)} />
      <DeleteRoleDialog role={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}

function RoleCard({
  role,
  catalogue,
  abilities,
  onEdit,
  onDelete,
}: {
  role: Role;
  catalogue: readonly CataloguePermission[];
  abilities: RoleAbilities;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const toggle = useTogglePermission();
  const editable = canToggle(role, abilities);
  const missing = catalogue.filter((p) => !role.permissions.includes(p.id));

  return (
    <li
      aria-label={role.name}
      className="flex flex-col rounded-lg border border-line bg-surface p-5 shadow-sm"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="truncate text-base font-semibold text-fg">{role.name}</h3>
            <RoleKindBadge role={role} />
          </div>
          <p className="mt-1 text-sm text-muted">{role.description || CARD.noDescription}</p>
        </div>
        <div className="flex shrink-0 gap-1">
          {canEdit(role, abilities) ? (
            <IconButton aria-label={CARD.editRole(role.name)} title={CARD.edit} onClick={onEdit}>
              <Pencil aria-hidden="true" className="size-4" />
            </IconButton>
          ) : null}
          {canDelete(role, abilities) ? (
            <IconButton aria-label={CARD.deleteRole(role.name)} title={CARD.delete} onClick={onDelete}>
              <Trash2 aria-hidden="true" className="size-4" />
            </IconButton>
          ) : null}
        </div>
      </div>
      <p className="mt-3 text-xs text-muted">{CARD.summary(role.permissions.length, role.userCount)}</p>
      <ul aria-label={CARD.permissionsOf(role.name)} className="mt-3 flex flex-wrap gap-1.5">
        {role.permissions.map((id) => (
          <li
            key={id}
            className="inline-flex items-center gap-1 rounded bg-surface-muted px-2 py-0.5 font-mono text-xs text-fg"
          >
            {id}
            {editable ? (
              <button
                type="button"
                aria-label={CARD.remove(id, role.name)}
                disabled={toggle.isPending}
                onClick={() => toggle.mutate({ role, permissionId: id })}
                className="text-muted hover:text-red-600"
              >
                <X aria-hidden="true" className="size-3" />
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      {editable && missing.length > 0 ? (
        <FormField
          label={CARD.addPermissionTo(role.name)}
          hideLabel
          className="mt-3 flex items-center gap-2 text-xs text-muted"
        >
          {(field) => (
            <>
              <Plus aria-hidden="true" className="size-3.5" />
              <select
                {...field}
                value=""
                disabled={toggle.isPending}
                onChange={(e) => {
                  if (e.target.value) toggle.mutate({ role, permissionId: e.target.value });
                }}
                className="min-w-0 flex-1 rounded-md border border-line bg-surface px-2 py-1 text-xs text-fg"
              >
                <option value="">{CARD.addPermission}</option>
                {missing.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.id}
                  </option>
                ))}
              </select>
            </>
          )}
        </FormField>
      ) : null}
      <InlineError
        message={toggle.error ? errorMessage(toggle.error, ROLE_PERMISSIONS_TEXTS.toggleFailed) : null}
      />
    </li>
  );
}

/** Part 2 §5: deletion asks 'Delete role "{name}"?' and is never offered for a system role. */
function DeleteRoleDialog({ role, onClose }: { role: Role | null; onClose: () => void }) {
  const remove = useDeleteRole();
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <Modal open={role !== null} title={DELETE.title} onClose={close} size="sm">
      {role ? (
        <div className="space-y-4">
          <p className="text-sm text-fg">{deleteConfirmation(role.name)}</p>
          <InlineError message={remove.error ? errorMessage(remove.error, DELETE.failed) : null} />
          <div className="flex justify-end gap-2">
            <Button onClick={close}>{ROLE_PERMISSIONS_TEXTS.dialogs.cancel}</Button>
            <Button
              variant="primary"
              className="bg-red-600 text-white"
              disabled={remove.isPending}
              onClick={() => remove.mutate({ id: role.id }, { onSuccess: close })}
            >
              {DELETE.submit}
            </Button>
          </div>
        </div>
      ) : null}
    </Modal>
  );
}
