import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { users } from '#server/db/schema/auth.js';
import { paymentMethods } from '#server/db/schema/app.js';
import { orders } from '#server/db/schema/orders.js';
import type { TTestApp } from './test-app.js';

/**
 * Orders placed the way a customer places them, through the API, for tests whose subject is what
 * happens next (a search, an alert, a chat panel, a pending change). Each step must succeed.
 */

/** A Bitcoin address of BIP-173's examples: where test buy orders send the coins. */
export const TEST_BTC_ADDRESS = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';

/** A customer who may trade up to Tier 2: signed up, identity verified, as the tiers would set it. */
export async function tierTwoCustomer(t: TTestApp, fullName?: string) {
  const customer = await t.signUp(fullName === undefined ? {} : { fullName });
  await t.database.db.update(users).set({ kycStatus: 'verified', tier: 2 }).where(eq(users.id, customer.id));
  return customer;
}

/** A BTC buy order from a new quote, paid into the payment method `methodId`. */
export async function placeBuyOrder(
  t: TTestApp,
  cookie: string,
  options: { methodId: number; amountFiat?: string; fiatCurrency?: 'GHS' | 'USD'; walletAddress?: string },
): Promise<{ id: number; amountGhs: string }> {
  const quote = await t.request({
    method: 'POST',
    url: '/api/quotes',
    cookie,
    payload: { coinSymbol: 'btc', side: 'buy', fiatCurrency: options.fiatCurrency ?? 'GHS', amountFiat: options.amountFiat ?? '300' },
  });
  expect(quote.statusCode, quote.body).toBe(201);
  const created = await t.request({
    method: 'POST',
    url: '/api/orders',
    cookie,
    payload: {
      type: 'buy',
      quoteId: quote.json().id,
      walletAddress: options.walletAddress ?? TEST_BTC_ADDRESS,
      paymentMethodId: options.methodId,
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().order;
}

/** "I have paid" with a new MoMo transaction id, from `payerNumber` when given. */
export async function payOrder(t: TTestApp, cookie: string, orderId: number, payerNumber?: string): Promise<void> {
  const paid = await t.request({
    method: 'POST',
    url: `/api/orders/${orderId}/payment`,
    cookie,
    payload: { paymentTxId: `MP${randomUUID().slice(0, 8)}`, ...(payerNumber ? { payerNumber } : {}) },
  });
  expect(paid.statusCode, paid.body).toBe(200);
}

/**
 * An approve (or refund) body for a submitted order, with what staff confirm arrived: all of it,
 * seen on the business account (issue 28 point 2, docs/decisions/038). A sell's cedis leave the
 * first business payment method unless `payout` says otherwise.
 */
export async function approvalBody<T extends Record<string, unknown>>(
  t: TTestApp,
  orderId: number,
  body: T,
  options: { amountReceived?: string } = {},
): Promise<T & { confirmation?: Record<string, string>; payout?: Record<string, unknown> }> {
  const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return body;
  const submitted = order.status === 'payment_submitted' || order.status === 'deposit_submitted';
  const amountReceived = options.amountReceived ?? (order.type === 'buy' ? (order.amountGhs ?? order.amountFiat) : order.amountCrypto);
  const [method] = await t.database.db.select({ id: paymentMethods.id }).from(paymentMethods).orderBy(asc(paymentMethods.id)).limit(1);
  return {
    ...body,
    ...(submitted ? { confirmation: { amountReceived, evidenceKind: 'staff_note', evidence: 'Seen on the business account' } } : {}),
    ...(order.type === 'sell' && method && !('payout' in body) ? { payout: { paidFrom: method.id } } : {}),
  };
}

/**
 * Staff at `cookie` confirm that all of a submitted order's money (or coins) arrived: above the
 * two-people amount (docs/decisions/038) someone other than the one who pays out does this.
 */
export async function confirmAs(t: TTestApp, cookie: string, orderId: number): Promise<void> {
  const body = await approvalBody(t, orderId, {});
  const confirmed = await t.request({
    method: 'POST',
    url: `/api/admin/orders/${orderId}/confirm-payment`,
    cookie,
    payload: body.confirmation,
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
}
