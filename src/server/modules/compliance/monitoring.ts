import { sql } from 'drizzle-orm';
import {
  ALERT_RULES,
  DEFAULT_RULE_ACTIONS,
  MONITORING_SETTINGS,
  type TAlertRule,
  type TMonitoringValues,
  type TRuleAction,
  type TRuleMeta,
} from '#shared/compliance-rules/index.js';
import { FINAL_STATUSES } from '#shared/contracts/orders.js';
import type { TTx } from '#server/db/client.js';
import { settings } from '#server/db/schema/app.js';
import { complianceAlerts } from '#server/db/schema/compliance.js';
import { readSettingsRow } from '#server/lib/settings-row.js';
import type { orders } from '#server/db/schema/orders.js';

/*
 * What a monitoring rule's check (rules/<rule-id>.ts, docs/decisions/041 and 047) is given: the moment it runs
 * at with its facts, the settings, and `raise`, which records the rule's alert once (its dedupe
 * key, compliance_alerts_dedupe_unique, ON CONFLICT DO NOTHING) with the action the settings give
 * the rule. Rules run inside the transaction of the change that triggers them, so an alert exists
 * exactly when the change does.
 */

export type TMonitoringSettings = TMonitoringValues & { ruleActions: Record<TAlertRule, TRuleAction> };

const DEFAULT_MONITORING = {
  ...(Object.fromEntries(MONITORING_SETTINGS.map((setting) => [setting.key, setting.default])) as TMonitoringValues),
  ruleActions: DEFAULT_RULE_ACTIONS,
};

/** Every rule's action, a missing or unknown one as its default. */
export function ruleActionsOf(stored: Record<string, string> | null | undefined): Record<TAlertRule, TRuleAction> {
  const actions = { ...DEFAULT_RULE_ACTIONS };
  for (const rule of ALERT_RULES) {
    const value = stored?.[rule];
    if (value === 'hold' || value === 'flag') actions[rule] = value;
  }
  return actions;
}

/** The settings columns of every rule's settings fields, by their key. */
export const monitoringColumns = Object.fromEntries(MONITORING_SETTINGS.map((setting) => [setting.key, settings[setting.key]])) as {
  [K in keyof TMonitoringValues]: (typeof settings)[K];
};

export async function readMonitoringSettings(tx: TTx): Promise<TMonitoringSettings> {
  // The transaction's one read of the settings row (issue 31 point 1, src/server/lib/settings-row.ts).
  const row = await readSettingsRow(tx);
  if (!row) return DEFAULT_MONITORING;
  const values = Object.fromEntries(Object.keys(monitoringColumns).map((key) => [key, row[key as keyof typeof monitoringColumns]]));
  return { ...(values as TMonitoringValues), ruleActions: ruleActionsOf(row.ruleActions) };
}

/** The statuses after which nothing happens to an order any more (a hold there holds nothing), as SQL. */
export const finalStatuses = sql.join(
  FINAL_STATUSES.map((status) => sql`${status}`),
  sql`, `,
);

/** The moments rules run at, each with its facts. */
export type TMoments = {
  /** An order was placed (orders/place-order.ts), its cedi amount known. */
  order_placed: { order: Pick<typeof orders.$inferSelect, 'id' | 'userId' | 'createdAt' | 'amountUsd'> & { amountGhs: string } };
  /** A number was used on an order: the payer number of "I have paid", the MoMo payout of "I have sent", the number staff recorded. */
  number_used: { number: string | null | undefined; acting: { id: number; userId: string } };
  /** Staff recorded the name on the payment when approving. */
  payment_recorded: { order: { id: number; userId: string }; recordedName: string; customerName: string };
  /** An uploaded image matched other customers' images (reused-images.ts). */
  image_matched: {
    owner: { userId: string; orderId?: number | null; kycSubmissionId?: number | null };
    image: { id: number; kind: string };
    others: { userId: string; kind: string; orderId: number | null; kycSubmissionId: number | null; distance: number }[];
  };
  /** An open case passed its due time (cases.ts raiseOverdueCaseAlerts). */
  case_overdue: { case: { id: number; userId: string; dueAt: Date } };
  /** A screened address or name matched a sanctions list entry (modules/sanctions/screening.ts). */
  sanctions_matched: {
    userId: string;
    orderId: number | null;
    match: {
      subject: 'address' | 'name';
      screened: string;
      matched: string;
      normalized: string;
      ref: string | null;
      listName: string;
      listDate: string | null;
      listId: number;
      entryId: number;
      /** 0..1, as a string with 3 decimals ('1.000' for an address). */
      score: string;
      /** Where it was screened: 'order', 'deposit', 'sign_up', 'kyc', 'list_loaded', 'operator_entry'. */
      at: string;
    };
  };
};
export type TMoment = keyof TMoments;

type TDetailsOf<TMeta extends TRuleMeta> = { [K in TMeta['details'][number]['key']]?: unknown };

export type TRuleContext<TMeta extends TRuleMeta> = {
  tx: TTx;
  now: Date;
  /** The monitoring settings, read once per run. */
  settings: () => Promise<TMonitoringSettings>;
  /** Raises the rule's alert once: true when this call created it, false when its key existed already. */
  raise: (alert: { userId: string; orderId: number | null; dedupeKey: string; details: TDetailsOf<TMeta> }) => Promise<boolean>;
};

/** A rule's check: its metadata (`meta` of the same file, rules/<rule-id>.ts), the moment it runs at, and what it does then. */
export type TRule<TMeta extends TRuleMeta & { id: TAlertRule }, TAt extends TMoment> = {
  meta: TMeta;
  runsAt: TAt;
  check: (facts: TMoments[TAt], context: TRuleContext<TMeta>) => Promise<void>;
};

export const defineRule = <const TMeta extends TRuleMeta & { id: TAlertRule }, TAt extends TMoment>(rule: TRule<TMeta, TAt>) => rule;

/** The monitoring settings of one run, read at most once. */
export function settingsOnce(tx: TTx): () => Promise<TMonitoringSettings> {
  let read: Promise<TMonitoringSettings> | undefined;
  return () => (read ??= readMonitoringSettings(tx));
}

export function contextOf<TMeta extends TRuleMeta & { id: TAlertRule }>(
  meta: TMeta,
  tx: TTx,
  now: Date,
  settingsOf: () => Promise<TMonitoringSettings>,
): TRuleContext<TMeta> {
  return {
    tx,
    now,
    settings: settingsOf,
    raise: async (alert) => {
      const monitoring = await settingsOf();
      const rows = await tx
        .insert(complianceAlerts)
        .values({
          userId: alert.userId,
          orderId: alert.orderId,
          rule: meta.id,
          action: monitoring.ruleActions[meta.id],
          details: alert.details,
          dedupeKey: alert.dedupeKey,
          createdAt: now,
        })
        .onConflictDoNothing({ target: complianceAlerts.dedupeKey })
        .returning({ id: complianceAlerts.id });
      return rows.length > 0;
    },
  };
}
