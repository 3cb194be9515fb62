import { useState, type FormEvent } from 'react';
import type { OneTimeLinkData, PlatformUser } from '../../../shared/api/users';
import { Button } from '../../components/ui/Button';
import { InlineError } from '../../components/ui/Card';
import { Modal } from '../../components/ui/Modal';
import { INPUT_CLASS } from '../../components/ui/styles';
import { errorMessage } from '../../lib/errors';
import { useCreateUser, useUpdateUser } from './mutations';
import { OneTimeLinkPanel } from '../../components/ui/OneTimeLinkPanel';
import type { RoleChoice } from './rules';
import { FormField } from '../../components/ui/FormField';
import { useOrganizations } from '../organization/queries';
import { USERS_TEXTS } from './texts';

const TEXTS = USERS_TEXTS.form;

interface Draft {
  name: string;
  email: string;
  role: string;
  centerId: string;
  phone: string;
  location: string;
}

const draftOf = (user: PlatformUser | null, roles: readonly RoleChoice[]): Draft => ({
  name: user?.name ?? '',
  email: user?.email ?? '',
  role: user?.role ?? roles.find((r) => r.id === 'center_admin')?.id ?? roles[0]?.id ?? '',
  centerId: user?.center?.id ?? '',
  phone: user?.phone ?? '',
  location: user?.location ?? '',
});

/**
 * Add User (issue 13: name, email, role, center, phone, location; the account starts pending and its
 * one-time link is shown once) and Edit (the same but the email). Roles beyond the editor's are not offered.
 */
export function UserFormModal({
  user,
  roles,
  onClose,
}: {
  /** null: Add User. */
  user: PlatformUser | null;
  roles: readonly RoleChoice[];
  onClose: () => void;
}) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(user, roles));
  const [invitation, setInvitation] = useState<OneTimeLinkData | null>(null);
  const create = useCreateUser();
  const update = useUpdateUser();
  const centers = useOrganizations();
  const set = (key: keyof Draft) => (value: string) => setDraft((d) => ({ ...d, [key]: value }));
  const pending = create.isPending || update.isPending;
  const failed = create.error ?? update.error;
  // A user whose role the editor may not give keeps it on the list, shown but not choosable.
  const choices =
    user && !roles.some((r) => r.id === user.role)
      ? [...roles, { id: user.role, label: user.roleName, permissions: [], disabled: true }]
      : roles;

  function submit(event: FormEvent) {
    event.preventDefault();
    const centerId = draft.centerId || null;
    if (!user) {
      create.mutate(
        {
          name: draft.name,
          email: draft.email,
          role: draft.role,
          centerId,
          phone: draft.phone,
          location: draft.location,
        },
        { onSuccess: (answer) => setInvitation(answer.invitation) },
      );
      return;
    }
    const changes = {
      ...(draft.name !== user.name ? { name: draft.name } : {}),
      ...(draft.role !== user.role ? { role: draft.role } : {}),
      ...(centerId !== (user.center?.id ?? null) ? { centerId } : {}),
      ...(draft.phone !== user.phone ? { phone: draft.phone } : {}),
      ...(draft.location !== user.location ? { location: draft.location } : {}),
    };
    update.mutate({ userId: user.id, changes }, { onSuccess: onClose });
  }

  const title = user ? TEXTS.editTitle(user.name) : TEXTS.addTitle;
  if (invitation) {
    return (
      <Modal open title={title} onClose={onClose}>
        <div className="space-y-4">
          <p className="text-sm text-fg">{TEXTS.added(draft.name)}</p>
          <OneTimeLinkPanel data={invitation} who={draft.email} />
          <div className="flex justify-end">
            <Button variant="primary" onClick={onClose}>
              {USERS_TEXTS.buttons.done}
            </Button>
          </div>
        </div>
      </Modal>
    );
  }

  const field = (key: keyof Draft, label: string, props: Record<string, unknown> = {}) => (
    <FormField label={label}>
      {(field) => (
        <input
          {...field}
          className={INPUT_CLASS}
          value={draft[key]}
          onChange={(event) => set(key)(event.target.value)}
          {...props}
        />
      )}
    </FormField>
  );

  return (
    <Modal open title={title} onClose={onClose}>
      <form onSubmit={submit} className="space-y-4" aria-label={title}>
        {field('name', TEXTS.name, { required: true, maxLength: 200, autoComplete: 'off' })}
        {user ? null : field('email', TEXTS.email, { type: 'email', required: true, maxLength: 320 })}
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label={TEXTS.role}>
            {(field) => (
              <select
                {...field}
                className={INPUT_CLASS}
                value={draft.role}
                onChange={(e) => set('role')(e.target.value)}
              >
                {choices.map((role) => (
                  <option key={role.id} value={role.id} disabled={'disabled' in role}>
                    {role.label}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField label={TEXTS.center}>
            {(field) => (
              <select
                {...field}
                className={INPUT_CLASS}
                value={draft.centerId}
                onChange={(e) => set('centerId')(e.target.value)}
              >
                <option value="">{TEXTS.noCenter}</option>
                {(centers.data ?? []).map((center) => (
                  <option key={center.id} value={center.id}>
                    {center.name}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          {field('phone', TEXTS.phone, { type: 'tel', maxLength: 40 })}
          {field('location', TEXTS.location, { maxLength: 200 })}
        </div>
        <InlineError message={failed ? errorMessage(failed, USERS_TEXTS.changeFailed) : null} />
        <div className="flex justify-end gap-2">
          <Button onClick={onClose}>{USERS_TEXTS.buttons.cancel}</Button>
          <Button type="submit" variant="primary" disabled={pending || !draft.name.trim() || !draft.role}>
            {user ? USERS_TEXTS.buttons.save : USERS_TEXTS.buttons.addUser}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
