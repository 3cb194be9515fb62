/**
 * Platform users (part 2 §2–§4, §6, §9): statuses and their transitions, the platform roles shown over the
 * role model, the relative last login and the one-time link. Pure: the server enforces, the console shows.
 */
import type { SystemRoleId } from './permissions';
import type { InviteRole } from './tenancy';

/** `pending`: invited, no password set yet; the spec's three statuses otherwise (part 2 §4). */
export const USER_STATUSES = ['pending', 'active', 'inactive', 'suspended'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** What an administrator may set; `pending` ends only by accepting the invitation. */
export const SETTABLE_USER_STATUSES = ['active', 'inactive', 'suspended'] as const;
export type SettableUserStatus = (typeof SETTABLE_USER_STATUSES)[number];

export const USER_STATUS_LABELS: Readonly<Record<UserStatus, string>> = {
  pending: 'Pending',
  active: 'Active',
  inactive: 'Inactive',
  suspended: 'Suspended',
};

/** The platform roles of part 2 §6, over the role model: an educator is the system role `teacher`. */
export const PLATFORM_ROLES = [
  { id: 'super_admin', label: 'Super Admin' },
  { id: 'center_admin', label: 'Center Admin' },
  { id: 'teacher', label: 'Educator' },
  { id: 'parent', label: 'Parent' },
] as const satisfies readonly { id: SystemRoleId; label: string }[];

/** The spec's label for a platform role, otherwise the role's own name (other system and custom roles). */
export function roleLabel(roleId: string, roleName: string): string {
  return PLATFORM_ROLES.find((r) => r.id === roleId)?.label ?? roleName;
}

/**
 * The membership a user gets in the center chosen for them: center admins administer it, everyone else
 * sees it. Never `owner`: ownership is not handed out from the users screen.
 */
export function centerMemberRole(roleId: string): InviteRole {
  return roleId === 'center_admin' ? 'admin' : 'viewer';
}

/** A one-time link (invitation or password reset) is valid this long (issue 13). */
export const ONE_TIME_LINK_LIFETIME_MS = 72 * 3_600_000;

/** The console route a one-time link opens (public, like sign-in). */
export const SET_PASSWORD_PATH = '/set-password';

/**
 * The link given to the invitee: the console's address, then the route in the hash (the console uses a
 * hash router), the token in the hash too, so that it never reaches a server's access log.
 */
export function oneTimeLink(consoleUrl: string, token: string): string {
  const base = consoleUrl.replace(/[?#].*$/, '').replace(/\/+$/, '');
  return `${base}/#${SET_PASSWORD_PATH}?token=${encodeURIComponent(token)}`;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Last login in hours (part 2 §9): 'Just now' under 1 h, 'Nh ago' under 24 h, else days; 'Never'. */
export function lastLoginLabel(iso: string | null, now: number): string {
  if (!iso) return 'Never';
  const elapsed = now - Date.parse(iso);
  if (Number.isNaN(elapsed)) return 'Never';
  if (elapsed < HOUR) return 'Just now';
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)}h ago`;
  return `${Math.floor(elapsed / DAY)}d ago`;
}

/** Our own texts for the users screen and its calls (the spec gives none but the empty state). */
export const USER_TEXTS = {
  empty: 'No users found matching your criteria',
  loadFailed: 'Failed to load user data',
  notYourself: 'You cannot deactivate or suspend your own account',
  lastSuperAdmin: 'The last active super admin cannot be deactivated or suspended',
  pendingActivation: 'This user has not accepted the invitation yet; send a new link instead',
  linkInvalid: 'This link is invalid or has expired. Ask an administrator for a new one.',
  centerNotFound: 'Center not found',
  userLimitReached:
    'This organization has reached its plan limit of {limit} users; upgrade the plan or remove a member first',
  inviteeExists:
    'An account with this email already exists: sign in with its password to accept the invitation',
  inviteForAnotherAccount:
    'This invitation was sent to another email address than the one you are signed in with',
} as const;
