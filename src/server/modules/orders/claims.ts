import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { ORDER_MSG, STAFF_PENDING_STATUSES, type TOrderStatus } from '#shared/contracts/orders.js';
import { COMPLIANCE_MSG } from '#shared/contracts/compliance.js';
import { canAccess } from '#shared/permissions.js';
import type { TTx } from '#server/db/client.js';
import { settings } from '#server/db/schema/app.js';
import { users } from '#server/db/schema/auth.js';
import { orders } from '#server/db/schema/orders.js';
import { writeAudit } from '#server/lib/audit.js';
import { AppError } from '#server/lib/errors.js';
import type { TActor } from '#server/plugins/access.js';
/* eslint-disable import-x/no-restricted-paths -- orders still calls compliance's checks inside its transactions until they subscribe to the order-events step (docs/decisions/042) */
import { isOrderHeld } from '#server/modules/compliance/rules.js';
/* eslint-enable import-x/no-restricted-paths */
import type { TOrderDeps } from './deps.js';
import type { TOrderRow } from '#server/modules/order-reads/order-view.js';

/**
 * Claim, then pay (issue 27 point 1, docs/decisions/029). A staff member with the orders area
 * claims a paid order before paying it out; the claim is one conditional update, so of two
 * claims at the same time one wins and the other is told who pays it ("Paying now: Kofi"). Only
 * the live claimant approves (lifecycle.ts decideOrder checks it under the order's row lock); a
 * manager or super admin takes a claim over (audited with the claimant before and after); the
 * claimant releases it; it lapses after the setting claimMinutes. Every change is pushed to the
 * open order screens with the order's realtime notice (docs/decisions/014).
 */

export const DEFAULT_CLAIM_MINUTES = 10;

const clock = (deps: Pick<TOrderDeps, 'now'>) => (deps.now ? deps.now() : new Date());

/** The claimant's name, as staff see it in the timeline. */
async function staffName(tx: TTx, id: string): Promise<string> {
  const [row] = await tx.select({ fullName: users.fullName, name: users.name }).from(users).where(eq(users.id, id));
  return row?.fullName || row?.name || 'another staff member';
}

/** True when the order has a claim that has not lapsed at `now`. */
export function hasLiveClaim(order: Pick<TOrderRow, 'claimedBy' | 'claimExpiresAt'>, now: Date): boolean {
  return order.claimedBy !== null && order.claimExpiresAt !== null && order.claimExpiresAt.getTime() > now.getTime();
}

/** The refusal of an order held by someone else's live claim, naming them. */
export async function claimedByOther(tx: TTx, claimedBy: string): Promise<AppError> {
  return new AppError('ORDER_CLAIMED', ORDER_MSG.claimedByOther(await staffName(tx, claimedBy)));
}

/**
 * What keeps a paid order from being paid out whoever claims it: a closed or banned account
 * (issue 27 point 2) and a compliance hold (docs/decisions/017; support is told neutrally,
 * ORDER_WAITING, as `complianceHolds` is not theirs).
 */
async function refusePayout(tx: TTx, actor: TActor, locked: TLockedOrder): Promise<void> {
  refuseBlockedCustomer(locked.customer);
  if (await isOrderHeld(tx, locked.order)) {
    throw canAccess(actor.role, 'complianceHolds')
      ? new AppError('ORDER_ON_HOLD', COMPLIANCE_MSG.onHold)
      : new AppError('ORDER_WAITING', ORDER_MSG.waitingForManager);
  }
}

/** A closed or banned customer's order is not paid out (issue 27 point 2): refused, from their row. */
export function refuseBlockedCustomer(customer: Pick<typeof users.$inferSelect, 'banned' | 'closedAt'> | undefined): void {
  if (customer?.closedAt) throw new AppError('ORDER_ACCOUNT_BLOCKED', ORDER_MSG.accountClosed);
  if (customer?.banned) throw new AppError('ORDER_ACCOUNT_BLOCKED', ORDER_MSG.accountBanned);
}

/** A closed or banned customer's order is not paid out (issue 27 point 2). */
export async function refuseBlockedAccount(tx: TTx, order: Pick<TOrderRow, 'userId'>): Promise<void> {
  const [customer] = await tx.select({ banned: users.banned, closedAt: users.closedAt }).from(users).where(eq(users.id, order.userId));
  refuseBlockedCustomer(customer);
}

/** A paid order locked for a claim, with what a claim needs beside it: the customer's state, the claim's length. */
type TLockedOrder = { order: TOrderRow; customer: Pick<typeof users.$inferSelect, 'banned' | 'closedAt'>; claimMinutes: number };

