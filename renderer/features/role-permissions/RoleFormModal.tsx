import { useState, type FormEvent } from 'react';
import type { Role } from '../../../shared/api/roles';
import { Button } from '../../components/ui/Button';
import { InlineError } from '../../components/ui/Card';
import { Modal } from '../../components/ui/Modal';
import { INPUT_CLASS } from '../../components/ui/styles';
import { useCreateRole, useUpdateRole } from './mutations';
import { groupByResource, isValidRoleName, roleFormError, type CataloguePermission } from './rules';
import { FormField } from '../../components/ui/FormField';
import { ROLE_PERMISSIONS_TEXTS } from './texts';

const DIALOGS = ROLE_PERMISSIONS_TEXTS.dialogs;

export interface RoleDraft {
  name: string;
  description: string;
  permissions: string[];
}

export const EMPTY_DRAFT: RoleDraft = { name: '', description: '', permissions: [] };

/** The Create Role modal (part 2 §2), prefilled when a template was applied. */
export function CreateRoleModal({
  draft,
  catalogue,
  onClose,
}: {
  /** null: closed. */
  draft: RoleDraft | null;
  catalogue: readonly CataloguePermission[];
  onClose: () => void;
}) {
  return (
    <Modal open={draft !== null} title={DIALOGS.create.title} onClose={onClose} size="lg">
      {/* Keyed by the draft: each opening starts from its own prefilled values. */}
      {draft ? (
        <CreateRoleForm key={JSON.stringify(draft)} draft={draft} catalogue={catalogue} onDone={onClose} />
      ) : null}
    </Modal>
  );
}

function CreateRoleForm({
  draft,
  catalogue,
  onDone,
}: {
  draft: RoleDraft;
  catalogue: readonly CataloguePermission[];
  onDone: () => void;
}) {
  const [name, setName] = useState(draft.name);
  const [description, setDescription] = useState(draft.description);
  const [selected, setSelected] = useState<Set<string>>(() => new Set(draft.permissions));
  const create = useCreateRole();
  const failure = create.error ? roleFormError(create.error, DIALOGS.create.failed) : null;

  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isValidRoleName(name)) return;
    const trimmed = description.trim();
    create.mutate(
      {
        name: name.trim(),
        ...(trimmed ? { description: trimmed } : {}),
        permissions: catalogue.filter((p) => selected.has(p.id)).map((p) => p.id),
      },
      { onSuccess: onDone },
    );
  };

  return (
    <form onSubmit={submit} className="space-y-4">
      <NameAndDescription
        name={name}
        description={description}
        onName={setName}
        onDescription={setDescription}
        nameError={failure?.field === 'name' ? failure.message : null}
      />
      <fieldset>
        <legend className="text-sm font-medium text-fg">{DIALOGS.create.permissions(selected.size)}</legend>
        <div className="mt-2 grid max-h-72 gap-3 overflow-y-auto rounded-md border border-line p-3 sm:grid-cols-2">
          {groupByResource(catalogue).map((group) => (
            <div key={group.resource}>
              <p className="text-xs font-semibold tracking-wide text-muted uppercase">{group.resource}</p>
              {group.permissions.map((p) => (
                <label key={p.id} className="mt-1 flex items-center gap-2 text-sm text-fg">
                  <input type="checkbox" checked={selected.has(p.id)} onChange={() => toggle(p.id)} />
                  <span className="font-mono text-xs">{p.id}</span>
                </label>
              ))}
            </div>
          ))}
        </div>
      </fieldset>
      <FormFooter
        error={failure && failure.field === null ? failure.message : null}
        onCancel={onDone}
        submitLabel={DIALOGS.create.submit}
        disabled={!isValidRoleName(name) || create.isPending}
      />
    </form>
  );
}

/** Editing a custom role's name and description (its permissions change in the cards and the matrix). */
export function EditRoleModal({ role, onClose }: { role: Role | null; onClose: () => void }) {
  return (
    <Modal open={role !== null} title={DIALOGS.edit.title} onClose={onClose}>
      {role ? <EditRoleForm key={role.id} role={role} onDone={onClose} /> : null}
    </Modal>
  );
}

function EditRoleForm({ role, onDone }: { role: Role; onDone: () => void }) {
  const [name, setName] = useState(role.name);
  const [description, setDescription] = useState(role.description);
  const update = useUpdateRole();
  const failure = update.error ? roleFormError(update.error, DIALOGS.edit.failed) : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isValidRoleName(name)) return;
    update.mutate(
      { id: role.id, changes: { name: name.trim(), description: description.trim() } },
      { onSuccess: onDone },
    );
  };
  return (
    <form onSubmit={submit} className="space-y-4">
      <NameAndDescription
        name={name}
        description={description}
        onName={setName}
        onDescription={setDescription}
        nameError={failure?.field === 'name' ? failure.message : null}
      />
      <FormFooter
        error={failure && failure.field === null ? failure.message : null}
        onCancel={onDone}
        submitLabel={DIALOGS.edit.submit}
        disabled={!isValidRoleName(name) || update.isPending}
      />
    </form>
  );
}

function NameAndDescription({
  name,
  description,
  onName,
  onDescription,
  nameError,
}: {
  name: string;
  description: string;
  onName: (value: string) => void;
  onDescription: (value: string) => void;
  /** The server's text when the name is the problem (another role holds it). */
  nameError: string | null;
}) {
  return (
    <>
      <FormField label={DIALOGS.fields.name} error={nameError} announceError>
        {(field) => (
          <input
            {...field}
            value={name}
            onChange={(e) => onName(e.target.value)}
            maxLength={100}
            required
            autoFocus
            className={INPUT_CLASS}
          />
        )}
      </FormField>
      <FormField label={DIALOGS.fields.description}>
        {(field) => (
          <textarea
            {...field}
            value={description}
            onChange={(e) => onDescription(e.target.value)}
            maxLength={500}
            rows={2}
            className={INPUT_CLASS}
          />
        )}
      </FormField>
    </>
  );
}

function FormFooter({
  error,
  onCancel,
  submitLabel,
  disabled,
}: {
  error: string | null;
  onCancel: () => void;
  submitLabel: string;
  disabled: boolean;
}) {
  return (
    <div className="space-y-3">
      <InlineError message={error} />
      <div className="flex justify-end gap-2">
        <Button onClick={onCancel}>{DIALOGS.cancel}</Button>
        <Button type="submit" variant="primary" disabled={disabled}>
          {submitLabel}
        </Button>
      </div>
    </div>
  );
}
