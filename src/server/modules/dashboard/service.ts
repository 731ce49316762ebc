import { firstOrThrow, isCustomerRow } from '#server/db/rows.js';
import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import { businessPeriodStarts } from '#shared/business-day.js';
import type { TAdminDashboard, TPortfolio } from '#shared/contracts/dashboard.js';
import { STAFF_PENDING_STATUSES } from '#shared/contracts/orders.js';
import { calculatePercentChange, roundFiat, toDecimal, type TDecimal } from '#shared/money.js';
import type { TDb } from '#server/db/client.js';
import { users } from '#server/db/schema/auth.js';
import { orders, quotes } from '#server/db/schema/orders.js';
import { canAccess, type TRole } from '#shared/permissions.js';
import { feeGhsSql, feeUsdSql } from '#server/modules/treasury/order-fee.js';
import type { MarketService } from '#server/modules/market/service.js';
import { findAdminOrders } from '#server/modules/orders/service.js';
import { toOrder } from '#server/modules/order-reads/order-view.js';

/**
 * Estimated balance (docs/product.md §9): net completed holdings (coins delivered to the
 * customer's own wallet, less those sold to us) x base USD x GHS rate. Its "24 h" change compares
 * that with the same holdings at each coin's price about 24 h ago (MarketService
 * getMarketWithDayAgo: the rule of the market cards' change), at today's rate; null ("—") while a
 * held coin has no price of 24 h ago. Nothing held has not changed: 0.00.
 */
export async function getPortfolio(db: TDb, market: MarketService, userId: string): Promise<TPortfolio> {
  const [net, recent, prices] = await Promise.all([
    db
      .select({
        symbol: orders.coinSymbol,
        amount: sql<string>`sum(case when ${orders.type} = 'buy' then ${orders.amountCrypto} else -${orders.amountCrypto} end)`,
      })
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.status, 'completed')))
      .groupBy(orders.coinSymbol),
    db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt), desc(orders.id)).limit(3),
    market.getMarketWithDayAgo(),
  ]);
  const { ghsRate } = prices.market;
  let total = toDecimal(0);
  /** The holdings at the prices of 24 h ago; null once a priced coin has none. */
  let totalThen: TDecimal | null = toDecimal(0);
  const holdings: TPortfolio['holdings'] = [];
  for (const row of net) {
    const amount = toDecimal(row.amount);
    if (!amount.gt(0)) continue;
    // A coin without a price counts as nothing, today and 24 h ago.
    const base = prices.market.coins.find((c) => c.symbol === row.symbol)?.baseUsd ?? null;
    const value = amount.times(base ?? 0).times(ghsRate);
    total = total.plus(value);
    const then = base === null ? '0' : prices.dayAgoUsd.get(row.symbol);
    totalThen = totalThen !== null && then !== undefined ? totalThen.plus(amount.times(then).times(ghsRate)) : null;
    holdings.push({ symbol: row.symbol, amountCrypto: amount.toFixed(8), valueGhs: roundFiat(value) });
  }
  let change24hPercent: string | null = null;
  if (holdings.length === 0) change24hPercent = '0.00';
  else if (totalThen !== null) change24hPercent = calculatePercentChange(totalThen, total);
  return {
    holdings,
    totalGhs: roundFiat(total),
    change24hPercent,
    recentOrders: recent.map(toOrder),
  };
}

/**
 * The fees of the orders completed since the start of this month and of today (Africa/Accra), by
 * the time they were completed (decided_at), each order's fee as its quote showed it, rounded per
 * order and then summed (modules/treasury/order-fee.ts).
 */
export async function completedFees(db: TDb, now: Date): Promise<NonNullable<TAdminDashboard['revenue']>> {
  const { dayStart, monthStart } = businessPeriodStarts(now);
  const today = sql`${orders.decidedAt} >= ${dayStart}`;
  const rows = await db
    .select({
      todayGhs: sql<string>`coalesce(sum(${feeGhsSql}) filter (where ${today}), 0)`,
      todayUsd: sql<string>`coalesce(sum(${feeUsdSql}) filter (where ${today}), 0)`,
      todayOrders: sql<number>`(count(*) filter (where ${today}))::int`,
      monthGhs: sql<string>`coalesce(sum(${feeGhsSql}), 0)`,
      monthUsd: sql<string>`coalesce(sum(${feeUsdSql}), 0)`,
      monthOrders: sql<number>`count(*)::int`,
    })
    .from(orders)
    .innerJoin(quotes, eq(quotes.id, orders.quoteId))
    .where(and(eq(orders.status, 'completed'), gte(orders.decidedAt, monthStart), sql`${orders.decidedAt} <= ${now}`));
  const sums = firstOrThrow(rows);
  return {
    todayGhs: roundFiat(sums.todayGhs),
    todayUsd: roundFiat(sums.todayUsd),
    todayOrders: sums.todayOrders,
    monthGhs: roundFiat(sums.monthGhs),
    monthUsd: roundFiat(sums.monthUsd),
    monthOrders: sums.monthOrders,
  };
}

export async function getAdminDashboard(db: TDb, viewer: { role: TRole; now?: Date } = { role: null }): Promise<TAdminDashboard> {
  const [customerCounts, pendingCounts, volumes, byDay, recent, revenue] = await Promise.all([
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(isCustomerRow),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(inArray(orders.status, [...STAFF_PENDING_STATUSES])),
    db
      .select({
        usd: sql<string>`coalesce(sum(${orders.amountUsd}), 0)`,
        // What customers paid or were paid in cedis, fixed on each order (migration 0010 filled
        // older orders the same way), never dollars converted back (two GHS 50.00 orders are 100.00).
        ghs: sql<string>`coalesce(sum(coalesce(${orders.amountGhs}, case when ${orders.fiatCurrency} = 'GHS' then ${orders.amountFiat} else round(${orders.amountFiat} * ${orders.ghsRate}, 2) end)), 0)`,
      })
      .from(orders)
      .where(eq(orders.status, 'completed')),
    // Seven whole days in Africa/Accra (UTC+0), today included, zero where nothing completed.
    db.execute(sql`
      SELECT to_char(d.day, 'YYYY-MM-DD') AS day, coalesce(sum(o.amount_usd), 0)::text AS volume
      FROM generate_series((now() AT TIME ZONE 'UTC')::date - 6, (now() AT TIME ZONE 'UTC')::date, interval '1 day') AS d(day)
      LEFT JOIN orders o ON o.status = 'completed' AND (o.created_at AT TIME ZONE 'UTC')::date = d.day::date
      GROUP BY d.day ORDER BY d.day`),
    findAdminOrders(db, { status: 'all', sort: 'createdAt', dir: 'desc', page: 1, pageSize: 5 }),
    // What the business earns is the treasury's roles' (src/shared/permissions.ts).
    canAccess(viewer.role, 'treasury') ? completedFees(db, viewer.now ?? new Date()) : Promise.resolve(null),
  ]);
  const [customerCount, pending, volume] = [firstOrThrow(customerCounts), firstOrThrow(pendingCounts), firstOrThrow(volumes)];
  return {
    totalUsers: customerCount.n,
    pendingOrders: pending.n,
    totalVolumeUsd: roundFiat(volume.usd),
    totalVolumeGhs: roundFiat(volume.ghs),
    // Both drivers answer execute() with { rows }.
    volumeByDay: (byDay as unknown as { rows: { day: string; volume: string }[] }).rows.map((row) => ({
      day: row.day,
      volumeUsd: roundFiat(row.volume),
    })),
    recentOrders: recent.orders,
    revenue,
  };
}
