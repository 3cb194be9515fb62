import { Navigate } from 'react-router';
import { guardSubject, homePath } from '../../lib/navigation';
import { useAuthStore } from '../state/useAuthStore';

/** "/" leads to /dashboard, or to the first screen the user may open. */
export function HomeRedirect() {
  const user = useAuthStore((state) => state.user);
  if (!user) return null;
  return <Navigate to={homePath(guardSubject(user))} replace />;
}
