import type { RouteGuard } from '../../shared/routes';
import { roleDisplayName } from '../../shared/permissions';

/** The requirement line of the Access Denied screen, e.g. "Required role: Super Admin". */
export function requirementText(guard: RouteGuard): string | undefined {
  switch (guard.kind) {
    case 'role':
      return `Required role: ${roleDisplayName(guard.role)}`;
    case 'permission':
      return `Required permission: ${guard.permission}`;
    case 'member':
    case 'self':
      return undefined;
  }
}
