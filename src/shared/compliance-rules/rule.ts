/*
 * What every monitoring rule declares about itself (issue 29 point 2, docs/decisions/041 and 047):
 * its id, place and label, what it does by default, its settings (threshold fields with their
 * default, validation and how the Settings form shows them) and what it records in an alert (each
 * key's label, and whether it is personal data that retention strips). A rule is one file,
 * src/server/modules/compliance/rules/<rule-id>.ts, with this metadata and its check; the metadata
 * reaches this folder as a copy (rules.gen.ts, written by scripts/compliance-rules.mjs), so the
 * web, the contracts and the database schema read it without importing the server.
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

/** A setting's column: its key in snake_case (largeOrderGhs: large_order_ghs). */
const columnOf = (key: string) => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** A threshold in cedis (key, and the rest of TGhsSetting but its column, which is the key's). */
export const ghsSetting = <const TKey extends string>(key: TKey, field: Omit<TGhsSetting, 'key' | 'column' | 'kind'>) =>
  ({ key, column: columnOf(key), kind: 'ghs', ...field }) as const satisfies TGhsSetting;

/** A whole-number threshold (key, and the rest of TWholeSetting but its column, which is the key's). */
export const wholeSetting = <const TKey extends string>(key: TKey, field: Omit<TWholeSetting, 'key' | 'column' | 'kind'>) =>
  ({ key, column: columnOf(key), kind: 'whole', ...field }) as const satisfies TWholeSetting;

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
  /**
   * Where the desk and the Settings form list the rule, and its turn among the rules of one
   * moment: ascending, one rule per number (spaced by 10, so a rule fits in between).
   */
  readonly position: number;
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
