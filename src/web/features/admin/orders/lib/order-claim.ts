import { COMPLIANCE_MSG } from '#shared/contracts/compliance.js';
import { ORDER_MSG, type TAdminOrder } from '#shared/contracts/orders.js';

type TClaim = NonNullable<TAdminOrder['claim']>;

/** The claim that holds the order at `now` (one whose end passed holds nothing: docs/decisions/029). */
export function liveClaim(order: Pick<TAdminOrder, 'claim'>, now: number): TClaim | null {
  const claim = order.claim;
  return claim && Date.parse(claim.expiresAt) > now ? claim : null;
}

/** The claimant's warning comes this long before the claim ends. */
export const CLAIM_WARNING_MS = 2 * 60_000;

/**
 * What keeps the order from being paid out whoever claims it (issue 27 point 2), as the screen
 * says it: a closed or banned account, a compliance hold (only to roles that see holds: support's
 * answers carry no `complianceHold`, and support hears ORDER_MSG.waitingForManager from the server).
 */
export function payoutBlock(order: Pick<TAdminOrder, 'customerAccount' | 'complianceHold'>): string | null {
  if (order.customerAccount === 'closed') return ORDER_MSG.accountClosed;
  if (order.customerAccount === 'banned') return ORDER_MSG.accountBanned;
  if (order.complianceHold) return COMPLIANCE_MSG.onHold;
  return null;
}

/**
 * Why Approve is disabled for the staff member `userId` at `now`, or null when they may approve:
 * what blocks any payout, then someone else's live claim, then no claim of their own. The server
 * refuses the same (src/server/modules/orders/lifecycle.ts decideOrder); this is the convenience.
 */
export function approveBlock(
  order: Pick<TAdminOrder, 'customerAccount' | 'complianceHold' | 'claim'>,
  userId: string | undefined,
  now: number,
): string | null {
  const blocked = payoutBlock(order);
  if (blocked) return blocked;
  const claim = liveClaim(order, now);
  if (claim && claim.staffId !== userId) return ORDER_MSG.claimedByOther(claim.staffName);
  if (!claim) return ORDER_MSG.claimFirst;
  return null;
}
