import { describe, expect, it } from 'vitest';
import { ZComplianceSettingsUpdate } from '#shared/contracts/compliance.js';
import { ALERT_RULES, DEFAULT_RULE_ACTIONS, MONITORING_SETTINGS, PERSONAL_DETAIL_KEYS, RULE_METAS } from './index.js';

/** The registry's own rules (docs/decisions/041): what the compiler cannot check. */
describe('the monitoring rules registry', () => {
  it('has each rule id, setting key and settings column once', () => {
    const once = (values: readonly string[]) => expect(new Set(values).size).toBe(values.length);
    once(ALERT_RULES);
    once(MONITORING_SETTINGS.map((setting) => setting.key));
    once(MONITORING_SETTINGS.map((setting) => setting.column));
    for (const rule of RULE_METAS) once(rule.details.map((detail) => detail.key));
  });

  it("declares defaults the settings contract accepts, and a rule's personal keys among what it records", () => {
    const defaults = Object.fromEntries(MONITORING_SETTINGS.map((setting) => [setting.key, setting.default]));
    expect(ZComplianceSettingsUpdate.safeParse({ ...defaults, ruleActions: DEFAULT_RULE_ACTIONS, retentionYears: 5 }).success).toBe(true);
    expect(PERSONAL_DETAIL_KEYS).toMatchObject({ shared_account: ['number'], name_mismatch: ['recordedName', 'customerName'] });
  });
});
