import { and, eq, gt, gte, lt, lte } from 'drizzle-orm';
import { structuring } from '#shared/compliance-rules/structuring.js';
import { toDecimal } from '#shared/money.js';
import { orders } from '#server/db/schema/orders.js';
import { defineRule } from '../monitoring.js';

const DAY_MS = 86_400_000;

/**
 * (c) Structuring: this order and enough others within 24 hours each just under the large-order
 * threshold, "just under" being from (100 - band) % of the threshold up to, not including, it.
 */
export const structuringRule = defineRule({
  meta: structuring,
  runsAt: 'order_placed',
  async check({ order }, { tx, now, settings, raise }) {
    const monitoring = await settings();
    const amount = toDecimal(order.amountGhs);
    const large = toDecimal(monitoring.largeOrderGhs);
    const bandFloor = large.times(100 - monitoring.structuringBandPercent).dividedBy(100);
    if (!(amount.gte(bandFloor) && amount.lt(large))) return;
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
    if (inBand.length < monitoring.structuringOrderCount) return;
    await raise({
      userId: order.userId,
      orderId: order.id,
      dedupeKey: `structuring:${order.userId}:${order.id}`,
      details: {
        orderIds: inBand.map((row) => row.id),
        bandFromGhs: bandFloor.toFixed(2),
        thresholdGhs: monitoring.largeOrderGhs,
        windowHours: 24,
      },
    });
  },
});
