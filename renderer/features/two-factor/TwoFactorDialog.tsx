import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from '../../components/ui/Button';
import { LoadingState } from '../../components/ui/LoadingState';
import { Modal } from '../../components/ui/Modal';
import { StatusBadge } from '../../components/ui/StatusBadge';
import { call } from '../../lib/bridge';
import { errorMessage } from '../../lib/errors';
import { formatDate } from '../../lib/format';
import { logError } from '../../lib/log';
import { AuthenticatorSetup } from './AuthenticatorSetup';
import { twoFactorQueries } from './queries';
import { RecoveryCodesPanel } from './RecoveryCodesPanel';

/** The signed-in user's own two-factor sign-in (issue 13): whether it is on, and setting it up. */
export function TwoFactorDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} title="Two-factor sign-in" onClose={onClose}>
      {open ? <TwoFactorPanel onClose={onClose} /> : null}
    </Modal>
  );
}

function TwoFactorPanel({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const status = useQuery(twoFactorQueries.status());
  const setup = useMutation({
    mutationFn: () => call('account.setupTwoFactor'),
    onError: (error) => logError('Starting the two-factor setup failed', error),
  });
  const confirm = useMutation({
    mutationFn: (code: string) => call('account.confirmTwoFactor', { body: { code } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorQueries.status().queryKey }),
  });

  if (confirm.data) {
    return <RecoveryCodesPanel codes={confirm.data.recoveryCodes} doneLabel="Done" onDone={onClose} />;
  }
  if (setup.data) {
    return (
      <AuthenticatorSetup
        setup={setup.data}
        busy={confirm.isPending}
        error={confirm.error ? errorMessage(confirm.error, 'The code could not be checked') : null}
        onConfirm={(code) => confirm.mutate(code)}
      />
    );
  }
  if (!status.data) {
    return <LoadingState label="Loading..." error={status.error} fallback="The status could not be read." />;
  }
  const { enrolled, enrolledAt, recoveryCodesLeft, required } = status.data;
  return (
    <div className="space-y-4 text-sm text-fg">
      <dl className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-2">
        <dt className="font-medium text-muted">Status</dt>
        <dd>
          <StatusBadge tone={enrolled ? 'ok' : 'neutral'}>{enrolled ? 'Enabled' : 'Not set up'}</StatusBadge>
        </dd>
        {enrolled && enrolledAt ? (
          <>
            <dt className="font-medium text-muted">Enabled on</dt>
            <dd>{formatDate(enrolledAt)}</dd>
            <dt className="font-medium text-muted">Recovery codes left</dt>
            <dd>{recoveryCodesLeft}</dd>
          </>
        ) : null}
        <dt className="font-medium text-muted">Required by the system settings</dt>
        <dd>{required ? 'Yes' : 'No'}</dd>
      </dl>
      {enrolled ? (
        <p className="text-muted">
          To move to a new authenticator, ask an administrator to reset your two-factor sign-in.
        </p>
      ) : (
        <>
          <p className="text-muted">
            Each sign-in will ask for a code from an authenticator app on your phone as well as your password.
          </p>
          {setup.error ? (
            <p role="alert" className="text-red-700 dark:text-red-300">
              {errorMessage(setup.error, 'The setup could not be started')}
            </p>
          ) : null}
          <Button variant="primary" onClick={() => setup.mutate()} disabled={setup.isPending}>
            Set up two-factor sign-in
          </Button>
        </>
      )}
    </div>
  );
}
