/*
 * What every monitoring rule declares about itself (issue 29 point 2, docs/decisions/041): its id
 * and label, what it does by default, its settings (threshold fields with their default,
 * validation and how the Settings form shows them) and what it records in an alert (each key's
 * label, and whether it is personal data that retention strips). The server's check of a rule
 * (when it runs, what it raises) is src/server/modules/compliance/rules/<id>.ts; the registry of
 * both is one array each (index.ts here, rules/index.ts there).
 */

export type TRuleAction = 'hold' | 'flag';

/** An amount in cedis: numeric(20, 2) in the settings row, a decimal string in the API. */
export type TGhsSetting = {
  readonly key: string;
  /** Its column in the settings table (src/server/db/schema/app.ts builds it from here). */
  readonly column: string;
  readonly kind: 'ghs';
  readonly default: string;
  readonly label: string;
  readonly hint?: string;
};

/** A whole number from `min` to `max`: integer in the settings row. */
export type TWholeSetting = {
  readonly key: string;
  readonly column: string;
  readonly kind: 'whole';
  readonly default: number;
  readonly min: number;
  readonly max: number;
  /** Said when the value is not a whole number from min to max. */
  readonly message: string;
  readonly label: string;
  readonly hint?: string;
};

export type TRuleSetting = TGhsSetting | TWholeSetting;

/** One key a rule records in its alert's details. */
export type TRuleDetail = {
  readonly key: string;
  /** The desk's words for it, when a value is shown as it is. */
  readonly label: string;
  /** Names or reaches a person: removed from the alert when the account is anonymised (retention). */
  readonly personal?: boolean;
};

export type TRuleMeta = {
  readonly id: string;
  /** What the desk calls the rule. */
  readonly label: string;
  readonly defaultAction: TRuleAction;
  readonly settings: readonly TRuleSetting[];
  readonly details: readonly TRuleDetail[];
};

/** A rule's metadata, its literal types kept (its id, setting keys and detail keys). */
export const defineRuleMeta = <const TMeta extends TRuleMeta>(meta: TMeta): TMeta => meta;

/** The message of every cedi threshold. */
export const GHS_SETTING_MSG = 'Enter an amount in GHS greater than 0, with at most 2 decimals.';
