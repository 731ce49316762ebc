import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '#server/db/schema/app.js';
import { orders } from '#server/db/schema/orders.js';
import { firstOrThrow } from '#server/db/rows.js';
import type { TFakePriceServer } from '#test/helpers/fake-price-server.js';
import { createOrderTestApp, type TTestApp } from '#test/helpers/test-app.js';
import { approvalBody } from '#test/helpers/orders.js';

const BTC_ADDRESS = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const USED = 'This payment transaction ID has already been used.';

/*
 * Payment ids per rail (issue 26, docs/decisions/009): a MoMo id with leading zeros is the id
 * without them; a rail's minimum length; the customer corrects the id of their order until staff
 * decide, through PUT /api/orders/:id/payment-tx-id, with the uniqueness rule again and a step in
 * the timeline.
 */
describe('payment transaction ids per rail', () => {
  let t: TTestApp;
  let fake: TFakePriceServer;
  let methodId: number;
  let support: { cookie: string };

  beforeAll(async () => {
    ({ t, fake, methodId } = await createOrderTestApp(BTC_ADDRESS));
    support = await t.createStaff('support');
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  /** A fresh id of the MTN rail (11 digits). */
  let serial = 0;
  const momoId = () => `4${String(Date.now() % 1e6).padStart(6, '0')}${String(++serial).padStart(4, '0')}`;

  /** A MoMo buy order of a new customer, waiting for the payment. */
  const newOrder = async () => {
    const customer = await t.signUp();
    const quoted = await t.request({
      method: 'POST',
      url: '/api/quotes',
      cookie: customer.cookie,
      payload: { coinSymbol: 'btc', side: 'buy', fiatCurrency: 'USD', amountFiat: '5' },
    });
    const created = await t.request({
      method: 'POST',
      url: '/api/orders',
      cookie: customer.cookie,
      payload: { type: 'buy', quoteId: quoted.json().id, walletAddress: BTC_ADDRESS, paymentMethodId: methodId },
    });
    expect(created.statusCode, created.body).toBe(201);
    return { customer, orderId: created.json().order.id as number };
  };
  const pay = (cookie: string, orderId: number, paymentTxId: string) =>
    t.request({ method: 'POST', url: `/api/orders/${orderId}/payment`, cookie, payload: { paymentTxId } });
  const edit = (cookie: string, orderId: number, paymentTxId: string) =>
    t.request({ method: 'PUT', url: `/api/orders/${orderId}/payment-tx-id`, cookie, payload: { paymentTxId } });
  const expectUsed = (response: Awaited<ReturnType<typeof pay>>) => {
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().error).toMatchObject({ code: 'TX_ID_USED', fields: { paymentTxId: USED } });
  };

  it('refuses a used MoMo id again with leading zeros in front, and the used one with zeros typed first', async () => {
    const first = await newOrder();
    const id = momoId();
    expect((await pay(first.customer.cookie, first.orderId, id)).statusCode).toBe(200);
    const second = await newOrder();
    expectUsed(await pay(second.customer.cookie, second.orderId, `00${id}`));
    expectUsed(await pay(second.customer.cookie, second.orderId, `0-0 ${id}`));
    // Typed with zeros first, the id without them is the same one.
    const third = await newOrder();
    const zeros = `000${momoId()}`;
    expect((await pay(third.customer.cookie, third.orderId, zeros)).statusCode).toBe(200);
    expect(firstOrThrow(await t.database.db.select().from(orders).where(eq(orders.id, third.orderId))).paymentTxKey).toBe(
      zeros.replace(/^0+/, ''),
    );
    expectUsed(await pay(second.customer.cookie, second.orderId, zeros.replace(/^0+/, '')));
  });

  it("refuses an id shorter than its rail's minimum, with an example", async () => {
    const { customer, orderId } = await newOrder();
    for (const tooShort of ['7', '0000001', '1234567']) {
      const response = await pay(customer.cookie, orderId, tooShort);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields.paymentTxId).toBe(
        'This MTN MoMo transaction ID is too short: it has at least 8 letters or digits, for example 48123456789.',
      );
    }
    expect((await pay(customer.cookie, orderId, '12345678')).statusCode).toBe(200);
  });

  it('lets the owner correct the id until staff decide, with the rules of "I have paid" and a step in the timeline', async () => {
    const { customer, orderId } = await newOrder();
    const typo = momoId();
    // Nothing to correct before "I have paid".
    const early = await edit(customer.cookie, orderId, momoId());
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('ORDER_NOT_SUBMITTED');
    expect((await pay(customer.cookie, orderId, typo)).statusCode).toBe(200);

    // Another customer's order and staff: the order is not theirs to change.
    const other = await newOrder();
    expect((await edit(other.customer.cookie, orderId, momoId())).statusCode).toBe(404);
    expect((await edit(support.cookie, orderId, momoId())).statusCode).toBe(403);

    // The rules again: the format, the minimum, an id another live order has (with zeros in front).
    expect((await edit(customer.cookie, orderId, '12\u041E45678')).json().error.fields.paymentTxId).toBe(
      'Enter the transaction ID using only letters A–Z and digits.',
    );
    expect((await edit(customer.cookie, orderId, '1')).statusCode).toBe(400);
    const taken = momoId();
    expect((await pay(other.customer.cookie, other.orderId, taken)).statusCode).toBe(200);
    expectUsed(await edit(customer.cookie, orderId, `0${taken}`));

    const corrected = momoId();
    const changed = await edit(customer.cookie, orderId, ` ${corrected} `);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().order).toMatchObject({ id: orderId, status: 'payment_submitted', paymentTxId: corrected });
    // The new id is held; the old one is free again.
    const fourth = await newOrder();
    expectUsed(await pay(fourth.customer.cookie, fourth.orderId, corrected));
    expect((await pay(fourth.customer.cookie, fourth.orderId, typo)).statusCode).toBe(200);
    const detail = (await t.request({ method: 'GET', url: `/api/orders/${orderId}`, cookie: customer.cookie })).json();
    expect(detail.timeline.at(-1)).toMatchObject({
      from: 'payment_submitted',
      to: 'payment_submitted',
      actor: 'customer',
      paymentTxId: corrected,
      previousPaymentTxId: typo,
    });
    const staffDetail = (await t.request({ method: 'GET', url: `/api/admin/orders/${orderId}`, cookie: support.cookie })).json();
    expect(staffDetail.timeline.at(-1)).toMatchObject({ paymentTxId: corrected, previousPaymentTxId: typo });
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'order.payment_tx_edit'));
    expect(audit).toMatchObject({ targetId: String(orderId), before: { paymentTxId: typo }, after: { paymentTxId: corrected } });

    // Once staff approve, the id is final.
    await t.request({ method: 'POST', url: `/api/admin/orders/${orderId}/claim`, cookie: support.cookie });
    const approved = await t.request({
      method: 'POST',
      url: `/api/admin/orders/${orderId}/approve`,
      cookie: support.cookie,
      payload: await approvalBody(t, orderId, { payoutReference: randomBytes(32).toString('hex') }),
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const late = await edit(customer.cookie, orderId, momoId());
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toMatchObject({
      code: 'ORDER_ALREADY_DECIDED',
      message: 'The transaction ID can no longer be changed: this order has already been processed.',
    });
    expect(firstOrThrow(await t.database.db.select().from(orders).where(eq(orders.id, orderId))).paymentTxId).toBe(corrected);
  });
});
