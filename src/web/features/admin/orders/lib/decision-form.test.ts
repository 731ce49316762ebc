import { describe, expect, it } from 'vitest';
import { ORDER_MSG } from '#shared/contracts/orders.js';
import type { TAdminOrder } from '#shared/contracts/orders.js';
import { buildAdminOrder } from '#test/helpers/order-fixtures.js';
import {
  amountDue,
  approveDefaults,
  approveFormSchema,
  cancelFormSchema,
  confirmFormSchema,
  payoutFieldLabel,
  refundFormSchema,
} from './decision-form';

/** An order already confirmed (the payout reference alone is judged), as the dialog holds it. */
function confirmed(overrides: Partial<TAdminOrder>): TAdminOrder {
  return buildAdminOrder({ status: overrides.type === 'sell' ? 'deposit_confirmed' : 'payment_confirmed', ...overrides });
}

const BTC_HASH = 'a1075db55d416d3ca199f55b6084e2115b9345e16c5cf302fc80e9d5fbf5d48d';
const EVM_HASH = '0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060';

let current: TAdminOrder = confirmed({});
function schemaOf(order: TAdminOrder) {
  current = order;
  return approveFormSchema(order);
}
function messageOf(schema: ReturnType<typeof approveFormSchema>, payoutReference: string) {
  const parsed = schema.safeParse({ ...approveDefaults(current), paidFrom: current.type === 'sell' ? '3' : '', payoutReference });
  return parsed.success ? null : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe("Approve's payout reference, judged in the browser as the server would", () => {
  it("a buy asks for the payout's transaction hash on the order's network", () => {
    const btcBuy = schemaOf(confirmed({ type: 'buy', coinSymbol: 'btc', network: null }));
    expect(messageOf(btcBuy, ` ${BTC_HASH} `)).toBeNull();
    expect(btcBuy.parse({ ...approveDefaults(current), payoutReference: ` ${BTC_HASH} ` })).toEqual({ payoutReference: BTC_HASH });
    expect(messageOf(btcBuy, EVM_HASH)).toEqual([`payoutReference: ${ORDER_MSG.payoutHashFormat('Bitcoin')}`]);
    expect(messageOf(btcBuy, 'MP240101.1234')).toEqual([`payoutReference: ${ORDER_MSG.payoutHashFormat('Bitcoin')}`]);

    // USDT: the network the customer chose for their wallet.
    const usdtOnErc20 = schemaOf(confirmed({ type: 'buy', coinSymbol: 'usdt', network: 'ERC20' }));
    expect(messageOf(usdtOnErc20, EVM_HASH)).toBeNull();
    expect(messageOf(usdtOnErc20, BTC_HASH)).toEqual([`payoutReference: ${ORDER_MSG.payoutHashFormat('Ethereum (ERC20)')}`]);
    const usdtOnTrc20 = schemaOf(confirmed({ type: 'buy', coinSymbol: 'usdt', network: 'TRC20' }));
    expect(messageOf(usdtOnTrc20, BTC_HASH)).toBeNull();
    expect(messageOf(usdtOnTrc20, EVM_HASH)).toEqual([`payoutReference: ${ORDER_MSG.payoutHashFormat('TRON (TRC20)')}`]);
  });

  it('is required, and says so rather than judging the format of nothing', () => {
    const btcBuy = schemaOf(confirmed({ type: 'buy', coinSymbol: 'btc', network: null }));
    expect(messageOf(btcBuy, '   ')).toEqual([`payoutReference: ${ORDER_MSG.payoutReferenceRequired}`]);
    const sell = schemaOf(confirmed({ type: 'sell', coinSymbol: 'btc', network: 'BTC' }));
    expect(messageOf(sell, '')).toEqual([`payoutReference: ${ORDER_MSG.payoutReferenceRequired}`]);
  });

  it('an older USDT buy without a network takes a hash of any of its networks, as the server does', () => {
    const olderUsdtBuy = schemaOf(confirmed({ type: 'buy', coinSymbol: 'usdt', network: null }));
    expect(messageOf(olderUsdtBuy, BTC_HASH)).toBeNull();
    expect(messageOf(olderUsdtBuy, EVM_HASH)).toBeNull();
    expect(messageOf(olderUsdtBuy, 'MP240101.1234')).toEqual([
      `payoutReference: ${ORDER_MSG.payoutHashFormat('TRON (TRC20) or Ethereum (ERC20) or BNB Smart Chain (BEP20)')}`,
    ]);
  });

  it('a sell takes a MoMo or bank reference: Latin letters and digits, separators allowed', () => {
    const sell = schemaOf(confirmed({ type: 'sell', coinSymbol: 'usdt', network: 'TRC20' }));
    expect(messageOf(sell, 'MP240101.1234.A56789')).toBeNull();
    expect(messageOf(sell, 'FT 2501 0091 5B')).toBeNull();
    expect(messageOf(sell, 'réf-№12')).toEqual([`payoutReference: ${ORDER_MSG.txIdFormat}`]);
    expect(messageOf(sell, 'x'.repeat(201))).toHaveLength(1);
  });

  it('labels the field by what is paid out', () => {
    expect(payoutFieldLabel({ type: 'buy' })).toBe('Payout transaction hash');
    expect(payoutFieldLabel({ type: 'sell' })).toBe('Payout reference');
  });
});

describe('Payment received and the payout (issue 28 point 2), judged as the server would', () => {
  const NOW = Date.parse('2026-11-28T08:00:00.000Z');
  // A submitted BTC buy of GHS 1,500.00 for 0.0015 BTC.
  const submitted = buildAdminOrder();
  const values = (overrides: Record<string, string> = {}) => ({
    ...approveDefaults(submitted),
    payoutReference: BTC_HASH,
    evidence: 'MTN statement line 14:02',
    ...overrides,
  });
  const issues = (order: TAdminOrder, input: Record<string, string>) =>
    approveFormSchema(order, () => NOW)
      .safeParse(input)
      .error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? null;

  it('prefills what the order expects and asks for the evidence; the body confirms and pays out in one step', () => {
    expect(approveDefaults(submitted)).toMatchObject({ amountReceived: '1500.00', evidenceKind: 'statement_line', receivedInto: '' });
    expect(issues(submitted, values({ evidence: ' ' }))).toEqual([`evidence: ${ORDER_MSG.evidenceRequired}`]);
    expect(approveFormSchema(submitted, () => NOW).parse(values({ receivedInto: '3', payoutFee: '0.00001' }))).toEqual({
      payoutReference: BTC_HASH,
      confirmation: { amountReceived: '1500.00', receivedInto: 3, evidenceKind: 'statement_line', evidence: 'MTN statement line 14:02' },
      payout: { payoutFee: '0.00001' },
    });
  });

  it('takes cedis with 2 decimals and a time not in the future', () => {
    expect(issues(submitted, values({ amountReceived: '1500.001' }))).toEqual([`amountReceived: ${ORDER_MSG.cedisDecimals}`]);
    expect(issues(submitted, values({ receivedAt: '2026-12-01T10:00' }))).toEqual([`receivedAt: ${ORDER_MSG.receivedAtFuture}`]);
  });

  it('asks how to settle when what arrived differs, and computes the amount due like the server', () => {
    expect(issues(submitted, values({ amountReceived: '1000' }))).toEqual([
      `settle: ${ORDER_MSG.settleRequired('GHS 1,000.00', 'GHS 1,500.00')}`,
    ]);
    // Short: completing for the amount ordered is not possible.
    expect(issues(submitted, values({ amountReceived: '1000', settle: 'ordered' }))).toEqual([
      `settle: ${ORDER_MSG.settleOrderedNeedsOverpayment}`,
    ]);
    expect(amountDue(submitted, '1000', 'received')).toBe('0.00100000');
    expect(amountDue(submitted, '1000', '')).toBeNull();
    expect(approveFormSchema(submitted, () => NOW).parse(values({ amountReceived: '1000', settle: 'received' })).payout).toEqual({
      settle: 'received',
    });
    // Over: the difference goes back with its reference.
    expect(issues(submitted, values({ amountReceived: '1600', settle: 'ordered' }))).toEqual([
      `differenceRefundReference: ${ORDER_MSG.differenceRefundRequired}`,
    ]);
    expect(amountDue(submitted, '1600', 'ordered')).toBe('0.00150000');
  });

  it('a sell names the account its cedis left from', () => {
    const sell = buildAdminOrder({ type: 'sell', status: 'deposit_submitted', amountCrypto: '0.00150000' });
    const input = { ...approveDefaults(sell), payoutReference: 'MP240101.1234', evidence: 'Seen on chain' };
    expect(approveDefaults(sell).evidenceKind).toBe('chain_transaction');
    expect(issues(sell, input)).toEqual([`paidFrom: ${ORDER_MSG.paidFromRequired}`]);
    expect(approveFormSchema(sell, () => NOW).parse({ ...input, paidFrom: '4', payoutFee: '1.50' })).toEqual({
      payoutReference: 'MP240101.1234',
      confirmation: { amountReceived: '0.00150000', evidenceKind: 'chain_transaction', evidence: 'Seen on chain' },
      payout: { paidFrom: 4, payoutFee: '1.50' },
    });
  });

  it('Confirm payment and Refund give the API its bodies', () => {
    expect(
      confirmFormSchema(submitted, () => NOW).parse({
        ...approveDefaults(submitted),
        receivedAt: '2026-11-28T07:30',
        evidenceKind: 'provider_reference',
        evidence: 'MP241128.0730',
      }),
    ).toEqual({
      amountReceived: '1500.00',
      receivedAt: new Date('2026-11-28T07:30').toISOString(),
      evidenceKind: 'provider_reference',
      evidence: 'MP241128.0730',
    });
    const confirmedBuy = confirmed({});
    const refund = refundFormSchema(confirmedBuy, () => NOW);
    expect(
      refund
        .safeParse({ ...approveDefaults(confirmedBuy), reference: '', refundFrom: '', refundFee: '', reason: '' })
        .error?.issues.map((issue) => issue.message),
    ).toEqual([ORDER_MSG.refundReferenceRequired, ORDER_MSG.refundReasonRequired]);
    expect(
      refund.parse({ ...approveDefaults(confirmedBuy), reference: 'MP241128.0800', refundFrom: '2', refundFee: '', reason: 'Paid twice.' }),
    ).toEqual({
      reference: 'MP241128.0800',
      refundFrom: 2,
      reason: 'Paid twice.',
    });
  });
});

describe("Cancel's reason", () => {
  it('is required: the customer is told why', () => {
    expect(cancelFormSchema.safeParse({ reason: '  ' }).error?.issues[0]?.message).toBe(ORDER_MSG.cancelReasonRequired);
    expect(cancelFormSchema.parse({ reason: ' Payment not received. ' })).toEqual({ reason: 'Payment not received.' });
  });
});
