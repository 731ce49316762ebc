import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { admin, twoFactor, username } from 'better-auth/plugins';
import { adminAc, userAc } from 'better-auth/plugins/admin/access';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { TConfig } from '#server/config.js';
import type { TDb } from '#server/db/client.js';
import { accounts, rateLimits, sessions, twoFactors, users, verifications } from '#server/db/schema/auth.js';
import { queueEmail } from '#server/lib/email/outbox.js';
import {
  renderPasswordChangedEmail,
  renderPasswordResetEmail,
  renderSignupAttemptEmail,
  renderVerifyEmailEmail,
  renderWelcomeEmail,
  VERIFY_EMAIL_LINK_HOURS,
  type TSecretUrl,
} from '#server/lib/email/templates.js';
import { readTierLimits } from '#server/modules/limits/tier-limits.js';
import { isStaffRole } from '#shared/permissions.js';
import { eq } from 'drizzle-orm';
import { RESET_IDENTIFIER_PREFIX, revokePasswordLinks, storeResetIdentifier } from './password-links.js';
import { generateBackupCodes } from './two-factor-codes.js';

/**
 * The server overwrites this header with Fastify's request.ip on every request (which honours
 * TRUST_PROXY), and better-auth reads the client IP only from it. Without this its rate limiter
 * sees no IP behind Fastify and puts everybody in one bucket; and a client's own
 * X-Forwarded-For is never trusted.
 */
export const CLIENT_IP_HEADER = 'x-exchange-client-ip';

export const AUTH_BASE_PATH = '/api/auth';

/** A Node request's headers as the Fetch Headers better-auth's API and handler take. */
export function toFetchHeaders(headers: IncomingHttpHeaders): Headers {
  const result = new Headers();
  for (const [key, value] of Object.entries(headers)) {
    if (value !== undefined) result.set(key, Array.isArray(value) ? value.join(', ') : value);
  }
  return result;
}

/** better-auth's cookie name prefix outside production. */
const COOKIE_PREFIX = 'better-auth';

/**
 * In production every cookie better-auth sets is a `__Host-` cookie (docs/decisions/020): the
 * browser keeps it only when it came over https with Secure, Path=/ and no Domain, so neither a
 * sibling subdomain nor a plain-http page can plant or overwrite a session cookie. better-auth
 * itself only knows `__Secure-`: its prefix is ours, its own secure prefix is off, and Secure is
 * a default attribute. Elsewhere: `__Secure-` behind https (as better-auth does), plain on http.
 */
export function sessionCookieOptions(config: Pick<TConfig, 'env' | 'appUrl'>) {
  if (config.env === 'production') {
    return { useSecureCookies: false, cookiePrefix: `__Host-${COOKIE_PREFIX}`, defaultCookieAttributes: { secure: true, path: '/' } };
  }
  return { useSecureCookies: config.appUrl.startsWith('https://'), cookiePrefix: COOKIE_PREFIX };
}

export function buildResetUrl(appUrl: string, token: string): TSecretUrl {
  // Built by hand: better-auth's own callback URL would put the token outside the hash route.
  return { base: `${appUrl}/#/reset-password?token=`, secret: token };
}

/** The emailed link that verifies an address (docs/decisions/024): the web page posts its token to /api/account/verify-email. */
export function buildVerifyEmailUrl(appUrl: string, token: string): TSecretUrl {
  return { base: `${appUrl}/#/verify-email?token=`, secret: token };
}

const fullNameOf = (user: { name: string }) => (user as { fullName?: string }).fullName || user.name;

