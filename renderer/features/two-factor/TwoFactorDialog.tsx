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
import { TWO_FACTOR_SCREEN_TEXTS } from './texts';

const STATUS = TWO_FACTOR_SCREEN_TEXTS.status;

/** The signed-in user's own two-factor sign-in (issue 13): whether it is on, and setting it up. */
export function TwoFactorDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} title={TWO_FACTOR_SCREEN_TEXTS.dialogTitle} onClose={onClose}>
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
    return (
      <RecoveryCodesPanel
        codes={confirm.data.recoveryCodes}
        doneLabel={TWO_FACTOR_SCREEN_TEXTS.done}
        onDone={onClose}
      />
    );
  }
  if (setup.data) {
    return (
      <AuthenticatorSetup
        setup={setup.data}
        busy={confirm.isPending}
        error={confirm.error ? errorMessage(confirm.error, TWO_FACTOR_SCREEN_TEXTS.codeCheckFailed) : null}
        onConfirm={(code) => confirm.mutate(code)}
      />
    );
  }
  if (!status.data) {
    return (
      <LoadingState
        label={TWO_FACTOR_SCREEN_TEXTS.loading}
        error={status.error}
        fallback={TWO_FACTOR_SCREEN_TEXTS.statusFailed}
      />
    );
  }
  const { enrolled, enrolledAt, recoveryCodesLeft, required } = status.data;
  return (
    <div className="space-y-4 text-sm text-fg">
      <dl className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-2">
        <dt className="font-medium text-muted">{STATUS.status}</dt>
        <dd>
          <StatusBadge tone={enrolled ? 'ok' : 'neutral'}>
            {enrolled ? STATUS.enabled : STATUS.notSetUp}
          </StatusBadge>
        </dd>
        {enrolled && enrolledAt ? (
          <>
            <dt className="font-medium text-muted">{STATUS.enabledOn}</dt>
            <dd>{formatDate(enrolledAt)}</dd>
            <dt className="font-medium text-muted">{STATUS.recoveryCodesLeft}</dt>
            <dd>{recoveryCodesLeft}</dd>
          </>
        ) : null}
        <dt className="font-medium text-muted">{STATUS.required}</dt>
        <dd>{required ? STATUS.yes : STATUS.no}</dd>
      </dl>
      {enrolled ? (
        <p className="text-muted">{TWO_FACTOR_SCREEN_TEXTS.moveAuthenticator}</p>
      ) : (
        <>
          <p className="text-muted">{TWO_FACTOR_SCREEN_TEXTS.about}</p>
          {setup.error ? (
            <p role="alert" className="text-red-700 dark:text-red-300">
              {errorMessage(setup.error, TWO_FACTOR_SCREEN_TEXTS.setupFailed)}
            </p>
          ) : null}
          <Button variant="primary" onClick={() => setup.mutate()} disabled={setup.isPending}>
            {TWO_FACTOR_SCREEN_TEXTS.setUp}
          </Button>
        </>
      )}
    </div>
  );
}
