import type { ReactNode } from 'react';
import { passesGuard, type RouteGuard as RouteGuardSpec } from '../../../shared/routes';
import { requirementText } from '../../lib/guards';
import { guardSubject } from '../../lib/navigation';
import { useAuthStore } from '../state/useAuthStore';
import { AccessDenied } from './AccessDenied';

/**
 * Shows its children when the signed-in user passes the guard: an exact role (part 1 §5) or a permission.
 * 'member' and 'self' guards pass here; 'self' screens decide with their own text.
 */
export function RouteGuard({ guard, children }: { guard: RouteGuardSpec; children: ReactNode }) {
  const user = useAuthStore((state) => state.user);
  if (!user) return null;
  if (passesGuard(guard, guardSubject(user))) return children;
  return <AccessDenied requirement={requirementText(guard)} role={user.role} />;
}
