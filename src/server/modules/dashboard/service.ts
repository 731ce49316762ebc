import { firstOrThrow } from '#server/db/rows.js';
import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { TAdminDashboard, TPortfolio } from '#shared/contracts/dashboard.js';
import { SUBMITTED_STATUSES } from '#shared/contracts/orders.js';
import { calculatePercentChange, roundFiat, toDecimal } from '#shared/money.js';
import type { TDb } from '#server/db/client.js';
import { users } from '#server/db/schema/auth.js';
import { orders } from '#server/db/schema/orders.js';
import type { MarketService } from '#server/modules/market/service.js';
import { findAdminOrders } from '#server/modules/orders/service.js';
import { toOrder } from '#server/modules/orders/order-view.js';

/**
 * Estimated balance (docs/product.md §9): net completed holdings x base USD x GHS rate; the 24 h
 * change compares today's value with the value at the first recorded history point.
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
    market.getMarket(),
  ]);
  let total = toDecimal(0);
  let totalThen = toDecimal(0);
  const holdings = net
    .filter((row) => toDecimal(row.amount).gt(0))
    .map((row) => {
      const coin = prices.coins.find((c) => c.symbol === row.symbol);
      const base = coin?.baseUsd ?? '0';
      const first = coin?.history[0] ?? base;
      const value = toDecimal(row.amount).times(base).times(prices.ghsRate);
      total = total.plus(value);
      totalThen = totalThen.plus(toDecimal(row.amount).times(first).times(prices.ghsRate));
      return { symbol: row.symbol, amountCrypto: toDecimal(row.amount).toFixed(8), valueGhs: roundFiat(value) };
    });
  return {
    holdings,
    totalGhs: roundFiat(total),
    change24hPercent: totalThen.gt(0) ? calculatePercentChange(totalThen, total) : null,
    recentOrders: recent.map(toOrder),
  };
}

export async function getAdminDashboard(db: TDb): Promise<TAdminDashboard> {
  const [customerCounts, pendingCounts, volumes, byDay, recent] = await Promise.all([
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(or(isNull(users.role), inArray(users.role, ['customer', 'user']))),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(inArray(orders.status, [...SUBMITTED_STATUSES])),
    db
      .select({
        usd: sql<string>`coalesce(sum(${orders.amountUsd}), 0)`,
        ghs: sql<string>`coalesce(sum(${orders.amountUsd} * ${orders.ghsRate}), 0)`,
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
  };
}
