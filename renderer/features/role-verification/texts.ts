/**
 * What the Role Verification screen says (part 2 §2, §6, §7), in one place. The expected roles, categories and
 * checklist items stay in expected.ts, the printed commands in commands.ts.
 */
export const ROLE_VERIFICATION_TEXTS = {
  description:
    'Check what a role may do: the server tests each permission, and the checklist calls the platform as you.',
  loading: 'Loading roles...',
  /** The signed-in user's role and where its permissions come from. */
  currentRole: {
    title: 'Your Role',
    permissions: (count: number) => `${count} permissions`,
    /** The roles the server says the permissions come from. */
    from: (roles: string) => `from ${roles}`,
    bars: 'Your permissions by category',
  },
  /** The role picker and Test Permissions. */
  tester: {
    title: 'Test a Role',
    role: 'Role',
    test: 'Test Permissions',
    failed: 'The role could not be tested',
    granted: (granted: number, total: number) => `${granted} of ${total} permissions granted`,
    bars: 'Tested role by category',
    /** The list of the permissions checked, and its scroll region. */
    results: 'Permission results',
    /** The icons' accessible names. */
    pass: 'pass',
    fail: 'fail',
  },
  /** The expected role matrix of part 2 §6, with what the server holds beside it. */
  matrix: {
    title: 'Role Matrix',
    columns: {
      role: 'Role',
      stated: 'Stated',
      live: 'On the server',
      redirect: 'Redirect',
      matches: 'Matches the definition',
    },
    yes: 'Yes',
    no: 'No',
  },
  /** The testing checklist, run as the signed-in user. */
  checklist: {
    title: 'Testing Checklist',
    run: 'Run Checklist',
    intro: (role: string) =>
      `A center admin should fail on the centers list and succeed on the center analytics route. Run as ${role}:`,
    failed: 'The checklist could not run',
    notRun: 'not run',
    pass: 'PASS',
    fail: 'FAIL',
    expected: (allowed: boolean) => `Expected: ${allowed ? 'allowed' : 'refused'}`,
    /** What the call got: the outcome, the request and its status (0: it never got an answer). */
    got: (check: { allowed: boolean; method: string; path: string; status: number }) =>
      `Got: ${check.allowed ? 'allowed' : 'refused'} — ${check.method} ${check.path} → ${check.status || 'no answer'}`,
    noOrganization: 'No current organization: the center analytics call was not made.',
  },
  /** Example API checks; $TOKEN stands for the session token, never shown. */
  apiChecks: {
    title: 'API Checks',
    intro: 'The same calls from a terminal. $TOKEN is a session token of the user to check.',
    /** Added after the intro when the console's own server answers. */
    launchSecret:
      'The console’s own server answers only with its launch secret: start the console with CONSOLE_LAUNCH_SECRET set and export the same value in the terminal.',
    commands: 'API check commands',
    noOrganization: 'No current organization: the center analytics command needs one.',
  },
} as const;
