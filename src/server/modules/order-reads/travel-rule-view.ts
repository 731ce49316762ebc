import { and, eq } from 'drizzle-orm';
import { FINAL_STATUSES } from '#shared/contracts/orders.js';
import { signatureFormatOf, TRAVEL_RULE_MSG, type TTravelRule } from '#shared/contracts/travel-rule.js';
import { networkOfOrder, walletNetworkOfOrder } from '#shared/networks.js';
import type { TDbOrTx } from '#server/db/client.js';
import { complianceAlerts } from '#server/db/schema/compliance.js';
import type { orders } from '#server/db/schema/orders.js';
import { orderTravelRule } from '#server/db/schema/travel-rule.js';

/*
 * An order's Travel Rule data as the customer and staff read it (issue 34 point 1,
 * docs/decisions/076-travel-rule-data.md), here below orders so that Order Details can show it.
 */

type TTravelRuleRow = typeof orderTravelRule.$inferSelect;
type TOrderFacts = Pick<typeof orders.$inferSelect, 'id' | 'type' | 'coinSymbol' | 'network' | 'status'>;

/** The network whose signatures prove the order's other wallet: a buy's payout network, a sell's deposit network. */
export function travelRuleNetworkOf(order: Pick<TOrderFacts, 'type' | 'coinSymbol' | 'network'>): string | null {
  return order.type === 'buy' ? walletNetworkOfOrder(order) : networkOfOrder(order);
}

/** Where the data stands (TRAVEL_RULE_STATUSES), from the row and whether the order needs it. */
export function travelRuleStatusOf(row: TTravelRuleRow | undefined, required: boolean, network: string | null): TTravelRule['status'] {
  if (!row) return 'missing';
  if (row.walletType === 'provider' || !required || row.verifiedAt !== null) return 'complete';
  return signatureFormatOf(network) === null ? 'review' : 'proof_needed';
}

/** Whether the order needs the data: the travel_rule alert raised when it was placed (rules/travel-rule.ts). */
export async function isTravelRuleRequired(db: TDbOrTx, orderId: number): Promise<boolean> {
  const [alert] = await db
    .select({ id: complianceAlerts.id })
    .from(complianceAlerts)
    .where(and(eq(complianceAlerts.orderId, orderId), eq(complianceAlerts.rule, 'travel_rule')))
    .limit(1);
  return alert !== undefined;
}

export async function readTravelRule(db: TDbOrTx, order: TOrderFacts): Promise<TTravelRule> {
  const [[row], required] = await Promise.all([
    db.select().from(orderTravelRule).where(eq(orderTravelRule.orderId, order.id)),
    isTravelRuleRequired(db, order.id),
  ]);
  const network = travelRuleNetworkOf(order);
  const status = travelRuleStatusOf(row, required, network);
  const isFinal = (FINAL_STATUSES as readonly string[]).includes(order.status);
  const message = isFinal
    ? null
    : status === 'missing'
      ? required
        ? TRAVEL_RULE_MSG.declareNeededHeld
        : TRAVEL_RULE_MSG.declareNeeded
      : status === 'proof_needed'
        ? TRAVEL_RULE_MSG.proofNeeded
        : status === 'review'
          ? TRAVEL_RULE_MSG.review
          : null;
  return {
    required,
    status,
    walletType: row?.walletType ?? null,
    providerName: row?.providerName ?? null,
    providerAccount: row?.providerAccount ?? null,
    address: row?.address ?? null,
    challenge: status === 'proof_needed' || row?.verifiedAt ? (row?.challenge ?? null) : null,
    signatureFormat: signatureFormatOf(network),
    signature: row?.signature ?? null,
    declaredAt: row?.declaredAt.toISOString() ?? null,
    verifiedAt: row?.verifiedAt?.toISOString() ?? null,
    message,
  };
}
