/**
 * What the User Management screen says (part 2 §2–§4, issue 13), in one place. The texts the server
 * shares (load failure, empty table, refusals, status labels) stay in shared/users.
 */
export const USERS_TEXTS = {
  description:
    'Platform users with their roles, centers, status and last sign-in, to find, filter and add users.',
  buttons: {
    exportUsers: 'Export users',
    addUser: 'Add User',
    cancel: 'Cancel',
    done: 'Done',
    save: 'Save',
    resetTwoFactor: 'Reset two-factor',
  },
  kpis: {
    total: 'Total Users',
    newThisMonth: (count: string) => `${count} new this month`,
    active: 'Active Users',
    centerAdmins: 'Center Admins',
    educators: 'Educators',
  },
  /** A failed change without a message of its own. */
  changeFailed: 'The change failed',
  roleDistribution: 'Role Distribution',
  /** The search box and the two filter selects; their labels are hidden. */
  filters: {
    search: 'Search users',
    searchPlaceholder: 'Search by name, email or center',
    role: 'Role',
    allRoles: 'All roles',
    status: 'Status',
    allStatuses: 'All statuses',
  },
  table: {
    name: 'Users',
    loading: 'Loading users...',
    /** Under the status badge of a user who signs in with two factors. */
    twoFactorOn: 'Two-factor on',
  },
  columns: {
    user: 'User',
    role: 'Role',
    center: 'Center',
    status: 'Status',
    lastLogin: 'Last Login',
    actions: 'Actions',
  },
  /** A row's icon buttons: the tooltip, and with the user's name the accessible name. */
  actions: {
    edit: 'Edit',
    editUser: (name: string) => `Edit ${name}`,
    deactivate: 'Deactivate',
    deactivateUser: (name: string) => `Deactivate ${name}`,
    activate: 'Activate',
    activateUser: (name: string) => `Activate ${name}`,
    suspend: 'Suspend',
    suspendUser: (name: string) => `Suspend ${name}`,
    /** A pending user gets a new invitation link, the others a password reset link. */
    newInvitationLink: 'New invitation link',
    newInvitationLinkFor: (name: string) => `New invitation link for ${name}`,
    resetPassword: 'Reset password',
    resetPasswordOf: (name: string) => `Reset password of ${name}`,
    resetTwoFactor: 'Reset two-factor sign-in',
    resetTwoFactorOf: (name: string) => `Reset two-factor sign-in of ${name}`,
  },
  /** Add User and Edit: the dialog's title, fields and the pending account's one-time link. */
  form: {
    addTitle: 'Add User',
    editTitle: (name: string) => `Edit ${name}`,
    name: 'Name',
    email: 'Email',
    role: 'Role',
    center: 'Center',
    noCenter: 'No center',
    phone: 'Phone',
    location: 'Location',
    added: (name: string) => `${name} was added. The account stays pending until the invitation is accepted.`,
  },
  /** The one-time link of a password reset or a new invitation. */
  oneTimeLinkTitle: 'One-time link',
  /** The confirmation of a two-factor reset (issue 13): it cannot be undone. */
  resetTwoFactor: {
    title: 'Reset two-factor sign-in',
    body: (name: string) =>
      `${name}'s authenticator and recovery codes are removed and their sessions end. Their next sign-in asks for a password only, or, where two-factor is required, sets up a new authenticator.`,
    failed: 'The reset failed',
  },
} as const;
