import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, gt } from 'drizzle-orm';
import { ACCOUNT_STATE_HEADER, accountState } from '#shared/account-state.js';
import { TWO_FACTOR_MSG } from '#shared/contracts/two-factor.js';
import { canAccess, isStaffRole, type TArea, type TStaffRole } from '#shared/permissions.js';
import { BACKGROUND_REQUEST_HEADER, BACKGROUND_REQUEST_VALUE, STAFF_IDLE_MINUTES } from '#shared/session-activity.js';
import type { TDb } from '#server/db/client.js';
import { sessions } from '#server/db/schema/auth.js';
import { AppError, forbidden, unauthenticated } from '#server/lib/errors.js';
import type { TAuth } from '#server/modules/auth/better-auth.js';
import { createSessionLookup, type TUserRow } from '#server/modules/auth/session-lookup.js';

/**
 * Who may call a route. Every /api route must declare one in `config.access`; registration
 * fails otherwise, so no route can be forgotten. Checked here, before the body is read, validated or handled.
 * - 'public': anyone
 * - 'user': any signed-in person
 * - 'customer': a signed-in customer (no staff role)
 * - { area }: staff whose role may use that area of the matrix (src/shared/permissions.ts)
 */
export type TAccess = 'public' | 'user' | 'customer' | { area: TArea };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: TAccess;
    /** Staff may call it before enrolling a second factor (the enrolment routes themselves). */
    allowWithoutTwoFactor?: boolean;
  }
  interface FastifyRequest {
    /** The signed-in user of this request (loaded once), or null. */
    currentUser(): Promise<TUserRow | null>;
    sessionToken?: string;
    /**
     * Who is calling, set by the access check once it has let the caller through a route that
     * needs a signed-in person; null on public routes. Read it with `actorOf(request)`.
     */
    actor: TActor | null;
  }
}

export type { TUserRow };
export type TActor = { id: string; email: string; role: TStaffRole | null; user: TUserRow };

const userCache = new WeakMap<FastifyRequest, Promise<TUserRow | null>>();
/** A staff session's idle mark is moved by a request at most this often. */
export const STAFF_TOUCH_EVERY_MS = 60_000;
/** A customer session's (hours long) idle mark is moved at most this often. */
export const CUSTOMER_TOUCH_EVERY_MS = 10 * 60_000;

/**
 * A request the web app made on its own (a poll, a refetch, docs/decisions/020), or a socket
 * opening (the page that opens it has made a person's request already; reconnects are not one):
 * it is checked like any other, but does not move the session's idle mark.
 */
export function isBackgroundRequest(request: FastifyRequest): boolean {
  const header = request.headers[BACKGROUND_REQUEST_HEADER];
  return header === BACKGROUND_REQUEST_VALUE || request.headers.upgrade?.toLowerCase() === 'websocket';
}

export function registerAccess(app: FastifyInstance, deps: { auth: TAuth; db: TDb }): void {
  const { db } = deps;
  const lookupSession = createSessionLookup(deps);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs') || route.url.startsWith('/api/auth/')) return;
    if (route.method === 'HEAD') return;
    if (!route.config?.access) throw new Error(`Route ${String(route.method)} ${route.url} declares no access rule`);
  });

  app.decorateRequest('actor', null);

  app.decorateRequest('currentUser', function currentUser(this: FastifyRequest) {
    let cached = userCache.get(this);
    if (!cached) {
      cached = (async () => {
        const signedIn = await lookupSession(this.headers);
        if (!signedIn) return null;
        const { token, user: row, lastActiveAt, customerIdleHours } = signedIn;
        if (row.banned) {
          // A banned user's sessions end, whatever cookie they still hold.
          await db.delete(sessions).where(eq(sessions.userId, row.id));
          return null;
        }
        // Every session ends after a while without a person's request: staff after
        // STAFF_IDLE_MINUTES, customers after the Settings' hours (docs/decisions/020).
        const staff = isStaffRole(row.role);
        const now = Date.now();
        const idleMs = staff ? STAFF_IDLE_MINUTES * 60_000 : customerIdleHours * 3_600_000;
        const idleSince = new Date(now - idleMs);
        if (lastActiveAt.getTime() <= idleSince.getTime()) {
          await db.delete(sessions).where(eq(sessions.token, token));
          return null;
        }
        // A background request is let through on a live session but leaves the mark alone. A
        // mark moved recently is fresh: moving it again would be one more write per request
        // (bench:peak: 2 500 staff requests in 45 s) for under a minute.
        const isFresh = lastActiveAt.getTime() > now - (staff ? STAFF_TOUCH_EVERY_MS : CUSTOMER_TOUCH_EVERY_MS);
        if (!isFresh && !isBackgroundRequest(this)) {
          // Conditional: a request that comes too late finds no live session to move.
          const touched = await db
            .update(sessions)
            .set({ lastActiveAt: new Date(now) })
            .where(and(eq(sessions.token, token), gt(sessions.lastActiveAt, idleSince)))
            .returning({ id: sessions.id });
          if (touched.length === 0) {
            await db.delete(sessions).where(eq(sessions.token, token));
            return null;
          }
        }
        this.sessionToken = token;
        return row;
      })();
      userCache.set(this, cached);
    }
    return cached;
  });

  // At onRequest, before the body is even read: a caller who may not use a route costs no
  // parsing and learns nothing about its body schema (an anonymous flood of large or deeply
  // nested bodies at a signed-in route is refused on its headers alone).
  app.addHook('onRequest', async (request, reply) => {
    const access = request.routeOptions.config?.access;
    if (!access || access === 'public') return;
    const user = await request.currentUser();
    if (!user) throw unauthenticated();
    const staff = isStaffRole(user.role);
    // On every answer, refusals included: an open tab whose session shows another role re-reads it.
    reply.header(
      ACCOUNT_STATE_HEADER,
      accountState({ id: user.id, role: staff ? user.role : null, twoFactorEnabled: user.twoFactorEnabled }),
    );
    if (staff && !user.twoFactorEnabled && !request.routeOptions.config?.allowWithoutTwoFactor) {
      throw new AppError('TWO_FACTOR_REQUIRED', TWO_FACTOR_MSG.setupRequired);
    }
    if (access === 'customer' && staff) throw forbidden();
    if (typeof access === 'object' && !canAccess(staff ? (user.role as TStaffRole) : null, access.area)) {
      throw new AppError('FORBIDDEN', `${forbidden().message}`, { fields: { permission: access.area } });
    }
    request.actor = { id: user.id, email: user.email, role: staff ? (user.role as TStaffRole) : null, user };
  });
}

/**
 * The caller the access check let through, for handlers behind a rule other than 'public'.
 * It throws only if a route reads it without such a rule (a programming error, answered 401).
 */
export function actorOf(request: FastifyRequest): TActor {
  if (!request.actor) throw unauthenticated();
  return request.actor;
}
