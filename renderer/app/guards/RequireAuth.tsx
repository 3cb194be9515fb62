import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { LOGIN_PATH } from '../../../shared/routes';
import { FullScreenMessage } from '../../components/ui/FullScreenMessage';
import { loginRedirectState } from '../../lib/redirect';
import { useAuthStore } from '../state/useAuthStore';

/** Every route but /login needs a session; a visitor is sent to /login with the requested location kept. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const status = useAuthStore((state) => state.status);
  const ended = useAuthStore((state) => state.ended);
  const location = useLocation();

  if (status === 'unknown' || status === 'verifying') {
    return <FullScreenMessage>Verifying authentication...</FullScreenMessage>;
  }
  if (status === 'unauthenticated') {
    const state = ended === 'logout' ? undefined : loginRedirectState(location.pathname, location.search);
    return <Navigate to={LOGIN_PATH} replace state={state} />;
  }
  return children;
}
