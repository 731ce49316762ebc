import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { isFinalStatus, ORDER_MSG } from '#shared/contracts/orders.js';
import {
  signatureFormatOf,
  TRAVEL_RULE_MSG,
  type TTravelRule,
  type TTravelRuleDeclaration,
  type TTravelRuleProof,
} from '#shared/contracts/travel-rule.js';
import { isNetworkId } from '#shared/networks.js';
import { isValidAddressOn } from '#shared/wallet-address.js';
import type { TDb, TTx } from '#server/db/client.js';
import { complianceAlerts } from '#server/db/schema/compliance.js';
import { orders } from '#server/db/schema/orders.js';
import { orderTravelRule } from '#server/db/schema/travel-rule.js';
import { writeAudit } from '#server/lib/audit.js';
import { AppError } from '#server/lib/errors.js';
import {
  isTravelRuleRequired,
  readTravelRule,
  travelRuleNetworkOf,
  travelRuleStatusOf,
} from '#server/modules/order-reads/travel-rule-view.js';
import type { OrderEvents } from '#server/modules/orders/events.js';
import { verifySignedMessage } from './signatures.js';

/*
 * The customer's Travel Rule data of an order (issue 34 point 1, docs/decisions/076-travel-rule-data.md):
 * the declaration of the other wallet, the server's challenge for a self-hosted wallet above the
 * threshold, and the signature that proves control. Once nothing more is needed, the order's
 * travel_rule alert, and no other, is cleared: its hold ends, another alert's hold stays.
 */

/** `events`: the order-events step (src/server/modules/orders/events.ts): a released hold changes the order's screens. */
export type TTravelRuleDeps = { db: TDb; now?: () => Date; events?: OrderEvents };
type TCall = { actor: { id: string; email: string }; ip?: string };

const nowOf = (deps: TTravelRuleDeps) => deps.now?.() ?? new Date();

/** The customer's own order, locked; another's is not found, as it is everywhere (orders/service.ts getMyOrder). */
async function lockOwnOrder(tx: TTx, userId: string, orderId: number) {
  const [order] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
    .for('update');
  if (!order) throw new AppError('NOT_FOUND', ORDER_MSG.orderNotFound);
  if (isFinalStatus(order.status)) throw new AppError('ORDER_ALREADY_DECIDED', TRAVEL_RULE_MSG.orderClosed);
  return order;
}

/** The text the customer signs: the order, the address, and a random part so an old signature cannot be reused. */
export function challengeText(orderId: number, address: string): string {
  return `CediCrypto order ${orderId}: I control the wallet ${address}. Code ${randomBytes(6).toString('hex')}`;
}

/** Clears the order's open travel_rule alert, as the system, with an audit entry; other alerts stay. */
async function releaseTravelRuleHold(tx: TTx, orderId: number, call: TCall, at: Date, reason: string): Promise<boolean> {
  const cleared = await tx
    .update(complianceAlerts)
    .set({ status: 'cleared', decidedAt: at, decidedBy: call.actor.id })
    .where(and(eq(complianceAlerts.orderId, orderId), eq(complianceAlerts.rule, 'travel_rule'), eq(complianceAlerts.status, 'open')))
    .returning({ id: complianceAlerts.id });
  for (const { id } of cleared) {
    await writeAudit(tx, {
      actor: call.actor,
      action: 'compliance.travel_rule_release',
      targetType: 'compliance_alert',
      targetId: id,
      before: { status: 'open' },
      after: { status: 'cleared', orderId, reason },
      ip: call.ip,
    });
  }
  return cleared.length > 0;
}

/**
 * The customer states the other wallet of their order. A buy's self-hosted wallet is the order's
 * wallet address; a sell's is the address the customer sends from, checked for the order's
 * network. A wallet whose signature verified is not changed again.
 */
