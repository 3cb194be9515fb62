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
} as const;
