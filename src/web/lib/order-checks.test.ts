import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ZOrderDetailResponse, ZOrderResponse, ZOrderSocketEvent } from '#shared/contracts/orders.js';
import { buildOrder } from '#test/helpers/order-fixtures.js';
import { RESPONSE_SHAPES_FILE, responseShapesText } from '../../../scripts/response-shapes';
import { orderDetailCheck, orderResponseCheck, orderSocketEventCheck } from './order-checks';

/*
 * The order page's zod-free checks (docs/decisions/055) against the zod contracts they are
 * generated from: the file in the repository is what the contracts give, and for valid answers and
 * every way of breaking them the checks pass and refuse what zod does, with the same data.
 */

const sell = buildOrder({
  id: 43,
  type: 'sell',
  payTo: null,
  depositTo: { network: 'erc20', address: '0x52908400098527886E0F7030069857D2E4169EE7', tag: null, perOrder: false },
  // Surrounding spaces: the contract trims them (ZAccountName), the check must too.
  payout: { type: 'momo', provider: 'MTN MoMo', name: '  Akosua Asantewaa ', number: '0241234567' },
  refund: {
    amount: '1.5',
    reference: 'R-1',
    reason: null,
    at: '2026-11-24T11:00:00.000Z',
    destination: 'the wallet you sent the coins from',
  },
  status: 'refunded',
});
const bank = buildOrder({
  id: 44,
  payTo: { type: 'bank', name: 'CediCrypto Ltd', bankName: 'GCB', accountNumber: '1234 5678 90' },
  payout: { type: 'bank', name: 'Kofi', bankName: 'GCB', accountNumber: '123-456-789' },
});
const event = {
  at: '2026-11-24T10:00:00.000Z',
  from: null,
  to: 'awaiting_payment',
  actor: 'customer',
  paymentTxId: null,
  previousPaymentTxId: null,
  payoutReference: null,
  reason: null,
};
const details = [buildOrder(), sell, bank].map((order) => ({
  order,
  timeline: [event, { ...event, from: 'awaiting_payment', to: 'cancelled', actor: 'staff' }],
  now: '2026-11-24T10:05:00.000Z',
}));

/** Every answer one change away from `value`: each value, key and item removed, replaced by each kind of wrong value, or a key added. */
function* brokenFrom(value: unknown): Generator<unknown> {
  const replacements = [
    null,
    undefined,
    0,
    1.5,
    Number.NaN,
    '',
    ' x ',
    'buy',
    'momo',
    '12.5',
    '0241234567',
    true,
    [],
    {},
    { type: 'momo' },
  ];
  for (const replacement of replacements) yield replacement;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      yield value.filter((_, at) => at !== index);
      for (const broken of brokenFrom(value[index])) yield value.map((item, at) => (at === index ? broken : item));
    }
  } else if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    yield { ...record, extra: 'x' };
    for (const key of Object.keys(record)) {
      const { [key]: _removed, ...rest } = record;
      yield rest;
      for (const broken of brokenFrom(record[key])) yield { ...record, [key]: broken };
    }
  }
}

function expectSameAsZod(
  check: { safeParse(value: unknown): { success: boolean; data?: unknown } },
  zod: typeof ZOrderResponse | typeof ZOrderDetailResponse | typeof ZOrderSocketEvent,
  value: unknown,
) {
  const ours = check.safeParse(value);
  const theirs = zod.safeParse(value);
  expect({ value, success: ours.success }).toEqual({ value, success: theirs.success });
  if (theirs.success && ours.success) expect(ours.data).toStrictEqual(theirs.data);
}

describe('the order checks without zod', () => {
  it('are generated from the order contract as it is now (npx vite build writes the file)', () => {
    expect(readFileSync(RESPONSE_SHAPES_FILE, 'utf8')).toBe(responseShapesText());
  });

  it('take valid answers as zod does, with the same data (trimmed where the contract trims)', () => {
    for (const detail of details) {
      const checked = orderDetailCheck.safeParse({ ...detail, unknownKey: 1 });
      expect(checked).toStrictEqual(ZOrderDetailResponse.safeParse({ ...detail, unknownKey: 1 }));
      expect(checked.success).toBe(true);
      expectSameAsZod(orderResponseCheck, ZOrderResponse, { order: detail.order });
    }
    expect(
      orderDetailCheck.safeParse(details[1]).success &&
        (orderDetailCheck.safeParse(details[1]) as { data: { order: { payout: { name: string } } } }).data.order.payout.name,
    ).toBe('Akosua Asantewaa');
  });

  it('refuse what zod refuses, for every answer one change away from a valid one', () => {
    let refused = 0;
    for (const detail of details) {
      for (const broken of brokenFrom(detail)) {
        expectSameAsZod(orderDetailCheck, ZOrderDetailResponse, broken);
        if (!ZOrderDetailResponse.safeParse(broken).success) refused += 1;
      }
      for (const broken of brokenFrom({ order: detail.order })) expectSameAsZod(orderResponseCheck, ZOrderResponse, broken);
    }
    // The changes do break answers (the comparison is not only of answers both take).
    expect(refused).toBeGreaterThan(1000);
  });

  it("check the order socket's events as zod does", () => {
    for (const valid of [{ type: 'order', orderId: 12, status: 'completed' }, { type: 'resync' }]) {
      expectSameAsZod(orderSocketEventCheck, ZOrderSocketEvent, valid);
      for (const broken of brokenFrom(valid)) expectSameAsZod(orderSocketEventCheck, ZOrderSocketEvent, broken);
    }
  });
});
