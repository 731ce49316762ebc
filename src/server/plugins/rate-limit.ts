import rateLimit, { normalizeIP, type FastifyRateLimitStore, type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MSG } from '#shared/messages.js';
import { AppError } from '#server/lib/errors.js';
import type { RateLimitStore } from '#server/lib/rate-limit-store.js';

export type TLimitRule = { max: number; windowSeconds: number };

/**
 * Every request limit of the API, in one place (decisions/010). Per-IP limits are generous:
 * mobile networks in Ghana put many customers behind one carrier address, so the per-account
 * limits are what stop a guesser; per-user limits apply to signed-in routes.
 */
export const RATE_LIMITS = {
  /** Password sign-in attempts from one address. */
  loginPerIp: { max: 30, windowSeconds: 60 },
  /**
   * Sign-in attempts on one account from one address (issue 26): past these, that address waits
   * out the window for that account, even with the right password. Other addresses are not refused.
   */
  loginFailuresPerAccountAndIp: { max: 10, windowSeconds: 15 * 60 },
  /**
   * Failed sign-ins of one account from all addresses together: past `max` in the window, the
   * account is slowed (LOGIN_SLOWDOWN), not refused: one attempt per growing delay, whoever makes it.
   */
  loginFailuresPerAccount: { max: 20, windowSeconds: 60 * 60 },
  /** One email to the owner of an account about failed sign-ins, per window. */
  loginAlertsPerAccount: { max: 1, windowSeconds: 60 * 60 },
  signupPerIp: { max: 20, windowSeconds: 10 * 60 },
  /**
   * Sign-ups per address signed up and per /24 (IPv4) or /64 (IPv6) network (issue 26 point 7):
   * past these, each one needs a solved proof-of-work check (docs/decisions/024), not a wait.
   */
  signupPerEmail: { max: 3, windowSeconds: 60 * 60 },
  signupPerNetwork: { max: 10, windowSeconds: 60 * 60 },
  /** Proof-of-work challenges handed out per client address (each is cheap to make, but not free). */
  signupChallengesPerIp: { max: 30, windowSeconds: 10 * 60 },
  /** "Resend the link" of an unconfirmed address (issue 26 point 5): each one is an email. */
  verificationEmailsPerUser: { max: 3, windowSeconds: 15 * 60 },
  /** Confirmation links tried per client address. */
  verifyEmailPerIp: { max: 20, windowSeconds: 15 * 60 },
  usernameCheckPerIp: { max: 60, windowSeconds: 60 },
  forgotPasswordPerIp: { max: 10, windowSeconds: 15 * 60 },
  /** Reset emails to one address, whoever asks (no mailbox flooding). */
  forgotPasswordPerEmail: { max: 3, windowSeconds: 60 * 60 },
  resetPasswordPerIp: { max: 10, windowSeconds: 15 * 60 },
  setPasswordPerIp: { max: 10, windowSeconds: 15 * 60 },
  /** Change password while signed in: each try checks the current password (issue 26). */
  changePasswordPerUser: { max: 10, windowSeconds: 15 * 60 },
  quotesPerUser: { max: 60, windowSeconds: 60 },
  ordersPerUser: { max: 10, windowSeconds: 60 },
  kycUploadsPerUser: { max: 5, windowSeconds: 60 * 60 },
  chatSendsPerUser: { max: 10, windowSeconds: 10 },
  /** Settings' "Send test email": each one connects to the SMTP server and sends a real email. */
  testEmailsPerUser: { max: 10, windowSeconds: 10 * 60 },
  /** CSV exports (docs/decisions/015), per person and export: each reads a whole list. */
  exportsPerUser: { max: 10, windowSeconds: 10 * 60 },
  /** Statement imports (docs/decisions/039): each reads up to 2 MB of CSV and matches every line. */
  statementImportsPerUser: { max: 30, windowSeconds: 10 * 60 },
  /**
   * Phone verification codes (issue 18, docs/decisions/016): each one is an SMS we pay for and 5
   * guesses. Per account 3 in 15 minutes and 10 a day; per number 3 in 15 minutes for each account
   * asking (another account cannot use up the owner's), and 10 a day whoever asks.
   */
  phoneCodesPerUser: { max: 3, windowSeconds: 15 * 60 },
  phoneCodesPerUserPerDay: { max: 10, windowSeconds: 24 * 60 * 60 },
  phoneCodesPerNumberPerUser: { max: 3, windowSeconds: 15 * 60 },
  phoneCodesPerNumberPerDay: { max: 10, windowSeconds: 24 * 60 * 60 },
  /** Requests to send a code, refused ones included (too soon, wrong number): the route's own limit. */
  phoneCodeRequestsPerUser: { max: 20, windowSeconds: 15 * 60 },
  /** Tries of a code, per account (each code also allows 5 tries only: modules/phone/service.ts). */
  phoneVerifyPerUser: { max: 30, windowSeconds: 15 * 60 },
  /**
   * Contact-form messages (docs/decisions/022): each opens or joins a support conversation and
   * sends an acknowledgement email. Per client address, and per address the acknowledgement goes
   * to, whoever sends (modules/contact/service.ts).
   */
  contactPerIp: { max: 10, windowSeconds: 60 * 60 },
  /**
   * The SMS forwarder's webhook (docs/decisions/059), per address: a phone forwards a wallet's
   * texts as they come (a busy wallet: a few a minute) and its app retries; more is not a phone.
   */
  smsForwarderPerIp: { max: 120, windowSeconds: 60 },
  contactPerEmail: { max: 3, windowSeconds: 60 * 60 },
  /** MTN MoMo's callbacks (docs/decisions/060): each one may make the server read a status from MTN. */
  momoCallbacksPerIp: { max: 120, windowSeconds: 60 },
} as const satisfies Record<string, TLimitRule>;

