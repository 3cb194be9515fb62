import { useMemo } from 'react';
import { guardSubject, navSections, type NavSection } from '../../lib/navigation';
import { useAuthStore } from '../state/useAuthStore';

/** The navigation groups the signed-in user may see. */
export function useNavSections(): NavSection[] {
  const user = useAuthStore((state) => state.user);
  return useMemo(() => (user ? navSections(guardSubject(user)) : []), [user]);
}
