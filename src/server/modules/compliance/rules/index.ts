import { ALERT_RULES, type TAlertRule, type TRuleMeta } from '#shared/compliance-rules/index.js';
import type { TTx } from '#server/db/client.js';
import { contextOf, settingsOnce, type TMoment, type TMoments, type TMonitoringSettings } from '../monitoring.js';
import { dailyVolumeRule } from './daily-volume.js';
import { largeOrderRule } from './large-order.js';
import { nameMismatchRule } from './name-mismatch.js';
import { overdueCaseRule } from './overdue-case.js';
import { reusedImageRule } from './reused-image.js';
import { sharedAccountRule } from './shared-account.js';
import { structuringRule } from './structuring.js';

/**
 * The checks of the monitoring rules, one per rule of src/shared/compliance-rules (a rule missing
 * here, or here without its metadata there, does not compile), docs/decisions/041.
 */
type TAnyRule = { meta: TRuleMeta & { id: TAlertRule }; runsAt: TMoment; check: (facts: never, context: never) => Promise<void> };
const CHECKS: { [K in TAlertRule]: TAnyRule & { meta: { id: K } } } = {
  large_order: largeOrderRule,
  daily_volume: dailyVolumeRule,
  structuring: structuringRule,
  shared_account: sharedAccountRule,
  name_mismatch: nameMismatchRule,
  reused_image: reusedImageRule,
  overdue_case: overdueCaseRule,
};

/**
 * Runs every rule of `moment`, in the registry's order, inside the caller's transaction.
 * `settings` lets several runs of one transaction read the settings once.
 */
export async function runRules<TAt extends TMoment>(
  tx: TTx,
  moment: TAt,
  facts: TMoments[TAt],
  now: Date,
  settings: () => Promise<TMonitoringSettings> = settingsOnce(tx),
): Promise<void> {
  for (const id of ALERT_RULES) {
    const rule = CHECKS[id];
    if (rule.runsAt !== moment) continue;
    await (rule.check as (facts: TMoments[TAt], context: ReturnType<typeof contextOf>) => Promise<void>)(
      facts,
      contextOf(rule.meta, tx, now, settings),
    );
  }
}
