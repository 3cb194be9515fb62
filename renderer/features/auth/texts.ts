/** What the sign-in and set-password screens say (part 1 §5, issue 13), in one place. */
export const AUTH_TEXTS = {
  emailLabel: 'Email Address',
  passwordLabel: 'Password',
  signIn: 'Sign In',
  signingIn: 'Signing In...',
  /** A sign-in made while the console's own server still starts (issue 29). */
  startingConsole: 'Starting the console…',
  loginFailed: 'Login Failed',
  setPasswordTitle: 'Set your password',
  setPasswordLead: 'Choose the password for your Operations Console account',
  codeLabel: 'Code from your invitation or reset',
  newPasswordLabel: 'New password',
  confirmPasswordLabel: 'Confirm password',
  setPassword: 'Set Password',
  mismatch: 'The passwords do not match',
  setPasswordFailed: 'Setting the password failed',
  joinFailed: 'Joining the organization failed',
  signInToAccept: 'Sign in to accept',
  backToSignIn: 'Back to sign in',
  changePasswordTitle: 'Change password',
  currentPasswordLabel: 'Current password',
  changePassword: 'Change Password',
  changingPassword: 'Changing...',
  changePasswordFailed: 'Changing the password failed',
  passwordChanged: 'Your password is changed. Other sessions of this account are signed out.',
  /** The change-password dialog's buttons once changed, and to leave it unchanged. */
  done: 'Done',
  cancel: 'Cancel',
  /** While the session is checked, before the sign-in form. */
  loading: 'Loading...',
  /** The sign-in page's heading and the link to the set-password page. */
  signInPage: {
    title: 'Operations Console',
    lead: 'Sign in with your administrator account',
    setPasswordLink: 'Have an invitation or reset code? Set your password',
  },
  /** The notices under the sign-in form (part 1 §1, §2): there is no self sign-up. */
  notices: {
    restrictedTitle: 'Restricted Access',
    restricted: 'This console is for authorized platform administrators only.',
    secureTitle: 'Secure Authentication',
    secure: 'Your credentials are checked by the platform, and your session token never reaches this page.',
    noAccount: "Don't have an account? Contact your administrator to request access.",
  },
  /** The set-password page's outcomes, and joining an organization with the signed-in account (issue 25). */
  passwordSet: (email: string) => `Your password is set for ${email}.`,
  /** The link to sign in once the password is set. */
  signInLink: 'Sign in',
  joined: (email: string) => `${email} joined the organization.`,
  joinPrompt: (email: string) =>
    `This invitation can be accepted with the account you are signed in to (${email}).`,
  joinAs: (email: string) => `Join as ${email}`,
  /** The sign-in's second step (issue 13); its hints are the shared two-factor texts. */
  twoFactor: {
    title: 'Two-factor sign-in',
    codeLabel: 'Authentication code',
    verify: 'Verify',
    verifying: 'Verifying...',
    enrolTitle: 'Set up two-factor sign-in',
    setupFailed: 'The setup could not be started.',
    /** The recovery codes' button, after the setup at sign-in. */
    continue: 'Continue to the console',
  },
} as const;
