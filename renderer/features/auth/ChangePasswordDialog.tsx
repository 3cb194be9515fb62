import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/Button';
import { InlineError } from '../../components/ui/Card';
import { FormField } from '../../components/ui/FormField';
import { Modal } from '../../components/ui/Modal';
import { INPUT_CLASS } from '../../components/ui/styles';
import { call } from '../../lib/bridge';
import { errorMessage } from '../../lib/errors';
import { logError } from '../../lib/log';
import { settingsQueries } from '../settings/queries';
import { NewPasswordFields } from './NewPasswordFields';
import { AUTH_TEXTS } from './texts';

/**
 * The signed-in user changes their own password: the current one, and the new one twice, with its strength
 * against the policy in force. The server revokes every earlier token and main keeps the new one, so this
 * console stays signed in and other sessions of the account end.
 */
export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} title={AUTH_TEXTS.changePasswordTitle} onClose={onClose}>
      {open ? <ChangePasswordForm onClose={onClose} /> : null}
    </Modal>
  );
}

function ChangePasswordForm({ onClose }: { onClose: () => void }) {
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const policy = useQuery(settingsQueries.console()).data?.passwordPolicy;
  const change = useMutation({
    mutationFn: () => call('auth:changePassword', { currentPassword: current, newPassword: password }),
    onError: (error) => logError(AUTH_TEXTS.changePasswordFailed, error),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setMismatch(password !== confirm);
    if (password !== confirm) return;
    change.mutate();
  }

  if (change.isSuccess) {
    return (
      <div className="space-y-4">
        <p role="status" className="text-sm text-fg">
          {AUTH_TEXTS.passwordChanged}
        </p>
        <div className="flex justify-end">
          <Button variant="primary" onClick={onClose}>
            {AUTH_TEXTS.done}
          </Button>
        </div>
      </div>
    );
  }
  return (
    <form onSubmit={submit} className="space-y-4" aria-busy={change.isPending}>
      <FormField label={AUTH_TEXTS.currentPasswordLabel}>
        {(field) => (
          <input
            {...field}
            type="password"
            required
            autoComplete="current-password"
            value={current}
            onChange={(e) => setCurrent(e.target.value)}
            className={INPUT_CLASS}
          />
        )}
      </FormField>
      <NewPasswordFields
        password={password}
        confirm={confirm}
        policy={policy}
        onPassword={setPassword}
        onConfirm={setConfirm}
      />
      <InlineError
        message={
          mismatch
            ? AUTH_TEXTS.mismatch
            : change.isError
              ? errorMessage(change.error, AUTH_TEXTS.changePasswordFailed)
              : null
        }
      />
      <div className="flex justify-end gap-2">
        <Button onClick={onClose}>{AUTH_TEXTS.cancel}</Button>
        <Button type="submit" variant="primary" disabled={change.isPending}>
          {change.isPending ? AUTH_TEXTS.changingPassword : AUTH_TEXTS.changePassword}
        </Button>
      </div>
    </form>
  );
}
