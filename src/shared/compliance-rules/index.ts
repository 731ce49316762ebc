import type { TRuleAction, TRuleSetting } from './rule.js';
import { RULE_METAS } from './rules.gen.js';

/*
 * The monitoring rules' registry (docs/decisions/041, 047): RULE_METAS holds every rule's metadata
 * in the order the desk lists them and the rules of one moment run (their `position`), copied from
 * the rule files src/server/modules/compliance/rules/<rule-id>.ts by scripts/compliance-rules.mjs.
 * Everything below (the ids, labels, default actions, the settings fields and the personal-data
 * keys) is derived from it; so are the settings contract (src/shared/contracts/compliance.ts), the
 * settings columns (src/server/db/schema/app.ts), the Settings form and retention. Adding a rule:
 * CONTRIBUTING.md "Adding a monitoring rule".
 */
export { RULE_METAS };

type TRuleMetaOf = (typeof RULE_METAS)[number];
export type TAlertRule = TRuleMetaOf['id'];

export const ALERT_RULES = RULE_METAS.map((rule) => rule.id) as unknown as readonly [TAlertRule, ...TAlertRule[]];

const byRule = <T>(value: (rule: TRuleMetaOf) => T) =>
  Object.fromEntries(RULE_METAS.map((rule) => [rule.id, value(rule)])) as Record<TAlertRule, T>;

/** What the desk calls each rule. */
export const ALERT_RULE_LABELS: Record<TAlertRule, string> = byRule((rule) => rule.label);

/** What each rule does until the super admin chooses otherwise. */
export const DEFAULT_RULE_ACTIONS: Record<TAlertRule, TRuleAction> = byRule((rule) => rule.defaultAction);

/** Per rule, the words for each key it records (shown when a value is shown as it is). */
export const RULE_DETAIL_LABELS: Record<TAlertRule, Readonly<Record<string, string>>> = byRule((rule) =>
  Object.fromEntries(rule.details.map((detail) => [detail.key, detail.label])),
);

/** Per rule, the keys of its details that are personal data (retention removes them). */
export const PERSONAL_DETAIL_KEYS: Record<TAlertRule, readonly string[]> = byRule((rule) =>
  rule.details.filter((detail) => 'personal' in detail && detail.personal).map((detail) => detail.key),
);

export type TMonitoringSetting = TRuleMetaOf['settings'][number];
export type TMonitoringSettingKey = TMonitoringSetting['key'];

/** Every rule's settings fields, rule by rule (the order the Settings form shows them). */
export const MONITORING_SETTINGS: readonly (TMonitoringSetting & TRuleSetting)[] = RULE_METAS.flatMap(
  (rule): readonly (TMonitoringSetting & TRuleSetting)[] => rule.settings,
);

/** The settings' values: a decimal string for an amount in cedis, a number for a whole number. */
export type TMonitoringValues = { [S in TMonitoringSetting as S['key']]: S extends { kind: 'ghs' } ? string : number };

export { GHS_SETTING_MSG, type TRuleAction, type TRuleMeta, type TRuleSetting } from './rule.js';
