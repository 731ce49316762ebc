import { describe, expect, it } from 'vitest';
import { ORDER_MSG } from '#shared/contracts/orders.js';
import { approveFormSchema, cancelFormSchema, payoutFieldLabel } from './decision-form';

const BTC_HASH = 'a1075db55d416d3ca199f55b6084e2115b9345e16c5cf302fc80e9d5fbf5d48d';
const EVM_HASH = '0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060';

function messageOf(schema: ReturnType<typeof approveFormSchema>, payoutReference: string) {
  const parsed = schema.safeParse({ payoutReference });
  return parsed.success ? null : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe("Approve's payout reference, judged in the browser as the server would", () => {
  it("a buy asks for the payout's transaction hash on the order's network", () => {
    const btcBuy = approveFormSchema({ type: 'buy', coinSymbol: 'btc', network: null });
    expect(messageOf(btcBuy, ` ${BTC_HASH} `)).toBeNull();
    expect(btcBuy.parse({ payoutReference: ` ${BTC_HASH} ` })).toEqual({ payoutReference: BTC_HASH });
    expect(messageOf(btcBuy, EVM_HASH)).toEqual([`payoutReference: ${ORDER_MSG.payoutHashFormat('Bitcoin')}`]);
    expect(messageOf(btcBuy, 'MP240101.1234')).toEqual([`payoutReference: ${ORDER_MSG.payoutHashFormat('Bitcoin')}`]);

    // USDT: the network the customer chose for their wallet.
    const usdtOnErc20 = approveFormSchema({ type: 'buy', coinSymbol: 'usdt', network: 'ERC20' });
    expect(messageOf(usdtOnErc20, EVM_HASH)).toBeNull();
    expect(messageOf(usdtOnErc20, BTC_HASH)).toEqual([`payoutReference: ${ORDER_MSG.payoutHashFormat('Ethereum (ERC20)')}`]);
    const usdtOnTrc20 = approveFormSchema({ type: 'buy', coinSymbol: 'usdt', network: 'TRC20' });
    expect(messageOf(usdtOnTrc20, BTC_HASH)).toBeNull();
    expect(messageOf(usdtOnTrc20, EVM_HASH)).toEqual([`payoutReference: ${ORDER_MSG.payoutHashFormat('TRON (TRC20)')}`]);
  });

  it('is required, and says so rather than judging the format of nothing', () => {
    const btcBuy = approveFormSchema({ type: 'buy', coinSymbol: 'btc', network: null });
    expect(messageOf(btcBuy, '   ')).toEqual([`payoutReference: ${ORDER_MSG.payoutReferenceRequired}`]);
    const sell = approveFormSchema({ type: 'sell', coinSymbol: 'btc', network: 'BTC' });
    expect(messageOf(sell, '')).toEqual([`payoutReference: ${ORDER_MSG.payoutReferenceRequired}`]);
  });

  it('an older USDT buy without a network takes a hash of any of its networks, as the server does', () => {
    const olderUsdtBuy = approveFormSchema({ type: 'buy', coinSymbol: 'usdt', network: null });
    expect(messageOf(olderUsdtBuy, BTC_HASH)).toBeNull();
    expect(messageOf(olderUsdtBuy, EVM_HASH)).toBeNull();
    expect(messageOf(olderUsdtBuy, 'MP240101.1234')).toEqual([
      `payoutReference: ${ORDER_MSG.payoutHashFormat('TRON (TRC20) or Ethereum (ERC20) or BNB Smart Chain (BEP20)')}`,
    ]);
  });

  it('a sell takes a MoMo or bank reference: Latin letters and digits, separators allowed', () => {
    const sell = approveFormSchema({ type: 'sell', coinSymbol: 'usdt', network: 'TRC20' });
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

describe("Cancel's reason", () => {
  it('is required: the customer is told why', () => {
    expect(cancelFormSchema.safeParse({ reason: '  ' }).error?.issues[0]?.message).toBe(ORDER_MSG.cancelReasonRequired);
    expect(cancelFormSchema.parse({ reason: ' Payment not received. ' })).toEqual({ reason: 'Payment not received.' });
  });
});
