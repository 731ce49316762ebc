import { randomUUID } from 'node:crypto';
import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { businessDayBounds, businessDayOf } from '#shared/business-day.js';
import { AUTO_PAYOUT_MSG, type TAutoPayoutPolicy } from '#shared/contracts/momo.js';
import { toGhanaInternational } from '#shared/destinations.js';
import { MTN_MOMO } from '#shared/order-rules.js';
import { formatGhs } from '#shared/format.js';
import { Dec } from '#shared/money.js';
import type { TDb, TTx } from '#server/db/client.js';
import { paymentMethods } from '#server/db/schema/app.js';
import { users } from '#server/db/schema/auth.js';
import { complianceAlerts } from '#server/db/schema/compliance.js';
import { autoPayoutPolicy, momoPayments } from '#server/db/schema/momo.js';
import { orders } from '#server/db/schema/orders.js';
import { writeAudit } from '#server/lib/audit.js';
import { AppError } from '#server/lib/errors.js';
import type { TActor } from '#server/plugins/access.js';
import type { TOrderRow } from '#server/modules/order-reads/order-view.js';
import type { TOrderTransition } from '#server/modules/orders/events.js';
import { automaticPayoutDue } from '#server/modules/orders/provider-payment.js';

/**
 * The auto-payout policy (issue 33 points 4-5, docs/decisions/061). When a sell's deposit is
 * confirmed (by staff, or by the chain watcher), the policy is read in the same transaction: every
 * rule holding, a payout row is written (kind 'payout', its reference made now, one per order for
 * ever) and the poller sends it (service.ts); a rule failing, the order waits for staff with the
 * reason on it. Either way the decision is audited with the policy it was made under.
 */

const POLICY_DEFAULTS: TAutoPayoutPolicy = {
  enabled: false,
  maxGhs: '2000.00',
  dailyCapGhs: '20000.00',
  minTier: 1,
  paidFromMethodId: null,
};

/** The provider's name as the payout method of an order says it. */
const PAYOUT_PROVIDER = MTN_MOMO;

export async function getAutoPayoutPolicy(db: TDb | TTx): Promise<TAutoPayoutPolicy> {
  const [row] = await db.select().from(autoPayoutPolicy).where(eq(autoPayoutPolicy.id, 1));
  if (!row) return POLICY_DEFAULTS;
  return {
    enabled: row.enabled,
    maxGhs: new Dec(row.maxGhs).toFixed(2),
    dailyCapGhs: new Dec(row.dailyCapGhs).toFixed(2),
    minTier: row.minTier,
    paidFromMethodId: row.paidFromMethodId,
  };
}

async function isMtnMethod(db: TDb | TTx, id: number | null): Promise<boolean> {
  if (id === null) return false;
  const [method] = await db.select({ details: paymentMethods.details }).from(paymentMethods).where(eq(paymentMethods.id, id));
  return method?.details.type === 'momo' && method.details.provider === PAYOUT_PROVIDER;
}

/** The super admin sets the policy; turning it on needs the MTN MoMo wallet payouts leave from. Audited. */
export async function updateAutoPayoutPolicy(db: TDb, actor: TActor, input: TAutoPayoutPolicy, ip: string): Promise<TAutoPayoutPolicy> {
  return db.transaction(async (tx) => {
    if (input.paidFromMethodId !== null && !(await isMtnMethod(tx, input.paidFromMethodId))) {
      throw new AppError('VALIDATION', AUTO_PAYOUT_MSG.policyWalletNotMtn, {
        fields: { paidFromMethodId: AUTO_PAYOUT_MSG.policyWalletNotMtn },
      });
    }
    if (input.enabled && input.paidFromMethodId === null) {
      throw new AppError('VALIDATION', AUTO_PAYOUT_MSG.policyNeedsWallet, {
        fields: { paidFromMethodId: AUTO_PAYOUT_MSG.policyNeedsWallet },
      });
    }
    const before = await getAutoPayoutPolicy(tx);
    const values = { ...input, updatedAt: new Date() };
    await tx
      .insert(autoPayoutPolicy)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: autoPayoutPolicy.id, set: values });
    const after = await getAutoPayoutPolicy(tx);
    await writeAudit(tx, { actor, action: 'auto_payout_policy.update', targetType: 'auto_payout_policy', targetId: 1, before, after, ip });
    return after;
  });
}

