import { and, eq, gt, gte, inArray, isNull, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { ALERT_RULES, type TAlertAction, type TAlertRule, type TSharedNumberAccount } from '#shared/contracts/compliance.js';
import { FINAL_STATUSES } from '#shared/contracts/orders.js';
import { toDecimal } from '#shared/money.js';
import type { TDb, TTx } from '#server/db/client.js';
import { users } from '#server/db/schema/auth.js';
import { settings } from '#server/db/schema/app.js';
import { complianceAlerts, ALERT_RULES as SCHEMA_ALERT_RULES } from '#server/db/schema/compliance.js';
import { orders } from '#server/db/schema/orders.js';
import { readUsedGhs } from '#server/modules/limits/tier-limits.js';

/**
 * The monitoring rules (issue 18, docs/decisions/017-compliance-desk.md), evaluated inside the
 * transaction of the order change that can trigger them, so an alert exists exactly when the
 * change does. Each alert has a dedupe key (compliance_alerts_dedupe_unique) and is inserted with
 * ON CONFLICT DO NOTHING: the same facts raise one alert, however often or concurrently they are
 * seen. What an alert does comes from settings.rule_actions: 'hold' keeps its order from being
 * approved until compliance clears it (or, once escalated, releases it), 'flag' only puts it in
 * the queue. The customer is never told.
 */

// The schema's list and the contract's are one list.
const sameRules: readonly TAlertRule[] = SCHEMA_ALERT_RULES;
void sameRules;

export const DEFAULT_RULE_ACTIONS: Record<TAlertRule, TAlertAction> = {
  large_order: 'hold',
  daily_volume: 'flag',
  structuring: 'hold',
  shared_account: 'hold',
  name_mismatch: 'flag',
  // Issue 27 (docs/decisions/031): a reused image says nothing about which order is genuine;
  // staff see the notice beside the image, the desk looks. An overdue case holds no order.
  reused_image: 'flag',
  overdue_case: 'flag',
};

export type TMonitoringSettings = {
  largeOrderGhs: string;
  dailyVolumeAlertGhs: string;
  structuringBandPercent: number;
  structuringOrderCount: number;
  sharedNumberMaxCustomers: number;
  ruleActions: Record<TAlertRule, TAlertAction>;
};

const DEFAULT_MONITORING: TMonitoringSettings = {
  largeOrderGhs: '50000',
  dailyVolumeAlertGhs: '100000',
  structuringBandPercent: 10,
  structuringOrderCount: 3,
  sharedNumberMaxCustomers: 2,
  ruleActions: DEFAULT_RULE_ACTIONS,
};

/** Every rule's action, a missing or unknown one as its default. */
export function ruleActionsOf(stored: Record<string, string> | null | undefined): Record<TAlertRule, TAlertAction> {
  const actions = { ...DEFAULT_RULE_ACTIONS };
  for (const rule of ALERT_RULES) {
    const value = stored?.[rule];
    if (value === 'hold' || value === 'flag') actions[rule] = value;
  }
  return actions;
}

export async function readMonitoringSettings(tx: TTx): Promise<TMonitoringSettings> {
  const [row] = await tx
    .select({
      largeOrderGhs: settings.largeOrderGhs,
      dailyVolumeAlertGhs: settings.dailyVolumeAlertGhs,
      structuringBandPercent: settings.structuringBandPercent,
      structuringOrderCount: settings.structuringOrderCount,
      sharedNumberMaxCustomers: settings.sharedNumberMaxCustomers,
      ruleActions: settings.ruleActions,
    })
    .from(settings)
    .where(eq(settings.id, 1));
  return row ? { ...row, ruleActions: ruleActionsOf(row.ruleActions) } : DEFAULT_MONITORING;
}

/** The statuses after which nothing happens to an order any more (a hold there holds nothing), as SQL. */
const finalStatuses = sql.join(
  FINAL_STATUSES.map((status) => sql`${status}`),
  sql`, `,
);

/** An escalated alert whose hold compliance has not released: its case runs, and a 'hold' one keeps staff from cancelling too. */
export const escalatedUnreleased = and(eq(complianceAlerts.status, 'escalated'), isNull(complianceAlerts.releasedAt))!;

/** A 'hold' alert holds while it is open, or escalated and not released (docs/decisions/017). */
const holdingAlert = and(eq(complianceAlerts.action, 'hold'), or(eq(complianceAlerts.status, 'open'), escalatedUnreleased))!;

/**
 * True (as a select column) when a 'hold' alert holds the order: one raised on it, or a
 * shared-number alert of its customer on one of its numbers (the payer number, the MoMo payout
 * number, the number staff recorded); only while the order can still be decided.
 */
export const orderOnHold =
  sql<boolean>`(${orders.status} not in (${finalStatuses}) and exists (select 1 from ${complianceAlerts} where ${holdingAlert} and (${complianceAlerts.orderId} = ${orders.id} or (${complianceAlerts.rule} = 'shared_account' and ${complianceAlerts.userId} = ${orders.userId} and ${complianceAlerts.details} ->> 'number' in (${orders.payerNumberKey}, ${orders.payoutNumberKey}, ${orders.recordedPayerNumber})))))`.mapWith(
    Boolean,
  );

type THoldFacts = Pick<typeof orders.$inferSelect, 'id' | 'userId' | 'payerNumberKey' | 'payoutNumberKey' | 'recordedPayerNumber'>;

/** The numbers an order was paid from or out to, in the shared-number rule's form, each once. */
export function numbersOf(order: Pick<THoldFacts, 'payerNumberKey' | 'payoutNumberKey' | 'recordedPayerNumber'>): string[] {
  const numbers = [order.payerNumberKey, order.payoutNumberKey, order.recordedPayerNumber].filter(
    (number): number is string => typeof number === 'string' && number.length >= 9,
  );
  return [...new Set(numbers)].sort();
}

/**
 * Takes the transaction's lock of each number (sorted, so two transactions never wait on each
 * other in turn), released at its commit: the shared-number rule takes it before reading who uses
 * a number, an approval or cancel before reading the hold of an order with the number, so a rule
 * being evaluated and a decision never miss each other (the decision waits for the rule's
 * alerts, or the rule sees the decided order). Taken after the order's row lock and before the
 * customer's row, like every other lock of an order change.
 */
export async function lockNumbers(tx: TTx, numbers: readonly string[]): Promise<void> {
  for (const number of [...new Set(numbers)].sort()) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`shared_number:${number}`}, 0))`);
  }
}

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
  return and(
    underReview ? and(eq(complianceAlerts.action, 'hold'), escalatedUnreleased) : holdingAlert,
    onNumber ? or(onOrder, onNumber) : onOrder,
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

export type TAlertInput = {
  userId: string;
  orderId: number | null;
  rule: TAlertRule;
  dedupeKey: string;
  details: Record<string, unknown>;
  at: Date;
};

/** Raises an alert once: true when this call created it, false when its key existed already. */
export async function raise(tx: TTx, monitoring: TMonitoringSettings, alert: TAlertInput): Promise<boolean> {
  const rows = await tx
    .insert(complianceAlerts)
    .values({
      userId: alert.userId,
      orderId: alert.orderId,
      rule: alert.rule,
      action: monitoring.ruleActions[alert.rule],
      details: alert.details,
      dedupeKey: alert.dedupeKey,
      createdAt: alert.at,
    })
    .onConflictDoNothing({ target: complianceAlerts.dedupeKey })
    .returning({ id: complianceAlerts.id });
  return rows.length > 0;
}

type TOrderFacts = Pick<typeof orders.$inferSelect, 'id' | 'userId' | 'amountGhs' | 'createdAt'>;

const DAY_MS = 86_400_000;

/** The day of `at` in Africa/Accra (UTC+0 all year), by its name (2026-11-25). */
function accraDay(at: Date): { name: string } {
  return { name: at.toISOString().slice(0, 10) };
}

/**
 * The rules an order's placement can trigger (called by place-order.ts after the insert):
 * (a) the order at or above the large-order threshold; (b) the customer's cedi volume of the day
 * (orders not cancelled or expired) above the daily threshold; (c) structuring: this order and
 * enough others within 24 hours each just under the large-order threshold (within the band).
 */
export async function checkPlacedOrder(tx: TTx, order: TOrderFacts, now: Date): Promise<void> {
  if (order.amountGhs === null) return;
  const monitoring = await readMonitoringSettings(tx);
  const amount = toDecimal(order.amountGhs);
  const large = toDecimal(monitoring.largeOrderGhs);

  if (amount.gte(large)) {
    await raise(tx, monitoring, {
      userId: order.userId,
      orderId: order.id,
      rule: 'large_order',
      dedupeKey: `large_order:order:${order.id}`,
      details: { amountGhs: order.amountGhs, thresholdGhs: monitoring.largeOrderGhs },
      at: now,
    });
  }

  // The customer's cedi volume of the day, counted as the tier limit counts it (tier-limits.ts).
  const day = accraDay(now);
  const used = await readUsedGhs(tx, order.userId, now);
  const dayTotal = toDecimal(used.today);
  if (dayTotal.gt(monitoring.dailyVolumeAlertGhs)) {
    await raise(tx, monitoring, {
      userId: order.userId,
      orderId: order.id,
      rule: 'daily_volume',
      dedupeKey: `daily_volume:${order.userId}:${day.name}`,
      details: { day: day.name, volumeGhs: dayTotal.toFixed(2), thresholdGhs: monitoring.dailyVolumeAlertGhs },
      at: now,
    });
  }

  // "Just under": from (100 - band) % of the threshold up to, not including, the threshold.
  const bandFloor = large.times(100 - monitoring.structuringBandPercent).dividedBy(100);
  if (amount.gte(bandFloor) && amount.lt(large)) {
    const inBand = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          eq(orders.userId, order.userId),
          gt(orders.createdAt, new Date(now.getTime() - DAY_MS)),
          lte(orders.createdAt, now),
          gte(orders.amountGhs, bandFloor.toFixed(2)),
          lt(orders.amountGhs, large.toFixed(2)),
        ),
      )
      .orderBy(orders.id);
    if (inBand.length >= monitoring.structuringOrderCount) {
      await raise(tx, monitoring, {
        userId: order.userId,
        orderId: order.id,
        rule: 'structuring',
        dedupeKey: `structuring:${order.userId}:${order.id}`,
        details: {
          orderIds: inBand.map((row) => row.id),
          bandFromGhs: bandFloor.toFixed(2),
          thresholdGhs: monitoring.largeOrderGhs,
          windowHours: 24,
        },
        at: now,
      });
    }
  }
}

/**
 * A Ghana mobile number in one form, whatever way it was typed ('024 123 4567', '+233241234567'
 * and '233-24-123-4567' are one number): digits only, the country code as the leading 0.
 */
export function canonicalPhone(value: string): string {
  const digits = value.replace(/\D/g, '');
  return digits.startsWith('233') ? `0${digits.slice(3)}` : digits;
}

/**
 * (d) One payer number (a buy's "I have paid"), payout MoMo number (a sell's "I have sent") or
 * number staff recorded on the payment (the approval) used by more customers than the setting
 * allows: every customer of the number gets an alert (one per number and customer). The acting
 * customer's names the order being submitted or approved (`acting`); another customer's names
 * their latest order with the number that can still be decided, else their latest. Every open
 * order of a customer using the number is held by it while it holds (isOrderHeld compares the
 * numbers), whichever order it names. The number is locked first (lockNumbers).
 */
export async function checkSharedNumber(
  tx: TTx,
  number: string | null | undefined,
  now: Date,
  acting: { id: number; userId: string },
): Promise<void> {
  if (!number) return;
  const canonical = canonicalPhone(number);
  if (canonical.length < 9) return;
  await lockNumbers(tx, [canonical]);
  const monitoring = await readMonitoringSettings(tx);
  // The three keys are indexed (schema/orders.ts): the number's orders, not every order, are read.
  const customers = await tx
    .select({
      userId: orders.userId,
      // Open orders first, then the newest: the customer's latest order that can still be decided.
      orderId: sql<number>`(array_agg(${orders.id} order by ${orders.status} in (${finalStatuses}), ${orders.id} desc))[1]`.mapWith(Number),
    })
    .from(orders)
    .where(or(eq(orders.payerNumberKey, canonical), eq(orders.payoutNumberKey, canonical), eq(orders.recordedPayerNumber, canonical)))
    .groupBy(orders.userId);
  if (customers.length <= monitoring.sharedNumberMaxCustomers) return;
  for (const customer of customers) {
    await raise(tx, monitoring, {
      userId: customer.userId,
      orderId: customer.userId === acting.userId ? acting.id : customer.orderId,
      rule: 'shared_account',
      dedupeKey: `shared_account:${canonical}:${customer.userId}`,
      details: { number: canonical, customers: customers.length, maxCustomers: monitoring.sharedNumberMaxCustomers },
      at: now,
    });
  }
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

/**
 * A name as the name-mismatch rule compares it: accents, case, punctuation and spacing ignored,
 * and the order of the names too ('MENSAH Ama' is 'Ama Mensah', 'Adwoa Ɔsei' is 'adwoa ɔsei').
 */
export function comparableName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLocaleLowerCase('en')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .sort()
    .join(' ');
}

/**
 * (e) The name on the payment staff recorded on approval differs from the customer's KYC (full)
 * name: one alert per order. Returns nothing; the approval reads the hold afterwards.
 */
export async function checkRecordedPayerName(
  tx: TTx,
  order: { id: number; userId: string },
  recordedName: string,
  customerName: string,
  now: Date,
): Promise<void> {
  if (!recordedName.trim() || comparableName(recordedName) === comparableName(customerName)) return;
  const monitoring = await readMonitoringSettings(tx);
  await raise(tx, monitoring, {
    userId: order.userId,
    orderId: order.id,
    rule: 'name_mismatch',
    dedupeKey: `name_mismatch:order:${order.id}`,
    details: { recordedName: recordedName.trim(), customerName },
    at: now,
  });
}
