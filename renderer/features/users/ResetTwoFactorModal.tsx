import type { PlatformUser } from '../../../shared/api/users';
import { Button } from '../../components/ui/Button';
import { Modal } from '../../components/ui/Modal';
import { errorMessage } from '../../lib/errors';
import { useResetTwoFactor } from './mutations';
import { USERS_TEXTS } from './texts';

const TEXTS = USERS_TEXTS.resetTwoFactor;

/** Confirms an administrator's reset of someone's two-factor sign-in (issue 13): it cannot be undone. */
export function ResetTwoFactorModal({ user, onClose }: { user: PlatformUser; onClose: () => void }) {
  const reset = useResetTwoFactor();
  return (
    <Modal open title={TEXTS.title} size="sm" onClose={onClose}>
      <div className="space-y-4 text-sm text-fg">
        <p>{TEXTS.body(user.name)}</p>
        {reset.error ? (
          <p role="alert" className="text-red-700 dark:text-red-300">
            {errorMessage(reset.error, TEXTS.failed)}
          </p>
        ) : null}
        <div className="flex justify-end gap-3">
          <Button onClick={onClose}>{USERS_TEXTS.buttons.cancel}</Button>
          <Button
            variant="primary"
            disabled={reset.isPending}
            onClick={() => reset.mutate({ userId: user.id }, { onSuccess: onClose })}
          >
            {USERS_TEXTS.buttons.resetTwoFactor}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
