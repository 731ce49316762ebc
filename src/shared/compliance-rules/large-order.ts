import { defineRuleMeta } from './rule.js';

/** An order at or above the large-order threshold (docs/decisions/017). */
export const largeOrder = defineRuleMeta({
  id: 'large_order',
  label: 'Large order',
  defaultAction: 'hold',
  settings: [
    {
      key: 'largeOrderGhs',
      column: 'large_order_ghs',
      kind: 'ghs',
      default: '50000',
      label: 'Large order (GHS)',
      hint: 'An order at or above this raises an alert.',
    },
  ],
  details: [
    { key: 'amountGhs', label: 'Order amount' },
    { key: 'thresholdGhs', label: 'Threshold' },
  ],
});
