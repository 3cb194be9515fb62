import { useState, type FormEvent } from 'react';
import type { OneTimeLinkData } from '../../../shared/api/users';
import { DEFAULT_INVITE_ROLE, INVITE_ROLES, type InviteRole } from '../../../shared/tenancy';
import { Button } from '../../components/ui/Button';
import { errorMessage } from '../../lib/errors';
import { InlineError } from '../../components/ui/Card';
import { useInviteMember } from './mutations';
import { INPUT_CLASS } from '../../components/ui/styles';
import { FormField } from '../../components/ui/FormField';
import { ORGANIZATION_TEXTS } from './texts';

const TEXTS = ORGANIZATION_TEXTS.inviteForm;

const isInviteRole = (value: string): value is InviteRole =>
  (INVITE_ROLES as readonly string[]).includes(value);

/** Invite form (part 2 §4, §5): email required; on success it clears, resets the role to viewer and closes. */
export function InviteForm({
  organizationId,
  onClose,
  onInvited,
}: {
  organizationId: string;
  onClose: () => void;
  /** The invitation's one-time link, to show once. */
  onInvited?: (email: string, delivery: OneTimeLinkData) => void;
}) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<InviteRole>(DEFAULT_INVITE_ROLE);
  const invite = useInviteMember();

  function send(event: FormEvent) {
    event.preventDefault();
    if (!email.trim()) return;
    invite.mutate(
      { organizationId, email: email.trim(), role },
      {
        onSuccess: (answer) => {
          onInvited?.(answer.email, answer.delivery);
          setEmail('');
          setRole(DEFAULT_INVITE_ROLE);
          onClose();
        },
      },
    );
  }

  return (
    <form
      onSubmit={send}
      aria-label={TEXTS.label}
      className="mb-4 space-y-3 rounded-md border border-line bg-surface-muted p-4"
    >
      <div className="grid gap-3 sm:grid-cols-[1fr_12rem]">
        <FormField label={TEXTS.email}>
          {(field) => (
            <input
              {...field}
              type="email"
              required
              className={INPUT_CLASS}
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          )}
        </FormField>
        <FormField label={TEXTS.role}>
          {(field) => (
            <select
              {...field}
              className={INPUT_CLASS}
              value={role}
              onChange={(event) => {
                if (isInviteRole(event.target.value)) setRole(event.target.value);
              }}
            >
              {INVITE_ROLES.map((r) => (
                <option key={r} value={r} className="capitalize">
                  {r}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </div>
      <InlineError message={invite.isError ? errorMessage(invite.error, TEXTS.failed) : null} />
      <div className="flex gap-2">
        <Button type="submit" variant="primary" disabled={!email.trim() || invite.isPending}>
          {TEXTS.send}
        </Button>
        <Button onClick={onClose}>{TEXTS.cancel}</Button>
      </div>
    </form>
  );
}
