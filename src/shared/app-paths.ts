/**
 * Every route path of the web app, declared once and read by the web router (through
 * src/web/lib/paths.ts) and by the server, which redirects a path typed without the hash
 * (/login) to its hash route (/#/login). Components link with `paths.x.getHref()`, never by
 * building strings. Dependency-free: no DOM, no Node.
 *
 * A path is literal segments and `:param` segments only, a syntax the web router (src/web/lib/router.tsx) and Fastify
 * read alike (src/web/app/router.test.ts checks the router serves exactly these).
 */

function withQuery(path: string, query: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value) params.set(key, value);
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

function fixed<const P extends string>(path: P) {
  return { path, getHref: () => path };
}

export const paths = {
  home: fixed('/'),
  about: fixed('/about'),
  terms: fixed('/terms'),
  privacy: fixed('/privacy'),
  contact: fixed('/contact'),
  faq: fixed('/faq'),

  login: fixed('/login'),
  signup: fixed('/signup'),
  accountCreated: fixed('/account-created'),
  /** The emailed link that confirms a customer's address (docs/decisions/024). */
  verifyEmail: {
    path: '/verify-email',
    getHref: (token?: string) => withQuery('/verify-email', { token }),
  },
  forgotPassword: fixed('/forgot-password'),
  resetPassword: {
    path: '/reset-password',
    getHref: (token?: string) => withQuery('/reset-password', { token }),
  },
  /** The product description's other reading: the token as a path segment. */
  resetPasswordWithToken: { path: '/reset-password/:token' },

  dashboard: fixed('/dashboard'),
  buy: fixed('/buy'),
  sell: fixed('/sell'),
  history: fixed('/history'),
  /** One order: what to pay or send, its countdown and timeline (docs/decisions/014); every order email links here. */
  order: { path: '/orders/:id', getHref: (id: number | string) => `/orders/${encodeURIComponent(String(id))}` },
  kyc: fixed('/kyc'),
  security: fixed('/security'),

  admin: {
    root: fixed('/admin'),
    login: {
      path: '/admin/login',
      getHref: (query: { email?: string; from?: string } = {}) => withQuery('/admin/login', query),
    },
    accessDenied: fixed('/admin/access-denied'),
    setPassword: fixed('/admin/set-password'),
    twoFactorSetup: fixed('/admin/two-factor-setup'),
    /** Change password, for every staff role (docs/decisions/023). */
    changePassword: fixed('/admin/password'),
    /** Every staff role: their own sound and desktop notifications (docs/decisions/032). */
    notifications: fixed('/admin/notifications'),
    dashboard: fixed('/admin/dashboard'),
    users: {
      path: '/admin/users' as const,
      getHref: () => '/admin/users',
      /** User Management with this user's profile open (the KYC review's "Same ID number on other accounts"). */
      profileHref: (userId: string) => `/admin/users?profile=${encodeURIComponent(userId)}`,
    },
    orders: fixed('/admin/orders'),
    coins: fixed('/admin/coins'),
    paymentMethods: fixed('/admin/payment-methods'),
    pendingChanges: fixed('/admin/pending-changes'),
    /** Issue 28 point 6 (docs/decisions/040): balances, what is owed, and the day's settlement. */
    treasury: fixed('/admin/treasury'),
    settlement: fixed('/admin/settlement'),
    /** Statement import and reconciliation (docs/decisions/039). */
    statements: fixed('/admin/statements'),
    smsForwarders: fixed('/admin/sms-forwarders'),
    kycSubmissions: fixed('/admin/kyc-submissions'),
    /** The compliance desk (docs/decisions/017): alerts, cases and monitoring settings. */
    compliance: fixed('/admin/compliance'),
    chat: fixed('/admin/chat'),
    cannedResponses: fixed('/admin/canned-responses'),
    contact: fixed('/admin/contact'),
    emails: fixed('/admin/emails'),
    sms: fixed('/admin/sms'),
    /** Issue 30 point 1 (docs/decisions/052): background queues and their failures. */
    jobs: fixed('/admin/jobs'),
    settings: fixed('/admin/settings'),
    management: fixed('/admin/management'),
    audit: fixed('/admin/audit'),
  },
} as const;

function collectPaths(node: object): string[] {
  if ('path' in node && typeof node.path === 'string') return [node.path];
  return Object.values(node).flatMap((child) => (child && typeof child === 'object' ? collectPaths(child) : []));
}

/** Every path of `paths`, as route patterns ('/reset-password/:token'). */
export const APP_PATHS: readonly string[] = collectPaths(paths);
