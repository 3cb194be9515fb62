import { Info, KeyRound, LogOut, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { DEFAULT_USER_NAME, DEFAULT_USER_ROLE_LABEL } from '../../../shared/constants';
import { roleDisplayName } from '../../../shared/permissions';
import { IconButton } from '../../components/ui/Button';
import { initials } from '../../lib/initials';
import { useAuthStore } from '../state/useAuthStore';
import { ChangePasswordDialog } from '../../features/auth/ChangePasswordDialog';
import { TwoFactorDialog } from '../../features/two-factor/TwoFactorDialog';
import { AboutDialog } from './AboutDialog';

export function UserBlock() {
  const user = useAuthStore((state) => state.user);
  const logout = useAuthStore((state) => state.logout);
  const name = user?.name.trim() || DEFAULT_USER_NAME;
  const role = user?.role ? roleDisplayName(user.role) : DEFAULT_USER_ROLE_LABEL;
  const [aboutOpen, setAboutOpen] = useState(false);
  const [twoFactorOpen, setTwoFactorOpen] = useState(false);
  const [passwordOpen, setPasswordOpen] = useState(false);

  return (
    <div className="flex items-center gap-3 border-l border-line pl-3">
      <span
        aria-hidden="true"
        className="flex size-9 shrink-0 items-center justify-center rounded-full bg-accent text-xs font-semibold text-accent-fg"
      >
        {initials(name)}
      </span>
      <div className="hidden min-w-0 leading-tight md:block">
        <p className="truncate text-sm font-medium text-fg">{name}</p>
        <p className="truncate text-xs text-muted">{role}</p>
      </div>
      <IconButton
        aria-label="Two-factor sign-in"
        title="Two-factor sign-in"
        aria-haspopup="dialog"
        onClick={() => setTwoFactorOpen(true)}
      >
        <ShieldCheck aria-hidden="true" className="size-4.5" />
      </IconButton>
      <TwoFactorDialog open={twoFactorOpen} onClose={() => setTwoFactorOpen(false)} />
      <IconButton
        aria-label="Change password"
        title="Change password"
        aria-haspopup="dialog"
        onClick={() => setPasswordOpen(true)}
      >
        <KeyRound aria-hidden="true" className="size-4.5" />
      </IconButton>
      <ChangePasswordDialog open={passwordOpen} onClose={() => setPasswordOpen(false)} />
      <IconButton
        aria-label="About this console"
        title="About this console"
        aria-haspopup="dialog"
        onClick={() => setAboutOpen(true)}
      >
        <Info aria-hidden="true" className="size-4.5" />
      </IconButton>
      <AboutDialog open={aboutOpen} onClose={() => setAboutOpen(false)} />
      <IconButton aria-label="Log out" title="Log out" onClick={() => void logout()}>
        <LogOut aria-hidden="true" className="size-4.5" />
      </IconButton>
    </div>
  );
}
