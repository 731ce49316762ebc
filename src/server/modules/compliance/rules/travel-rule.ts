import { defineRuleMeta, wholeSetting } from '#shared/compliance-rules/rule.js';
import { toDecimal } from '#shared/money.js';
import { defineRule } from '../monitoring.js';

/**
 * The Travel Rule (issue 34 point 1, docs/decisions/076-travel-rule-data.md): an order worth the
 * threshold or more (its USD amount, fixed from its quote) needs the customer's declaration of
 * the other wallet and, for a self-hosted wallet, proof of control. Raised when the order is
 * placed, before the customer could give either; src/server/modules/travel-rule/service.ts clears
 * it (and only it) once what is needed is given and verifies.
 */
export const meta = defineRuleMeta({
  id: 'travel_rule',
  position: 35,
  label: 'Travel Rule data needed',
  defaultAction: 'hold',
  settings: [
    wholeSetting('travelRuleThresholdUsd', {
      default: 1000,
      min: 0,
      max: 1_000_000,
      message: 'Enter a whole number of US dollars from 0 to 1,000,000.',
      label: 'Travel Rule threshold (USD)',
      hint: 'At or above this, a self-hosted wallet must prove control with a signed message (FATF: USD/EUR 1,000).',
    }),
  ],
  details: [
    { key: 'amountUsd', label: 'Order amount (USD)' },
    { key: 'thresholdUsd', label: 'Threshold (USD)' },
  ],
});

/** An order at or above the threshold: one alert per order, until its wallet is declared (and, if self-hosted, proven). */
export const rule = defineRule({
  meta,
  runsAt: 'order_placed',
  async check({ order }, { settings, raise }) {
    const monitoring = await settings();
    if (toDecimal(order.amountUsd).lt(monitoring.travelRuleThresholdUsd)) return;
    await raise({
      userId: order.userId,
      orderId: order.id,
      dedupeKey: `travel_rule:order:${order.id}`,
      details: { amountUsd: order.amountUsd, thresholdUsd: String(monitoring.travelRuleThresholdUsd) },
    });
  },
});
