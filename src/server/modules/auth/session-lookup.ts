import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { parseCookies } from 'better-auth/cookies';
import { eq, sql } from 'drizzle-orm';
import { DEFAULT_CUSTOMER_IDLE_HOURS } from '#shared/session-activity.js';
import type { TDb } from '#server/db/client.js';
import { settings } from '#server/db/schema/app.js';
import { sessions, users } from '#server/db/schema/auth.js';
import { toFetchHeaders, type TAuth } from './better-auth.js';

export type TUserRow = typeof users.$inferSelect;
/**
 * `lastActiveAt`: the session's idle mark as read with it; `customerIdleHours`: the setting a
 * customer session's idle end is counted with (docs/decisions/020), read in the same query.
 */
export type TSignedIn = { token: string; user: TUserRow; lastActiveAt: Date; customerIdleHours: number };

/** What the lookup needs from better-auth's configuration, read once. */
type TSessionCookie = { name: string; secret: string; expiresInMs: number; updateAgeMs: number };

/**
 * The session token of a signed cookie value `token.signature`, when the signature is the
 * HMAC-SHA256 of the token with the auth secret (base64, 44 characters): the format better-auth
 * sets and checks. Anything else is null.
 */
export function verifySignedToken(value: string, secret: string): string | null {
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith('=')) return null;
  const expected = createHmac('sha256', secret).update(token).digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

/**
 * Who is signed in, in one query: the session joined with its user. better-auth's getSession
 * reads the session and then the user through its endpoint machinery, and the access check
 * needed the full user row after it, so every authenticated request paid three statements and
 * the endpoint's overhead. The checks are the same: a correctly signed session cookie, a session
 * row with that token, not expired. A session that has expired or is due for its daily extension
 * (better-auth's updateAge) is handed to getSession itself, which deletes or extends it; that
 * happens at most once a day per session (decision 007).
 */
export function createSessionLookup(deps: { auth: TAuth; db: TDb }): (headers: IncomingHttpHeaders) => Promise<TSignedIn | null> {
  const { auth, db } = deps;
  let cookie: Promise<TSessionCookie> | undefined;
  const readCookieConfig = () =>
    (cookie ??= auth.$context.then((context) => ({
      name: context.authCookies.sessionToken.name,
      secret: context.secret,
      expiresInMs: context.sessionConfig.expiresIn * 1000,
      updateAgeMs: context.sessionConfig.updateAge * 1000,
    })));

  /** The session with its user and the idle setting, in one statement. */
  async function readSession(token: string) {
    const [row] = await db
      .select({
        expiresAt: sessions.expiresAt,
        lastActiveAt: sessions.lastActiveAt,
        user: users,
        customerIdleHours: sql<number>`coalesce((select ${settings.customerIdleHours} from ${settings} where ${settings.id} = 1), ${sql.raw(String(DEFAULT_CUSTOMER_IDLE_HOURS))})`,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.token, token));
    return row ? { ...row, customerIdleHours: Number(row.customerIdleHours) } : undefined;
  }

  /** better-auth's own path, for sessions it must delete or extend (then read again, as it left them). */
  async function throughBetterAuth(headers: IncomingHttpHeaders): Promise<TSignedIn | null> {
    const result = await auth.api.getSession({ headers: toFetchHeaders(headers) });
    if (!result) return null;
    const row = await readSession(result.session.token);
    return row
      ? { token: result.session.token, user: row.user, lastActiveAt: row.lastActiveAt, customerIdleHours: row.customerIdleHours }
      : null;
  }

  return async function lookupSession(headers) {
    if (!headers.cookie) return null;
    const config = await readCookieConfig();
    const value = parseCookies(headers.cookie).get(config.name);
    if (!value) return null;
    const token = verifySignedToken(value, config.secret);
    if (!token) return null;
    const row = await readSession(token);
    if (!row) return null;
    const now = Date.now();
    const dueForExtension = row.expiresAt.getTime() - config.expiresInMs + config.updateAgeMs <= now;
    if (row.expiresAt.getTime() <= now || dueForExtension) return throughBetterAuth(headers);
    return { token, user: row.user, lastActiveAt: row.lastActiveAt, customerIdleHours: row.customerIdleHours };
  };
}
