import { Link, Navigate, useLocation } from 'react-router';
import { SET_PASSWORD_PATH } from '../../../shared/users';
import { ShieldCheck } from 'lucide-react';
import { useShallow } from 'zustand/react/shallow';
import { useAuthStore } from '../../app/state/useAuthStore';
import { FullScreenMessage } from '../../components/ui/FullScreenMessage';
import { guardSubject } from '../../lib/navigation';
import { postLoginTarget } from '../../lib/redirect';
import { LoginForm } from './LoginForm';
import { LoginNotices } from './LoginNotices';
import { TwoFactorSignIn } from './TwoFactorSignIn';
import { AUTH_TEXTS } from './texts';

/** /login (part 1 §2): the only public screen. */
export function LoginPage() {
  const { status, user, twoFactor } = useAuthStore(
    useShallow((state) => ({ status: state.status, user: state.user, twoFactor: state.twoFactor })),
  );
  const location = useLocation();

  if (status === 'unknown' || status === 'verifying')
    return <FullScreenMessage>{AUTH_TEXTS.loading}</FullScreenMessage>;
  if (status === 'authenticated' && user) {
    return <Navigate to={postLoginTarget(location.state, guardSubject(user))} replace />;
  }

  return (
    <main className="flex min-h-full items-center justify-center px-4 py-12">
      <div className="w-full max-w-md">
        <div className="mb-8 text-center">
          <div className="mx-auto flex size-12 items-center justify-center rounded-xl bg-accent text-accent-fg shadow-sm">
            <ShieldCheck aria-hidden="true" className="size-6" />
          </div>
          <h1 className="mt-4 text-2xl font-semibold tracking-tight text-fg">
            {AUTH_TEXTS.signInPage.title}
          </h1>
          <p className="mt-1 text-sm text-muted">{AUTH_TEXTS.signInPage.lead}</p>
        </div>
        <div className="rounded-xl border border-line bg-surface p-6 shadow-sm sm:p-8">
          {twoFactor ? <TwoFactorSignIn /> : <LoginForm />}
        </div>
        <p className="mt-4 text-center text-sm">
          <Link to={SET_PASSWORD_PATH} className="text-accent underline">
            {AUTH_TEXTS.signInPage.setPasswordLink}
          </Link>
        </p>
        <LoginNotices />
      </div>
    </main>
  );
}
