/**
 * What the two-factor sign-in screens say (part 1 §2 sign-in, issue 13): the user's own dialog, the setup of
 * an authenticator and its recovery codes, in one place. The texts the server shares stay in shared/two-factor.
 */
export const TWO_FACTOR_SCREEN_TEXTS = {
  dialogTitle: 'Two-factor sign-in',
  loading: 'Loading...',
  /** The dialog's status could not be loaded. */
  statusFailed: 'The status could not be read.',
  /** The user's own status, as a list of terms and values. */
  status: {
    status: 'Status',
    enabled: 'Enabled',
    notSetUp: 'Not set up',
    enabledOn: 'Enabled on',
    recoveryCodesLeft: 'Recovery codes left',
    required: 'Required by the system settings',
    yes: 'Yes',
    no: 'No',
  },
  /** Shown to a user with an authenticator: only an administrator resets it. */
  moveAuthenticator: 'To move to a new authenticator, ask an administrator to reset your two-factor sign-in.',
  /** Shown to a user without one, above the button that starts the setup. */
  about: 'Each sign-in will ask for a code from an authenticator app on your phone as well as your password.',
  setUp: 'Set up two-factor sign-in',
  setupFailed: 'The setup could not be started',
  codeCheckFailed: 'The code could not be checked',
  done: 'Done',
  /** The setup of a new authenticator: the steps, the QR code, the secret and the first code. */
  setup: {
    scanStep: 'Scan the QR code with an authenticator app (or type the secret key into it).',
    codeStep: 'Enter the 6-digit code the app shows.',
    qrCodeAlt: 'QR code for your authenticator app',
    secretLabel: 'Secret key',
    codeLabel: 'Authentication code',
    /** The code field's tooltip (its title). */
    codeTitle: 'The 6-digit code from your authenticator app',
    /** The submit button's text unless the caller names it. */
    submit: 'Verify and enable',
  },
  /** The recovery codes of a new authenticator, shown once. */
  recoveryCodes: {
    /** Followed by the shared hint on keeping the codes. */
    enabled: 'Two-factor sign-in is on.',
    label: 'Recovery codes',
    copy: 'Copy codes',
    copied: 'Copied',
  },
} as const;
