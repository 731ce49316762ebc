/**
 * Every user-facing message of the product's catalogue (docs/product.md §5 and §8), written
 * once. These texts are exact; keep them so.
 */
export const MSG = {
  // Signup / validation (docs/product.md §5)
  usernameRequired: 'Username is required.',
  usernameFormat: 'Username must be 3-30 characters: letters, numbers, underscores or dots.',
  usernameReserved: 'This username looks like a CediCrypto staff account (admin, support, ...). Please choose another one.',
  fullNameRequired: 'Full name is required.',
  fullNameFormat: 'Full name can only contain letters, spaces, hyphens, or apostrophes.',
  fullNameMixedScripts: 'Write your full name in one alphabet: do not mix, for example, Latin and Cyrillic letters.',
  emailInvalid: 'A valid email is required.',
  /** 12, not the 8 of docs/product.md §5 (issue 26, docs/decisions/023-password-policy.md). */
  passwordTooShort: 'Password must be at least 12 characters.',
  passwordCommon: 'This password is on a list of common or leaked passwords. Please choose another one.',
  passwordTooLong: 'Password must be at most 128 characters.',
  passwordsDoNotMatch: 'Passwords do not match.',
  phoneInvalid: 'Enter a valid phone number.',
  usernameTaken: (username: string) => `Username "${username}" is already taken. Please choose another one.`,
  usernameCheckFailed: 'Could not verify username. Please try again.',
  signupFailed: 'Signup failed. The email might already be in use.',

  // Login (docs/product.md §6, §8)
  loginFailed: 'Login failed',
  invalidCredentials: 'Invalid credentials.',
  adminMustUseAdminLogin: 'Admin accounts must use the admin login.',
  notAdmin: 'This account does not have admin privileges.',
  banned: 'This account has been suspended. Please contact support.',
  tooManyAttempts: 'Too many attempts. Please wait a minute and try again.',
  tooManyAttemptsFor: (minutes: number) => `Too many attempts. Please wait ${minutes} minutes and try again.`,
  requestTimedOut: 'The request took too long to arrive. Please check your connection and try again.',
  /** The admin sign-in of an account slowed by failed attempts from elsewhere (docs/decisions/010). */
  signInCodeHint: 'Many failed sign-ins were tried on this account. Enter your authenticator code with your password to sign in now.',
  signInCodeInvalid: 'Enter the 6-digit code from your authenticator app.',
  timedOut: (operation: string) => `${operation} timed out. Please check your connection and try again.`,
  /** A form whose rules come in a chunk of their own could not download them (web/components/form/use-light-form.ts). */
  formCheckUnavailable: 'The form could not be checked. Please check your connection and try again.',

  // Password reset
  resetRequested: (email: string) => `If an account with ${email} exists, a reset link has been sent.`,
  resetInvalid: 'This reset link is invalid or has expired. Please request a new one.',
  resetDone: 'Your password has been reset. Redirecting to login…',

  // Change password (issue 26, docs/decisions/023)
  currentPasswordRequired: 'Enter your current password.',
  currentPasswordWrong: 'Your current password is not correct.',
  authenticatorCodeFormat: 'Enter the 6-digit code from your authenticator app.',
  authenticatorCodeRequired: 'Staff accounts confirm a new password with a code from the authenticator app.',
  newPasswordSameAsOld: 'Choose a password different from your current one.',
  passwordChanged: 'Your password has been changed. Your other sessions were signed out.',
  passwordChangeRequested: 'Your password is weaker than we now require (at least 12 characters, not a common password). Please change it.',

  // Access
  unauthenticated: 'Please log in to continue.',
  /** GET /metrics without its token (docs/deployment.md "Monitoring"): read by Prometheus, not a person. */
  metricsTokenRequired: 'The metrics token is missing or wrong.',
  forbidden: 'You do not have the required permissions to view this page.',
  accessDeniedTitle: 'Access Denied',
  crossSite: 'Cross-site request refused.',
  notFound: 'Not found.',
  /** The "Page not found" page: the web app's, and the server's for a path without the # (plugins/web.ts). */
  pageNotFound: 'Page not found',
  pageNotFoundText: 'The page you are looking for does not exist or has moved.',
  goHome: 'Go to the home page',
  badRequest: 'The request is not valid.',
  invalidCharacter: 'This text contains a character that is not allowed.',
  nestedTooDeeply: 'The request is nested too deeply.',
  tooLarge: 'The request is too large.',

  // Generic (docs/product.md §8)
  unexpected: 'An unexpected error occurred. Please try again.',
  genericError: 'An error occurred.',
  userNotFound: 'User not found.',
  secretGone: 'This link or code is no longer kept: it was delivered, or it expired. Send a new password reset or invitation instead.',

  // Email (docs/product.md §1)
  smtpNotConfigured: 'SMTP settings are not fully configured. Skipping actual email send.',
} as const;
