import { and, asc, count, desc, eq, gte, ilike, inArray, like, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  AWAITING_STATUSES,
  ORDER_MSG,
  STAFF_PENDING_STATUSES,
  type TAdminOrder,
  type TAdminOrderDetail,
  type TAdminOrderQuery,
  type TNeedsAction,
  type TOrder,
  type TOrderDetail,
} from '#shared/contracts/orders.js';
import { roundFiat, toDecimal } from '#shared/money.js';
import { searchedGhanaNumber } from '#shared/destinations.js';
import { paymentTxKeyOf, toTransactionKey } from '#shared/transaction-id.js';
import type { TDb } from '#server/db/client.js';
import { firstOrThrow } from '#server/db/rows.js';
import { users } from '#server/db/schema/auth.js';
import { chainPayoutChecks } from '#server/db/schema/chain.js';
import { orderEvents, orders } from '#server/db/schema/orders.js';
import { ledgerAccounts } from '#server/db/schema/ledger.js';
import { writeAudit } from '#server/lib/audit.js';
import { AppError } from '#server/lib/errors.js';
import { containsPattern } from '#server/lib/sql.js';
import type { TActor } from '#server/plugins/access.js';
import type { TOrderDeps } from './deps.js';
/* eslint-disable import-x/no-restricted-paths -- orders still calls compliance's checks inside its transactions until they subscribe to the order-events step (docs/decisions/042) */
import { orderOnHold } from '#server/modules/compliance/rules.js';
/* eslint-enable import-x/no-restricted-paths */
import {
  readChainDeposit,
  toAdminOrder,
  toAdminOrderEvent,
  toOrder,
  toOrderEvent,
  type TOrderRow,
} from '#server/modules/order-reads/order-view.js';
import { readTravelRule } from '#server/modules/order-reads/travel-rule-view.js';
import { getLimitOverview, readLeftGhs, readTierLimits, tierOf } from '#server/modules/limits/tier-limits.js';

/**
 * What the order pages read (the coins and methods to trade with are in modules/coins and
 * modules/payment-methods): a customer's orders and their timelines, the back-office lists,
 * details, "Needs action" and payment screenshots. The
 * changes are in quotes.ts, place-order.ts and lifecycle.ts (docs/decisions/014).
 */

export async function findMyOrders(db: TDb, userId: string): Promise<TOrder[]> {
  const rows = await db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt), desc(orders.id)).limit(200);
  return rows.map(toOrder);
}

async function readTimeline(db: TDb, orderId: number) {
  return db
    .select({ event: orderEvents, staffName: users.fullName })
    .from(orderEvents)
    .leftJoin(users, eq(users.id, orderEvents.actorId))
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.id));
}

/**
 * The customer's own order and its timeline (staff shown only as 'staff'), with the time of the
 * order clock (`now`) its deadline is counted on; 404 for anyone else's.
 */
export async function getMyOrder(db: TDb, userId: string, id: number, now: Date): Promise<TOrderDetail> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.userId, userId)));
  if (!row) throw new AppError('NOT_FOUND', ORDER_MSG.orderNotFound);
  const events = await db.select().from(orderEvents).where(eq(orderEvents.orderId, id)).orderBy(asc(orderEvents.id));
  const order = toOrder(row);
  if (row.depositKeyId !== null) order.chainDeposit = await readChainDeposit(db, id);
  return { order, timeline: events.map(toOrderEvent), now: now.toISOString(), travelRule: await readTravelRule(db, row) };
}

function remainingLimit(limitUsd: string, volumeUsd: string): string {
  const remaining = toDecimal(limitUsd).minus(volumeUsd);
  return roundFiat(remaining.lt(0) ? 0 : remaining);
}

/** The customer's limit and tier (tier-limits.ts getLimitOverview), at `now` on the order clock. */
export async function getLimit(db: TDb, userId: string, now: Date = new Date()) {
  return getLimitOverview(db, userId, now);
}

const adminColumns = {
  order: orders,
  customerName: users.fullName,
  customerEmail: users.email,
  customerPhone: users.phone,
  complianceHold: orderOnHold,
  customerBanned: users.banned,
  customerClosedAt: users.closedAt,
  // Who claimed the order to pay it out (docs/decisions/029), by name.
  claimantName: sql<
    string | null
  >`(select coalesce(nullif(claimant.full_name, ''), claimant.name) from ${users} as claimant where claimant.id = ${orders.claimedBy})`,
};

/** Days cover whole days in Africa/Accra, which is UTC+0 all year. */
function dayStart(day: string): Date {
  return new Date(`${day}T00:00:00.000Z`);
}

