import { defineRuleMeta, wholeSetting } from '#shared/compliance-rules/rule.js';
import { and, eq, gt, gte, lt, lte } from 'drizzle-orm';
import { toDecimal } from '#shared/money.js';
import { orders } from '#server/db/schema/orders.js';
import { defineRule } from '../monitoring.js';

/** Enough orders within 24 hours each just under the large-order threshold (docs/decisions/017). */
export const meta = defineRuleMeta({
  id: 'structuring',
  position: 30,
  label: 'Orders just under the threshold',
  defaultAction: 'hold',
  settings: [
    wholeSetting('structuringBandPercent', {
      default: 10,
      min: 1,
      max: 50,
      message: 'Enter a whole percentage from 1 to 50.',
      label: 'Just under the large order (%)',
      hint: 'Orders within this percentage below the large-order threshold count as just under it.',
    }),
    wholeSetting('structuringOrderCount', {
      default: 3,
      min: 2,
      max: 20,
      message: 'Enter a whole number of orders from 2 to 20.',
      label: 'Orders just under it within 24 hours',
    }),
  ],
  details: [
    { key: 'orderIds', label: 'Orders in the band' },
    { key: 'bandFromGhs', label: 'Band from' },
    { key: 'thresholdGhs', label: 'Large-order threshold' },
    { key: 'windowHours', label: 'Time window' },
  ],
});

const DAY_MS = 86_400_000;

/**
 * (c) Structuring: this order and enough others within 24 hours each just under the large-order
 * threshold, "just under" being from (100 - band) % of the threshold up to, not including, it.
 */
export const rule = defineRule({
  meta,
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