export async function declareTravelRule(
  deps: TTravelRuleDeps,
  call: TCall,
  orderId: number,
  input: TTravelRuleDeclaration,
): Promise<TTravelRule> {
  const order = await deps.db.transaction(async (tx) => {
    const at = nowOf(deps);
    const order = await lockOwnOrder(tx, call.actor.id, orderId);
    const [existing] = await tx.select().from(orderTravelRule).where(eq(orderTravelRule.orderId, orderId));
    if (existing?.verifiedAt) throw new AppError('ORDER_ALREADY_DECIDED', TRAVEL_RULE_MSG.confirmed);
    const required = await isTravelRuleRequired(tx, orderId);
    const network = travelRuleNetworkOf(order);
    let address: string | null = null;
    if (input.walletType === 'self_hosted') {
      if (order.type === 'buy') {
        address = order.walletAddress ?? input.address ?? null;
        if (address === null)
          throw new AppError('VALIDATION', TRAVEL_RULE_MSG.addressRequired, { fields: { address: TRAVEL_RULE_MSG.addressRequired } });
        if (input.address && input.address !== address)
          throw new AppError('VALIDATION', TRAVEL_RULE_MSG.buyAddressDiffers, { fields: { address: TRAVEL_RULE_MSG.buyAddressDiffers } });
      } else {
        if (!input.address)
          throw new AppError('VALIDATION', TRAVEL_RULE_MSG.addressRequired, { fields: { address: TRAVEL_RULE_MSG.addressRequired } });
        if (network && isNetworkId(network) && !isValidAddressOn(order.coinSymbol, network, input.address)) {
          const message = ORDER_MSG.invalidWallet(order.coinSymbol.toUpperCase());
          throw new AppError('VALIDATION', message, { fields: { address: message } });
        }
        address = input.address;
      }
    }
    const needsSignature = input.walletType === 'self_hosted' && required && signatureFormatOf(network) !== null && address !== null;
    // The same wallet stated again keeps its challenge: a signature made for it still counts.
    const challenge = needsSignature
      ? existing?.challenge && existing.address === address
        ? existing.challenge
        : challengeText(orderId, address ?? '')
      : null;
    const values = {
      walletType: input.walletType,
      providerName: input.walletType === 'provider' ? input.providerName : null,
      providerAccount: input.walletType === 'provider' ? input.providerAccount : null,
      address,
      challenge,
      signature: null,
      proofMethod: null,
      declaredAt: at,
      verifiedAt: null,
    };
    const [row] = await tx
      .insert(orderTravelRule)
      .values({ orderId, ...values })
      .onConflictDoUpdate({ target: orderTravelRule.orderId, set: values })
      .returning();
    const released =
      travelRuleStatusOf(row, required, network) === 'complete' &&
      (await releaseTravelRuleHold(tx, orderId, call, at, input.walletType === 'provider' ? 'provider wallet declared' : 'declared'));
    if (released) await deps.events?.changed(tx, { id: order.id, userId: order.userId, status: order.status });
    return order;
  });
  return readTravelRule(deps.db, order);
}

/**
 * The signature over the order's challenge. One that does not recover the stated address is
 * refused (VALIDATION on `signature`) and changes nothing: the declaration and its challenge stay.
 */
export async function proveTravelRule(deps: TTravelRuleDeps, call: TCall, orderId: number, input: TTravelRuleProof): Promise<TTravelRule> {
  const order = await deps.db.transaction(async (tx) => {
    const at = nowOf(deps);
    const order = await lockOwnOrder(tx, call.actor.id, orderId);
    const [row] = await tx.select().from(orderTravelRule).where(eq(orderTravelRule.orderId, orderId)).for('update');
    if (row?.verifiedAt) throw new AppError('ORDER_ALREADY_DECIDED', TRAVEL_RULE_MSG.confirmed);
    const format = signatureFormatOf(travelRuleNetworkOf(order));
    if (!row || row.walletType !== 'self_hosted' || !row.challenge || !row.address || format === null)
      throw new AppError('VALIDATION', TRAVEL_RULE_MSG.walletTypeRequired, { fields: { walletType: TRAVEL_RULE_MSG.walletTypeRequired } });
    if (!verifySignedMessage(format, row.address, row.challenge, input.signature))
      throw new AppError('VALIDATION', TRAVEL_RULE_MSG.forged, { fields: { signature: TRAVEL_RULE_MSG.forged } });
    await tx
      .update(orderTravelRule)
      .set({ signature: input.signature.trim(), proofMethod: format, verifiedAt: at })
      .where(eq(orderTravelRule.orderId, orderId));
    if (await releaseTravelRuleHold(tx, orderId, call, at, `${format} signature verified`))
      await deps.events?.changed(tx, { id: order.id, userId: order.userId, status: order.status });
    return order;
  });
  return readTravelRule(deps.db, order);
}