/**
 * The back-office list's filter (status, dates, search) as one condition, or none: the list and
 * its CSV export (modules/exports) select the same orders.
 */
export async function adminOrderFilter(db: TDb, query: Pick<TAdminOrderQuery, 'q' | 'status' | 'from' | 'to'>): Promise<SQL | undefined> {
  const conditions: SQL[] = [];
  // The product's "pending" is an order the customer paid (or sent) that waits for staff.
  if (query.status === 'pending') conditions.push(inArray(orders.status, [...STAFF_PENDING_STATUSES]));
  else if (query.status === 'awaiting') conditions.push(inArray(orders.status, [...AWAITING_STATUSES]));
  else if (query.status !== 'all') conditions.push(eq(orders.status, query.status));
  if (query.from) conditions.push(gte(orders.createdAt, dayStart(query.from)));
  if (query.to) conditions.push(lt(orders.createdAt, new Date(dayStart(query.to).getTime() + 24 * 3600 * 1000)));
  if (query.q) {
    const pattern = containsPattern(query.q);
    // Matching customers are looked up first (trigram indexes on name and email) so that the
    // order query is an OR of indexed conditions (user id, trigram on the transaction id,
    // primary key) that PostgreSQL can combine, rather than a filter over the whole join.
    const matchingCustomers = await db
      .select({ id: users.id })
      .from(users)
      .where(or(ilike(users.fullName, pattern), ilike(users.email, pattern)));
    const match: SQL[] = [ilike(orders.paymentTxId, pattern), ilike(orders.paymentReference, pattern)];
    // The transaction id also by its canonical key: 'MP-1234 5' finds 'mp12345' (docs/decisions/009).
    // '#12' asks for order 12, not for every id with a 12 in it.
    // Keys are folded per rail (a hash without '0x', a MoMo or bank id without leading zeros): both folds are tried.
    const txKeys = /^#\d+$/.test(query.q)
      ? []
      : [toTransactionKey(query.q), paymentTxKeyOf('chain', query.q), paymentTxKeyOf('bank', query.q)];
    for (const txKey of new Set(txKeys)) if (txKey) match.push(like(orders.paymentTxKey, `%${txKey}%`));
    if (matchingCustomers.length > 0)
      match.push(
        inArray(
          orders.userId,
          matchingCustomers.map((c) => c.id),
        ),
      );
    // A payer number in any common Ghana form (issue 27 point 7, docs/decisions/034): the order's
    // payer, MoMo payout and staff-recorded numbers, each an equality on its own partial index.
    const number = searchedGhanaNumber(query.q);
    if (number) match.push(eq(orders.payerNumberKey, number), eq(orders.payoutNumberKey, number), eq(orders.recordedPayerNumber, number));
    const asId = query.q.replace(/^#/, '');
    if (/^\d{1,9}$/.test(asId)) match.push(eq(orders.id, Number(asId)));
    conditions.push(or(...match)!);
  }
  return conditions.length ? and(...conditions) : undefined;
}

export async function findAdminOrders(db: TDb, query: TAdminOrderQuery) {
  const where = await adminOrderFilter(db, query);
  const sortColumn = {
    id: orders.id,
    createdAt: orders.createdAt,
    submittedAt: orders.submittedAt,
    customerName: users.fullName,
    amountFiat: orders.amountFiat,
    status: orders.status,
  }[query.sort];
  const direction = query.dir === 'asc' ? asc : desc;
  const rows = await db
    .select(adminColumns)
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(where)
    .orderBy(direction(sortColumn), direction(orders.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  // Every order has its customer (foreign key), so the count needs no join.
  const { total } = firstOrThrow(await db.select({ total: count() }).from(orders).where(where));
  return { orders: rows.map(toAdminOrder), total, page: query.page, pageSize: query.pageSize };
}

export async function getAdminOrder(db: TDb, id: number): Promise<TAdminOrder> {
  const [row] = await db.select(adminColumns).from(orders).innerJoin(users, eq(users.id, orders.userId)).where(eq(orders.id, id));
  if (!row) throw new AppError('NOT_FOUND', ORDER_MSG.orderNotFound);
  return toAdminOrder(row);
}

/**
 * Order Details for staff: the order, the customer's KYC status, tier and remaining limit (Tier 0:
 * the USD left; Tiers 1 and 2: the GHS left today and this month at `now`, the time of viewing on
 * the order clock, docs/decisions/016), and the timeline with staff names.
 */
export async function getAdminOrderDetail(db: TDb, id: number, now: Date = new Date()): Promise<TAdminOrderDetail> {
  const [row] = await db
    .select({ ...adminColumns, kycStatus: users.kycStatus, tier: users.tier, volume: users.tradingVolumeUsd })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, id));
  if (!row) throw new AppError('NOT_FOUND', ORDER_MSG.orderNotFound);
  const events = await readTimeline(db, id);
  const limits = await readTierLimits(db);
  const tier = tierOf(row.tier);
  const left = await readLeftGhs(db, { userId: row.order.userId, tier, now, limits });
  const order = toAdminOrder(row);
  if (row.order.depositKeyId !== null) order.chainDeposit = await readChainDeposit(db, id);
  return {
    order,
    customer: {
      kycStatus: row.kycStatus as TAdminOrderDetail['customer']['kycStatus'],
      remainingLimitUsd: tier > 0 ? null : remainingLimit(limits.tier0LimitUsd, row.volume),
      tier,
      leftTodayGhs: left?.today ?? null,
      leftThisMonthGhs: left?.month ?? null,
    },
    timeline: events.map(({ event, staffName }) => toAdminOrderEvent(event, staffName)),
    names: await moneyFactNames(db, row.order),
    travelRule: await readTravelRule(db, row.order),
    // A completed buy: its payout as the chain watcher found it (docs/decisions/067).
    payoutCheck:
      row.order.type === 'buy' && row.order.status === 'completed'
        ? ((
            await db
              .select({
                status: chainPayoutChecks.status,
                confirmations: chainPayoutChecks.confirmations,
                detail: chainPayoutChecks.detail,
              })
              .from(chainPayoutChecks)
              .where(eq(chainPayoutChecks.orderId, id))
          )[0] ?? null)
        : null,
  };
}

/** The ledger accounts and the staff member an order's money facts name, by name (issue 28 point 2). */
async function moneyFactNames(db: TDb, order: TOrderRow): Promise<NonNullable<TAdminOrderDetail['names']>> {
  const codes = [order.receivedAccount, order.paidFromAccount, order.refundAccount].filter((code): code is string => code !== null);
  const accounts =
    codes.length === 0
      ? []
      : await db
          .select({ code: ledgerAccounts.code, name: ledgerAccounts.name })
          .from(ledgerAccounts)
          .where(inArray(ledgerAccounts.code, codes));
  const [confirmer] = order.confirmedBy
    ? await db.select({ fullName: users.fullName, name: users.name }).from(users).where(eq(users.id, order.confirmedBy))
    : [];
  return {
    accounts: Object.fromEntries(accounts.map((account) => [account.code, account.name])),
    confirmedBy: confirmer ? confirmer.fullName || confirmer.name : null,
  };
}

/** How many orders wait for staff ("Needs action"), and since when the oldest waits. */
export async function countNeedsAction(db: TDb): Promise<Required<TNeedsAction>> {
  // Issue 27 point 5 (docs/decisions/032): an order on compliance hold is not one staff can act
  // on; it is counted apart, and only the roles that may see holds are told that number.
  const row = firstOrThrow(
    await db
      .select({
        count: sql<number>`count(*) filter (where not ${orderOnHold})`.mapWith(Number),
        oldest: sql<string | null>`min(${orders.submittedAt}) filter (where not ${orderOnHold})`,
        held: sql<number>`count(*) filter (where ${orderOnHold})`.mapWith(Number),
      })
      .from(orders)
      .where(inArray(orders.status, [...STAFF_PENDING_STATUSES])),
  );
  return { count: row.count, oldestSubmittedAt: row.oldest ? new Date(row.oldest).toISOString() : null, held: row.held };
}

/**
 * An order's payment screenshot. The customer reads their own (anyone else's order is a 404);
 * staff read any, and every staff view is written to the audit log.
 */
export async function readProof(
  deps: Pick<TOrderDeps, 'db' | 'storage'>,
  input: { id: number; ip: string } & ({ viewer: 'customer'; userId: string } | { viewer: 'staff'; actor: TActor }),
): Promise<{ data: Buffer; type: string }> {
  const conditions = [eq(orders.id, input.id)];
  if (input.viewer === 'customer') conditions.push(eq(orders.userId, input.userId));
  const [row] = await deps.db
    .select({ key: orders.proofKey, type: orders.proofType })
    .from(orders)
    .where(and(...conditions));
  if (!row) throw new AppError('NOT_FOUND', ORDER_MSG.orderNotFound);
  if (!row.key || !row.type) throw new AppError('NOT_FOUND', ORDER_MSG.proofNotFound);
  const data = await deps.storage.get(row.key);
  if (!data) throw new AppError('NOT_FOUND', ORDER_MSG.proofNotFound);
  if (input.viewer === 'staff') {
    await writeAudit(deps.db, { actor: input.actor, action: 'order.proof_view', targetType: 'order', targetId: input.id, ip: input.ip });
  }
  return { data, type: row.type };
}