/**
 * The order, locked, with its customer's banned and closed marks and the setting claimMinutes, in
 * one statement (issue 31 point 1: three before).
 */
async function lockOrder(tx: TTx, id: number): Promise<TLockedOrder> {
  // As decideOrder (lifecycle.ts): no key changes, so an alert naming the order is never blocked by
  // the claim. Only the order's row is locked, as before.
  const [row] = await tx
    .select({
      order: orders,
      banned: users.banned,
      closedAt: users.closedAt,
      claimMinutes: sql<number | null>`(select ${settings.claimMinutes} from ${settings} where ${settings.id} = 1)`,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, id))
    .for('no key update', { of: orders });
  if (!row) throw new AppError('NOT_FOUND', ORDER_MSG.orderNotFound);
  if (!(STAFF_PENDING_STATUSES as readonly TOrderStatus[]).includes(row.order.status)) {
    throw new AppError('ORDER_ALREADY_DECIDED', ORDER_MSG.alreadyProcessed);
  }
  return {
    order: row.order,
    customer: { banned: row.banned, closedAt: row.closedAt },
    claimMinutes: row.claimMinutes ?? DEFAULT_CLAIM_MINUTES,
  };
}

export type TClaimChange = 'claim' | 'takeover' | 'release';

/**
 * Claims (or renews one's own claim), takes over, or releases the claim of a paid order, in one
 * transaction with its audit entry and its realtime notice. A claim is refused while someone
 * else's claim is live (ORDER_CLAIMED, naming them), on a held order, and on a closed or banned
 * account's order; a takeover needs `orderTakeover`; a release, one's own live claim.
 */
export async function changeClaim(deps: TOrderDeps, input: { actor: TActor; id: number; ip: string; change: TClaimChange }): Promise<void> {
  const { actor, change } = input;
  await deps.db.transaction(async (tx) => {
    const now = clock(deps);
    // Read first for the refusals' words; the conditional updates below decide the race.
    const locked = await lockOrder(tx, input.id);
    const { order } = locked;
    const live = hasLiveClaim(order, now);
    const before = live ? order.claimedBy : null;
    if (change === 'release') {
      if (!live || order.claimedBy !== actor.id) {
        throw live && order.claimedBy ? await claimedByOther(tx, order.claimedBy) : new AppError('ORDER_NOT_CLAIMED', ORDER_MSG.notClaimed);
      }
      const [released] = await tx
        .update(orders)
        .set({ claimedBy: null, claimedAt: null, claimExpiresAt: null })
        .where(and(eq(orders.id, order.id), eq(orders.claimedBy, actor.id)))
        .returning({ id: orders.id });
      if (!released) throw new AppError('ORDER_NOT_CLAIMED', ORDER_MSG.notClaimed);
    } else {
      if (change === 'claim' && live && order.claimedBy && order.claimedBy !== actor.id) throw await claimedByOther(tx, order.claimedBy);
      await refusePayout(tx, actor, locked);
      const expiresAt = new Date(now.getTime() + locked.claimMinutes * 60_000);
      // One winner: the row changes only if it is still paid and, for a claim, still free, lapsed or already the claimant's.
      const free =
        change === 'claim'
          ? or(isNull(orders.claimedBy), lte(orders.claimExpiresAt, now), eq(orders.claimedBy, actor.id))
          : order.claimedBy === null
            ? isNull(orders.claimedBy)
            : eq(orders.claimedBy, order.claimedBy);
      const [claimed] = await tx
        .update(orders)
        .set({ claimedBy: actor.id, claimedAt: now, claimExpiresAt: expiresAt })
        .where(and(eq(orders.id, order.id), inArray(orders.status, [...STAFF_PENDING_STATUSES]), free))
        .returning({ id: orders.id });
      if (!claimed) {
        const [again] = await tx.select({ claimedBy: orders.claimedBy }).from(orders).where(eq(orders.id, order.id));
        throw again?.claimedBy
          ? await claimedByOther(tx, again.claimedBy)
          : new AppError('ORDER_ALREADY_DECIDED', ORDER_MSG.alreadyProcessed);
      }
    }
    await writeAudit(tx, {
      actor,
      action: `order.${change}`,
      targetType: 'order',
      targetId: order.id,
      before: { claimedBy: before },
      after: { claimedBy: change === 'release' ? null : actor.id },
      ip: input.ip,
    });
    await deps.events?.changed(tx, { id: order.id, userId: order.userId, status: order.status });
  });
}
