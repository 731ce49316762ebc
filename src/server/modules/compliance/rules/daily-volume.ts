import { defineRuleMeta, ghsSetting } from '#shared/compliance-rules/rule.js';
import { toDecimal } from '#shared/money.js';
import { readUsedGhs } from '#server/modules/limits/tier-limits.js';
import { defineRule } from '../monitoring.js';

/** A customer's cedi volume of one day (Africa/Accra) above the daily threshold (docs/decisions/017). */
export const meta = defineRuleMeta({
  id: 'daily_volume',
  position: 20,
  label: 'Daily volume',
  defaultAction: 'flag',
  settings: [
    ghsSetting('dailyVolumeAlertGhs', {
      default: '100000',
      label: 'Daily volume (GHS)',
      hint: "A customer's orders of one day above this.",
    }),
  ],
  details: [
    { key: 'day', label: 'Day' },
    { key: 'volumeGhs', label: 'Customer’s volume that day' },
    { key: 'thresholdGhs', label: 'Threshold' },
  ],
});

/**
 * (b) The customer's cedi volume of the day (orders not cancelled or expired) above the daily
 * threshold: one alert per customer and day (Africa/Accra, UTC+0 all year, by its name: 2026-11-25).
 */
export const rule = defineRule({
  meta,
  runsAt: 'order_placed',
  async check({ order }, { tx, now, settings, raise }) {
    const monitoring = await settings();
    const day = now.toISOString().slice(0, 10);
    // Counted as the tier limit counts it (tier-limits.ts).
    const used = await readUsedGhs(tx, order.userId, now);
    const dayTotal = toDecimal(used.today);
    if (!dayTotal.gt(monitoring.dailyVolumeAlertGhs)) return;
    await raise({
      userId: order.userId,
      orderId: order.id,
      dedupeKey: `daily_volume:${order.userId}:${day}`,
      details: { day, volumeGhs: dayTotal.toFixed(2), thresholdGhs: monitoring.dailyVolumeAlertGhs },
    });
  },
});
