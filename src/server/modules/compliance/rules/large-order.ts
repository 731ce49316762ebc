import { largeOrder } from '#shared/compliance-rules/large-order.js';
import { toDecimal } from '#shared/money.js';
import { defineRule } from '../monitoring.js';

/** (a) The order at or above the large-order threshold: one alert per order. */
export const largeOrderRule = defineRule({
  meta: largeOrder,
  runsAt: 'order_placed',
  async check({ order }, { settings, raise }) {
    const monitoring = await settings();
    if (toDecimal(order.amountGhs).lt(monitoring.largeOrderGhs)) return;
    await raise({
      userId: order.userId,
      orderId: order.id,
      dedupeKey: `large_order:order:${order.id}`,
      details: { amountGhs: order.amountGhs, thresholdGhs: monitoring.largeOrderGhs },
    });
  },
});
