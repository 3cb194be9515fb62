/** The error catalogue of the spec (part 1 §8, part 2 §8), spelled exactly as the spec spells it. */
export const ERRORS = {
  loginFailed: 'Login failed',
  registrationFailed: 'Registration failed',
  noToken: 'No token available',
  authRequired: 'Authentication required',
  apiRequestFailed: 'API request failed',
  networkError: 'Network error occurred',
  organizationNotFound: 'Organization not found',
  permissionNotFound: 'Permission not found',
  roleNotFound: 'Role not found',
  rbacInitFailed: 'Failed to initialize RBAC',
  /** Our own texts, where the spec is silent. */
  invalidCredentials: 'Invalid email or password',
  noConsoleAccess:
    'Your role does not give access to the operations console. Contact an administrator if you need access.',
  accountDisabled: 'This account is disabled. Contact an administrator.',
  tooManyAttempts: 'Too many failed sign-in attempts. Try again in {seconds} seconds.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  forbidden: 'You do not have the permission {permission}',
  emailTaken: 'An account with this email already exists',
  invalidInput: 'Invalid input',
  notAMember: 'You are not a member of this organization',
  organizationRequired: 'Choose an organization first (X-Organization-Id)',
  ownerCannotBeRemoved: 'The owner cannot be removed',
  ownerRoleFixed: "The owner's role cannot be changed",
  memberNotFound: 'Member not found',
  childNotFound: 'Child not found in this organization',
  checkOutBeforeCheckIn: 'A check-out cannot be earlier than its check-in',
  costImportRefused: 'Nothing was imported: {errors}',
  notCheckedIn: 'This child is not checked in',
  alreadyCheckedIn: 'This child is already checked in',
  futureTime: 'The time cannot be in the future',
  alreadyMember: 'This person is already a member',
  systemRoleImmutable: 'System roles cannot be changed',
  roleNameTaken: 'A role with this name already exists',
  roleInUse: 'This role is still assigned to {count} user(s); give them another role first',
  userNotFound: 'User not found',
  tenantForbidden: 'You are not allowed to {action} in this organization',
  exportNotFound: 'Export not found',
  exportExpired: 'This export has expired; start a new one',
  reportFileMissing: 'This report has no file to download yet: generate it first',
  recoveryPointMissing: 'The recovery point does not exist',
  /** 503 while the server's database does not answer; the console shows it as one state (issue 27). */
  databaseUnreachable: 'The server cannot reach its database — retrying',
  /** 507 or a failed run's reason when the server's disk (or its database's) is full (issue 27). */
  diskFull: "The server's disk is full: the {what} was not saved. Free some space and try again.",
  /** A file saved on this computer (Save as) that its disk could not hold. */
  saveDiskFull: 'The disk is full: the file was not saved. Free some space and try again.',
} as const;

/** "HTTP {status}: {statusText}" (part 1 §7, Client B). */
export function httpErrorText(status: number, statusText: string): string {
  return `HTTP ${status}: ${statusText}`;
}

/** Fills `{name}` placeholders of a catalogue text. */
export function formatError(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}
