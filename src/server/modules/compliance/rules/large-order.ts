import { defineRuleMeta, ghsSetting } from '#shared/compliance-rules/rule.js';
import { toDecimal } from '#shared/money.js';
import { defineRule } from '../monitoring.js';

/** An order at or above the large-order threshold (docs/decisions/017). */
export const meta = defineRuleMeta({
  id: 'large_order',
  position: 10,
  label: 'Large order',
  defaultAction: 'hold',
  settings: [
    ghsSetting('largeOrderGhs', { default: '50000', label: 'Large order (GHS)', hint: 'An order at or above this raises an alert.' }),
  ],
  details: [
    { key: 'amountGhs', label: 'Order amount' },
    { key: 'thresholdGhs', label: 'Threshold' },
  ],
});

/** (a) The order at or above the large-order threshold: one alert per order. */
export const rule = defineRule({
  meta,
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
