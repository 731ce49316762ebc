import type { TAlertRule, TRuleMeta } from '#shared/compliance-rules/index.js';
import type { TTx } from '#server/db/client.js';
import { contextOf, settingsOnce, type TMoment, type TMoments, type TMonitoringSettings } from '../monitoring.js';
import { RULES } from './registry.gen.js';

/**
 * The checks of the monitoring rules, one per rule file of this folder, in the order of their
 * `position` (the same order as ALERT_RULES): registry.gen.ts, written from the files by
 * scripts/compliance-rules.mjs (docs/decisions/047). A rule whose id is not in the registry's
 * metadata does not compile (defineRule).
 */
type TAnyRule = { meta: TRuleMeta & { id: TAlertRule }; runsAt: TMoment; check: (facts: never, context: never) => Promise<void> };
const CHECKS: readonly TAnyRule[] = RULES;

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
  for (const rule of CHECKS) {
    if (rule.runsAt !== moment) continue;
    await (rule.check as (facts: TMoments[TAt], context: ReturnType<typeof contextOf>) => Promise<void>)(
      facts,
      contextOf(rule.meta, tx, now, settings),
    );
  }
}
