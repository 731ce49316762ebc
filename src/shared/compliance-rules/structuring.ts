import { defineRuleMeta } from './rule.js';

/** Enough orders within 24 hours each just under the large-order threshold (docs/decisions/017). */
export const structuring = defineRuleMeta({
  id: 'structuring',
  label: 'Orders just under the threshold',
  defaultAction: 'hold',
  settings: [
    {
      key: 'structuringBandPercent',
      column: 'structuring_band_percent',
      kind: 'whole',
      default: 10,
      min: 1,
      max: 50,
      message: 'Enter a whole percentage from 1 to 50.',
      label: 'Just under the large order (%)',
      hint: 'Orders within this percentage below the large-order threshold count as just under it.',
    },
    {
      key: 'structuringOrderCount',
      column: 'structuring_order_count',
      kind: 'whole',
      default: 3,
      min: 2,
      max: 20,
      message: 'Enter a whole number of orders from 2 to 20.',
      label: 'Orders just under it within 24 hours',
    },
  ],
  details: [
    { key: 'orderIds', label: 'Orders in the band' },
    { key: 'bandFromGhs', label: 'Band from' },
    { key: 'thresholdGhs', label: 'Large-order threshold' },
    { key: 'windowHours', label: 'Time window' },
  ],
});
