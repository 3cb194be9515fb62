import { Ban, KeyRound, Pencil, ShieldOff, UserCheck, UserX } from 'lucide-react';
import type { PlatformUser } from '../../../shared/api/users';
import type { SettableUserStatus } from '../../../shared/users';
import { USER_TEXTS } from '../../../shared/users';
import { IconButton } from '../../components/ui/Button';
import { USERS_TEXTS } from './texts';

const TEXTS = USERS_TEXTS.actions;

export interface UserActionHandlers {
  onEdit: (user: PlatformUser) => void;
  onStatus: (user: PlatformUser, status: SettableUserStatus) => void;
  onReset: (user: PlatformUser) => void;
  onResetTwoFactor: (user: PlatformUser) => void;
}

/**
 * Part 2 §2: an active user shows a deactivate icon, others an activate one (a pending user activates by
 * accepting the invitation, so none); suspend, edit and a new one-time link beside them.
 */
export function UserActions({
  user,
  selfId,
  busy,
  handlers,
}: {
  user: PlatformUser;
  selfId: string | undefined;
  busy: boolean;
  handlers: UserActionHandlers;
}) {
  const self = user.id === selfId;
  const selfReason = self ? USER_TEXTS.notYourself : undefined;
  return (
    <div className="flex items-center gap-1">
      <IconButton
        aria-label={TEXTS.editUser(user.name)}
        title={TEXTS.edit}
        disabled={busy}
        onClick={() => handlers.onEdit(user)}
      >
        <Pencil aria-hidden="true" className="size-4" />
      </IconButton>
      {user.status === 'active' ? (
        <IconButton
          aria-label={TEXTS.deactivateUser(user.name)}
          title={selfReason ?? TEXTS.deactivate}
          disabled={busy || self}
          onClick={() => handlers.onStatus(user, 'inactive')}
        >
          <UserX aria-hidden="true" className="size-4" />
        </IconButton>
      ) : user.status !== 'pending' ? (
        <IconButton
          aria-label={TEXTS.activateUser(user.name)}
          title={TEXTS.activate}
          disabled={busy}
          onClick={() => handlers.onStatus(user, 'active')}
        >
          <UserCheck aria-hidden="true" className="size-4" />
        </IconButton>
      ) : null}
      {user.status !== 'suspended' ? (
        <IconButton
          aria-label={TEXTS.suspendUser(user.name)}
          title={selfReason ?? TEXTS.suspend}
          disabled={busy || self}
          onClick={() => handlers.onStatus(user, 'suspended')}
        >
          <Ban aria-hidden="true" className="size-4" />
        </IconButton>
      ) : null}
      <IconButton
        aria-label={
          user.status === 'pending' ? TEXTS.newInvitationLinkFor(user.name) : TEXTS.resetPasswordOf(user.name)
        }
        title={user.status === 'pending' ? TEXTS.newInvitationLink : TEXTS.resetPassword}
        disabled={busy}
        onClick={() => handlers.onReset(user)}
      >
        <KeyRound aria-hidden="true" className="size-4" />
      </IconButton>
      {user.twoFactorEnabled ? (
        <IconButton
          aria-label={TEXTS.resetTwoFactorOf(user.name)}
          title={TEXTS.resetTwoFactor}
          aria-haspopup="dialog"
          disabled={busy}
          onClick={() => handlers.onResetTwoFactor(user)}
        >
          <ShieldOff aria-hidden="true" className="size-4" />
        </IconButton>
      ) : null}
    </div>
  );
}