/**
 * The slowdown of an account with many failed sign-ins from several addresses (issue 26): each
 * failure past the allowance doubles the wait before the next attempt on the account, from
 * `baseSeconds` up to `capSeconds`. The server answers 429 with that Retry-After at once (no
 * connection is held while waiting).
 */
export const LOGIN_SLOWDOWN = { baseSeconds: 1, capSeconds: 120 } as const;

/** The wait before the next attempt on an account that has `failures` failures past `allowed`. */
export function loginSlowdownMs(failures: number, allowed: number): number {
  const over = Math.max(0, failures - allowed);
  return Math.min(LOGIN_SLOWDOWN.capSeconds, LOGIN_SLOWDOWN.baseSeconds * 2 ** Math.min(over, 30)) * 1000;
}

/** The person's message for a refusal that lasts `seconds` more. */
export function tooManyAttemptsMessage(seconds: number): string {
  if (seconds <= 60) return MSG.tooManyAttempts;
  return MSG.tooManyAttemptsFor(Math.ceil(seconds / 60));
}

/** A 429 in the one error shape, with Retry-After (set by the error handler from `retryAfterSeconds`). */
export function rateLimited(resetInMs: number, message?: string): AppError {
  const seconds = Math.max(1, Math.ceil(resetInMs / 1000));
  return new AppError('RATE_LIMITED', message ?? tooManyAttemptsMessage(seconds), { retryAfterSeconds: seconds });
}

function scaledMax(request: FastifyRequest, max: number): number {
  return Math.max(1, Math.round(max * request.server.config.rateLimitScale));
}

function ipKey(request: FastifyRequest): string {
  return `ip:${normalizeIP(request.ip)}`;
}

async function userKey(request: FastifyRequest): Promise<string> {
  // The access rule ran before (both at onRequest), so the user is already loaded.
  const user = await request.currentUser();
  return user ? `user:${user.id}` : ipKey(request);
}

type TLimitOptions = { message?: string };

function routeLimit(
  rule: TLimitRule,
  keyGenerator: (request: FastifyRequest) => string | Promise<string>,
  options: TLimitOptions,
): RateLimitOptions {
  return {
    max: (request) => scaledMax(request, rule.max),
    timeWindow: rule.windowSeconds * 1000,
    keyGenerator,
    // After the access rule (also onRequest, registered first): nothing of the body is read yet.
    hook: 'onRequest',
    errorResponseBuilder: (_request, context) => rateLimited(context.ttl, options.message),
  };
}

/** Route config: at most `rule.max` requests per window from one client address. */
export const perIp = (rule: TLimitRule, options: TLimitOptions = {}) => routeLimit(rule, ipKey, options);

/** Route config: at most `rule.max` requests per window from one signed-in person. */
export const perUser = (rule: TLimitRule, options: TLimitOptions = {}) => routeLimit(rule, userKey, options);

/** @fastify/rate-limit's store interface over our database counters, one key space per route. */
function storeFor(store: RateLimitStore) {
  return class DatabaseStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly prefix = 'rl:',
    ) {}

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      store.hit(`${this.prefix}${key}`, timeWindow, { mayRestart: true }).then(
        (counted) => callback(null, { current: counted.count, ttl: counted.resetInMs }),
        (error: unknown) => callback(error as Error),
      );
    }

    child(params: unknown): FastifyRateLimitStore {
      const route = (params as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo;
      return new DatabaseStore(params, `rl:${[route?.method ?? ''].flat().join(',')} ${route?.url ?? ''}|`);
    }
  };
}

/**
 * @fastify/rate-limit on the routes that declare `config.rateLimit` (perIp / perUser), counting in
 * the database. A refused request is a 429 in the one error shape with Retry-After.
 */
export async function registerRateLimits(app: FastifyInstance, store: RateLimitStore): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    store: storeFor(store),
    // The counters live in the database: if it cannot answer, neither can the route.
    skipOnError: false,
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    addHeaders: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false, 'retry-after': false },
    errorResponseBuilder: (_request, context) => rateLimited(context.ttl),
  });
}
