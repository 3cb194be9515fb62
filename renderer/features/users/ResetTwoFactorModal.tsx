import type { PlatformUser } from '../../../shared/api/users';
import { Button } from '../../components/ui/Button';
import { Modal } from '../../components/ui/Modal';
import { errorMessage } from '../../lib/errors';
import { useResetTwoFactor } from './mutations';

/** Confirms an administrator's reset of someone's two-factor sign-in (issue 13): it cannot be undone. */
export function ResetTwoFactorModal({ user, onClose }: { user: PlatformUser; onClose: () => void }) {
  const reset = useResetTwoFactor();
  return (
    <Modal open title="Reset two-factor sign-in" size="sm" onClose={onClose}>
      <div className="space-y-4 text-sm text-fg">
        <p>
          {user.name}&apos;s authenticator and recovery codes are removed and their sessions end. Their next
          sign-in asks for a password only, or, where two-factor is required, sets up a new authenticator.
        </p>
        {reset.error ? (
          <p role="alert" className="text-red-700 dark:text-red-300">
            {errorMessage(reset.error, 'The reset failed')}
          </p>
        ) : null}
        <div className="flex justify-end gap-3">
          <Button onClick={onClose}>Cancel</Button>
          <Button
            variant="primary"
            disabled={reset.isPending}
            onClick={() => reset.mutate({ userId: user.id }, { onSuccess: onClose })}
          >
            Reset two-factor
          </Button>
        </div>
      </div>
    </Modal>
  );
}
