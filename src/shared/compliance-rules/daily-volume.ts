import { defineRuleMeta } from './rule.js';

/** A customer's cedi volume of one day (Africa/Accra) above the daily threshold (docs/decisions/017). */
export const dailyVolume = defineRuleMeta({
  id: 'daily_volume',
  label: 'Daily volume',
  defaultAction: 'flag',
  settings: [
    {
      key: 'dailyVolumeAlertGhs',
      column: 'daily_volume_alert_ghs',
      kind: 'ghs',
      default: '100000',
      label: 'Daily volume (GHS)',
      hint: "A customer's orders of one day above this.",
    },
  ],
  details: [
    { key: 'day', label: 'Day' },
    { key: 'volumeGhs', label: 'Customer’s volume that day' },
    { key: 'thresholdGhs', label: 'Threshold' },
  ],
});