export function createAuth(options: {
  db: TDb;
  config: TConfig;
  log: FastifyBaseLogger;
  onEmailQueued: () => void;
  /** A customer's account was created (app.ts: the sanctions screening of the name, docs/decisions/075). */
  onCustomerCreated?: (customer: { id: string; name: string }) => void;
}) {
  const { db, config } = options;
  const limit = { window: config.authRateLimit.window, max: config.authRateLimit.max };
  return betterAuth({
    appName: 'CediCrypto',
    baseURL: config.appUrl,
    basePath: AUTH_BASE_PATH,
    secret: config.authSecret,
    trustedOrigins: [config.appOrigin],
    telemetry: { enabled: false },
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        rateLimit: rateLimits,
        twoFactor: twoFactors,
      },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      // Sign-up never signs in (issue 26 point 7, docs/decisions/024): the emailed link does, or the
      // password. With autoSignIn off, better-auth answers a sign-up with an existing address as it
      // answers a new one (a made-up user, the password hashed all the same) and calls
      // onExistingUserSignUp instead of creating anything.
      autoSignIn: false,
      onExistingUserSignUp: async ({ user }) => {
        await queueEmail(db, user.email, renderSignupAttemptEmail({ fullName: fullNameOf(user), appUrl: config.appUrl }));
        options.onEmailQueued();
      },
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      // The link used is consumed by better-auth; every other one (and an unused invitation) goes too,
      // and the owner is told (issue 26).
      onPasswordReset: async ({ user }) => {
        await revokePasswordLinks(db, user.id);
        const [row] = await db.select().from(users).where(eq(users.id, user.id));
        if (!row) return;
        await queueEmail(
          db,
          row.email,
          renderPasswordChangedEmail({
            fullName: row.fullName || row.name,
            appUrl: config.appUrl,
            at: new Date(),
            isStaff: isStaffRole(row.role),
            how: 'reset',
          }),
        );
        options.onEmailQueued();
      },
      sendResetPassword: async ({ user, token }) => {
        const fullName = (user as { fullName?: string }).fullName || user.name;
        await queueEmail(
          db,
          user.email,
          renderPasswordResetEmail({ fullName, resetUrl: buildResetUrl(config.appUrl, token) }),
          config.authSecret,
        );
        options.onEmailQueued();
      },
    },
    // Customers verify their address before their first order (issue 26 point 5, docs/decisions/024).
    // Sign-in does not require it: an unverified customer signs in and sees the state with Resend.
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: VERIFY_EMAIL_LINK_HOURS * 60 * 60,
      sendVerificationEmail: async ({ user, token }) => {
        await queueEmail(
          db,
          user.email,
          renderVerifyEmailEmail({ fullName: fullNameOf(user), verifyUrl: buildVerifyEmailUrl(config.appUrl, token) }),
          config.authSecret,
        );
        options.onEmailQueued();
      },
      // The welcome email comes once the address is proven; its Tier 0 limit is the setting's (docs/decisions/016).
      afterEmailVerification: async (user) => {
        const { tier0LimitUsd } = await readTierLimits(db);
        await queueEmail(db, user.email, renderWelcomeEmail({ fullName: fullNameOf(user), appUrl: config.appUrl, tier0LimitUsd }));
        options.onEmailQueued();
      },
    },
    // A new customer's account: app.ts screens the name against the sanctions lists (docs/decisions/075).
    databaseHooks: {
      user: {
        create: {
          after: async (user) => {
            if (isStaffRole((user as { role?: string | null }).role ?? null)) return;
            options.onCustomerCreated?.({ id: user.id, name: fullNameOf(user) });
          },
        },
      },
    },
    user: {
      additionalFields: {
        fullName: { type: 'string', required: true, input: true },
        phone: { type: 'string', required: false, input: true },
        kycStatus: { type: 'string', required: false, input: false, defaultValue: 'unverified' },
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 7,
      updateAge: 60 * 60 * 24,
      // No cookie cache: a ban or a role change takes effect on the very next request.
      cookieCache: { enabled: false },
    },
    verification: {
      storeIdentifier: { default: 'hashed', overrides: { [RESET_IDENTIFIER_PREFIX]: { hash: storeResetIdentifier } } },
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 300,
      customRules: {
        '/sign-in/email': limit,
        '/sign-up/email': limit,
        '/verify-email': limit,
        '/send-verification-email': limit,
        '/request-password-reset': limit,
        '/reset-password': limit,
        '/two-factor/verify-totp': limit,
        '/two-factor/verify-backup-code': limit,
        '/two-factor/enable': limit,
        // Our route limits each account (RATE_LIMITS.changePasswordPerUser); better-auth's default of 3 in 10 s per address would refuse people behind one shared address.
        '/change-password': limit,
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      ...sessionCookieOptions(config),
    },
    // Into our pino log, never the console. A failed insert is usually the unique index
    // refusing a duplicate username in a race, which the signup route answers properly.
    logger: {
      level: 'warn',
      log: (level, message, ...args) => {
        const detail = args.map((a) => (a instanceof Error ? a.message : String(a))).join(' ');
        options.log[level === 'debug' ? 'debug' : level === 'info' ? 'info' : 'warn']({ detail }, `better-auth: ${message}`);
      },
    },
    plugins: [
      username({ minUsernameLength: 3, maxUsernameLength: 30 }),
      // The admin plugin gives us bans (a banned user cannot sign in). Its own HTTP endpoints are
      // not exposed (see mount.ts); staff actions go through our audited routes and the matrix.
      admin({
        defaultRole: 'customer',
        adminRoles: ['super_admin'],
        roles: { super_admin: adminAc, manager: userAc, support: userAc, compliance: userAc, customer: userAc },
        bannedUserMessage: 'This account has been suspended. Please contact support.',
      }),
      // TOTP (authenticator app) with 10 single-use backup codes, both stored encrypted with the
      // server secret. Required for staff (enforced in plugins/access.ts), optional for customers.
      // The codes have no look-alike characters (two-factor-codes.ts).
      twoFactor({
        issuer: 'CediCrypto',
        totpOptions: { digits: 6, period: 30 },
        backupCodeOptions: { amount: 10, storeBackupCodes: 'encrypted', customBackupCodesGenerate: () => generateBackupCodes(10) },
      }),
    ],
  });
}

export type TAuth = ReturnType<typeof createAuth>;