/** The first rule that stops an automatic payout of `order` (with the cedis it would send), or null. */
async function whyNotAutomatic(
  tx: TTx,
  order: TOrderRow,
  policy: TAutoPayoutPolicy,
  hasProvider: boolean,
  now: Date,
): Promise<{ reason: string } | { due: string; phone: string }> {
  if (!hasProvider) return { reason: AUTO_PAYOUT_MSG.providerOff };
  if (policy.paidFromMethodId === null || !(await isMtnMethod(tx, policy.paidFromMethodId))) return { reason: AUTO_PAYOUT_MSG.noPaidFrom };
  const payout = order.payout;
  if (payout?.type !== 'momo' || payout.provider !== PAYOUT_PROVIDER) return { reason: AUTO_PAYOUT_MSG.notMtn };
  const [customer] = await tx.select().from(users).where(eq(users.id, order.userId));
  if (!customer || customer.closedAt || customer.banned) return { reason: AUTO_PAYOUT_MSG.blocked };
  const phone = toGhanaInternational(payout.number);
  if (!phone || !customer.phoneVerifiedAt || !customer.phone || toGhanaInternational(customer.phone) !== phone) {
    return { reason: AUTO_PAYOUT_MSG.notVerifiedPhone };
  }
  if (customer.tier < policy.minTier) return { reason: AUTO_PAYOUT_MSG.tier(policy.minTier) };
  const [alert] = await tx
    .select({ id: complianceAlerts.id })
    .from(complianceAlerts)
    .where(and(eq(complianceAlerts.userId, order.userId), inArray(complianceAlerts.status, ['open', 'escalated'])))
    .limit(1);
  if (alert) return { reason: AUTO_PAYOUT_MSG.alert };
  const due = await automaticPayoutDue(tx, order, policy.paidFromMethodId);
  if (due === null) return { reason: AUTO_PAYOUT_MSG.notExact };
  if (new Dec(due).gt(policy.maxGhs)) return { reason: AUTO_PAYOUT_MSG.overMax(formatGhs(policy.maxGhs)) };
  // The day's automatic payouts, counted under a lock so two confirmations at once cannot both pass the cap.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('auto_payout_daily_cap'))`);
  const { start, end } = businessDayBounds(businessDayOf(now));
  const [today] = await tx
    .select({ total: sql<string>`coalesce(sum(${momoPayments.amount}), 0)` })
    .from(momoPayments)
    .where(
      and(
        eq(momoPayments.kind, 'payout'),
        inArray(momoPayments.state, ['pending', 'successful']),
        gte(momoPayments.createdAt, start),
        lt(momoPayments.createdAt, end),
      ),
    );
  if (new Dec(today?.total ?? '0').plus(due).gt(policy.dailyCapGhs))
    return { reason: AUTO_PAYOUT_MSG.overDaily(formatGhs(policy.dailyCapGhs)) };
  return { due, phone };
}

/**
 * The order-events step for a sell whose deposit was confirmed (src/server/app.ts subscribes it):
 * with the policy on, the payout is queued (one per order) or the reason it is not is put on the
 * order; both audited. With the policy off, nothing: staff pay as before.
 */
export async function onDepositConfirmed(
  tx: TTx,
  deps: { provider: string | null; currency: string; now: () => Date; wake: () => void },
  transition: TOrderTransition,
): Promise<void> {
  if (transition.to !== 'deposit_confirmed') return;
  const policy = await getAutoPayoutPolicy(tx);
  if (!policy.enabled) return;
  const [order] = await tx.select().from(orders).where(eq(orders.id, transition.order.id));
  if (!order) return;
  const now = deps.now();
  const decision = await whyNotAutomatic(tx, order, policy, deps.provider !== null, now);
  if ('reason' in decision) {
    await tx.update(orders).set({ autoPayoutNote: decision.reason }).where(eq(orders.id, order.id));
    await writeAudit(tx, {
      actor: null,
      action: 'order.auto_payout_skipped',
      targetType: 'order',
      targetId: order.id,
      after: { reason: decision.reason, policy },
    });
    return;
  }
  await tx.insert(momoPayments).values({
    orderId: order.id,
    kind: 'payout',
    provider: deps.provider!,
    referenceId: randomUUID(),
    phone: decision.phone,
    amount: decision.due,
    currency: deps.currency,
    nextCheckAt: now,
    createdAt: now,
  });
  await tx.update(orders).set({ autoPayoutNote: AUTO_PAYOUT_MSG.sending }).where(eq(orders.id, order.id));
  await writeAudit(tx, {
    actor: null,
    action: 'order.auto_payout',
    targetType: 'order',
    targetId: order.id,
    after: { amount: decision.due, to: decision.phone, policy },
  });
  deps.wake();
}
