import { and, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { TSharedNumberAccount } from '#shared/contracts/compliance.js';
import type { TDb, TTx } from '#server/db/client.js';
import { users } from '#server/db/schema/auth.js';
import { complianceAlerts } from '#server/db/schema/compliance.js';
import { orders } from '#server/db/schema/orders.js';
import { finalStatuses } from './monitoring.js';
import { numbersOf } from './phone-numbers.js';
import { runRules } from './rules/index.js';

export { canonicalPhone, lockNumbers, numbersOf } from './phone-numbers.js';
export { comparableName } from './rules/name-mismatch.js';

/**
 * What orders ask of compliance (issue 18, docs/decisions/017-compliance-desk.md): the monitoring
 * rules run at each moment of an order (one file per rule in rules/, docs/decisions/041), inside
 * the transaction of the order change that can trigger them, so an alert exists exactly when the
 * change does; and the holds. Each alert has a dedupe key (compliance_alerts_dedupe_unique) and is
 * inserted with ON CONFLICT DO NOTHING: the same facts raise one alert, however often or
 * concurrently they are seen. What an alert does comes from settings.rule_actions: 'hold' keeps its
 * order from being approved until compliance clears it (or, once escalated, releases it), 'flag'
 * only puts it in the queue. The customer is never told.
 */

/** An escalated alert whose hold compliance has not released: its case runs, and a 'hold' one keeps staff from cancelling too. */
export const escalatedUnreleased = and(eq(complianceAlerts.status, 'escalated'), isNull(complianceAlerts.releasedAt))!;

/** A 'hold' alert holds while it is open, or escalated and not released (docs/decisions/017). */
const holdingAlert = and(eq(complianceAlerts.action, 'hold'), or(eq(complianceAlerts.status, 'open'), escalatedUnreleased))!;

/**
 * True (as a select column) when a 'hold' alert holds the order: one raised on it, a
 * shared-number alert of its customer on one of its numbers (the payer number, the MoMo payout
 * number, the number staff recorded), or a sanctions alert on its customer (a name hit, no
 * order: docs/decisions/075); only while the order can still be decided.
 */
export const orderOnHold =
  sql<boolean>`(${orders.status} not in (${finalStatuses}) and exists (select 1 from ${complianceAlerts} where ${holdingAlert} and (${complianceAlerts.orderId} = ${orders.id} or (${complianceAlerts.rule} = 'shared_account' and ${complianceAlerts.userId} = ${orders.userId} and ${complianceAlerts.details} ->> 'number' in (${orders.payerNumberKey}, ${orders.payoutNumberKey}, ${orders.recordedPayerNumber})) or (${complianceAlerts.rule} = 'sanctions' and ${complianceAlerts.orderId} is null and ${complianceAlerts.userId} = ${orders.userId}))))`.mapWith(
    Boolean,
  );

type THoldFacts = Pick<typeof orders.$inferSelect, 'id' | 'userId' | 'payerNumberKey' | 'payoutNumberKey' | 'recordedPayerNumber'>;

/** The alerts that hold this order (see orderOnHold); `underReview`: only the escalated, unreleased ones. */
function holdsOrder(order: THoldFacts, underReview: boolean): SQL {
  const numbers = numbersOf(order);
  const onOrder = eq(complianceAlerts.orderId, order.id);
  const onNumber =
    numbers.length > 0
      ? and(
          eq(complianceAlerts.rule, 'shared_account'),
          eq(complianceAlerts.userId, order.userId),
          inArray(sql`${complianceAlerts.details} ->> 'number'`, numbers),
        )
      : undefined;
  // A sanctions hit on the customer's name (no order) holds every order of theirs (docs/decisions/075).
  const onAccount = and(
    eq(complianceAlerts.rule, 'sanctions'),
    isNull(complianceAlerts.orderId),
    eq(complianceAlerts.userId, order.userId),
  );
  return and(
    underReview ? and(eq(complianceAlerts.action, 'hold'), escalatedUnreleased) : holdingAlert,
    onNumber ? or(onOrder, onNumber, onAccount) : or(onOrder, onAccount),
  )!;
}

/**
 * Whether the order is held, read in the caller's transaction (the approval's: the order's row
 * locked, then its numbers, lockNumbers).
 */
export async function isOrderHeld(tx: TTx, order: THoldFacts): Promise<boolean> {
  const [row] = await tx.select({ id: complianceAlerts.id }).from(complianceAlerts).where(holdsOrder(order, false)).limit(1);
  return row !== undefined;
}

/**
 * Whether an escalated hold that compliance has not released holds the order: staff may not
 * cancel it then (the customer would be told while the case runs), read like isOrderHeld.
 */
export async function isOrderUnderReview(tx: TTx, order: THoldFacts): Promise<boolean> {
  const [row] = await tx.select({ id: complianceAlerts.id }).from(complianceAlerts).where(holdsOrder(order, true)).limit(1);
  return row !== undefined;
}

/** The alerts the Compliance menu counts: open ones, and escalated holds not released (an order waits on them). */
export const alertNeedsDesk = or(eq(complianceAlerts.status, 'open'), and(eq(complianceAlerts.action, 'hold'), escalatedUnreleased))!;

/**
 * The rules an order's placement can trigger (called by place-order.ts after the insert), when its
 * cedi amount is known: rules/ large-order, daily-volume, structuring, travel-rule.
 */
export async function checkPlacedOrder(
  tx: TTx,
  order: Pick<typeof orders.$inferSelect, 'id' | 'userId' | 'amountGhs' | 'amountUsd' | 'createdAt'>,
  now: Date,
): Promise<void> {
  if (order.amountGhs === null) return;
  await runRules(tx, 'order_placed', { order: { ...order, amountGhs: order.amountGhs } }, now);
}

/** A payer, payout or staff-recorded number used on an order (rules/shared-account.ts). */
export async function checkSharedNumber(
  tx: TTx,
  number: string | null | undefined,
  now: Date,
  acting: { id: number; userId: string },
): Promise<void> {
  await runRules(tx, 'number_used', { number, acting }, now);
}

/** The name staff recorded on the payment (rules/name-mismatch.ts). Returns nothing; the approval reads the hold afterwards. */
export async function checkRecordedPayerName(
  tx: TTx,
  order: { id: number; userId: string },
  recordedName: string,
  customerName: string,
  now: Date,
): Promise<void> {
  await runRules(tx, 'payment_recorded', { order, recordedName, customerName }, now);
}

/**
 * The other accounts that used `number` (as payer, MoMo payout or staff-recorded number), read now
 * from the orders through the three number indexes, not the copy an alert kept when it was raised
 * (issue 27 point 7, docs/decisions/034): each with its name, email, how many of its orders carry
 * the number and when it last did, the latest first.
 */
export async function otherAccountsOnNumber(db: TDb | TTx, number: string, exceptUserId: string): Promise<TSharedNumberAccount[]> {
  const rows = await db
    .select({
      userId: orders.userId,
      name: sql<string>`coalesce(nullif(${users.fullName}, ''), ${users.name})`,
      email: users.email,
      orders: sql<number>`count(*)::int`.mapWith(Number),
      lastUsedAt: sql<Date>`max(${orders.createdAt})`.mapWith(orders.createdAt),
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(
      and(
        or(eq(orders.payerNumberKey, number), eq(orders.payoutNumberKey, number), eq(orders.recordedPayerNumber, number)),
        ne(orders.userId, exceptUserId),
      ),
    )
    .groupBy(orders.userId, users.fullName, users.name, users.email)
    .orderBy(sql`max(${orders.createdAt}) desc`, orders.userId);
  return rows.map((row) => ({ ...row, lastUsedAt: new Date(row.lastUsedAt).toISOString() }));
}
