import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TOrder } from '#shared/contracts/orders.js';
import { Dec } from '#shared/money.js';
import { chainPayoutChecks } from '#server/db/schema/chain.js';
import { statementExceptions } from '#server/db/schema/statements.js';
import { startFakeEsploraServer, type TFakeEsplora, type TFakeTx } from '#test/helpers/fake-esplora-server.js';
import type { TFakePriceServer } from '#test/helpers/fake-price-server.js';
import { randomTronAddress, startFakeTronGridServer, TRON_USDT, type TFakeTronGrid } from '#test/helpers/fake-trongrid-server.js';
import { approvalBody, payOrder, tierTwoCustomer } from '#test/helpers/orders.js';
import { createOrderTestApp, SUPER_ADMIN, type TTestApp } from '#test/helpers/test-app.js';
import { UNREACHED_TIMEOUT_MS } from '#test/helpers/timeouts.js';

/*
 * Buy payouts checked on chain on Bitcoin (Esplora) and on TRON (TronGrid, USDT-TRC20): issue 32
 * point 4, docs/decisions/067 and 070. The same check as on the EVM networks (payout-checks.ts,
 * payout-checks.test.ts) with the fakes of the two APIs as the chains: a payout that pays the
 * customer's wallet the order's amount is verified at the network's confirmations (a transaction
 * not mined yet waits); another amount, another address, a failed TRC20 call, or no such
 * transaction by the deadline is an item of the exceptions queue. PGlite (npm test) and PostgreSQL
 * (the API suite under with-postgres).
 */

const BTC_WALLET = 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh';
const BTC_OTHER = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const LTC_WALLET = 'ltc1qjmxnz78nmc8nq77wuxh25n2es7rzm5c2rkk4wh';
const TRON_WALLET = randomTronAddress();
const TRON_OTHER = randomTronAddress();

let btc: TFakeEsplora;
let ltc: TFakeEsplora;
let tron: TFakeTronGrid;
let t: TTestApp;
let prices: TFakePriceServer;
let methodId: number;
let support: string;
let customer: Awaited<ReturnType<typeof tierTwoCustomer>>;

/** A decimal amount in the coin's smallest unit (strings to the end, no float). */
function units(amount: string, decimals: number): bigint {
  const [whole, fraction = ''] = amount.split('.');
  return BigInt(whole! + fraction.padEnd(decimals, '0').slice(0, decimals));
}

beforeAll(async () => {
  btc = await startFakeEsploraServer({ chain: 'bitcoin', startHeight: 880_000 });
  ltc = await startFakeEsploraServer({ chain: 'litecoin', startHeight: 2_900_000 });
  tron = await startFakeTronGridServer({ startNumber: 79_000_000 });
  ({
    t,
    fake: prices,
    methodId,
  } = await createOrderTestApp(BTC_OTHER, {
    TEST_CLOCK: 'true',
    CHAIN_BTC_ESPLORA_URL: btc.url,
    CHAIN_LTC_ESPLORA_URL: ltc.url,
    CHAIN_ESPLORA_MIN_INTERVAL_MS: '0',
    CHAIN_TRC20_TRONGRID_URL: tron.url,
    CHAIN_TRONGRID_MIN_INTERVAL_MS: '0',
    CHAIN_RPC_TIMEOUT_MS: String(UNREACHED_TIMEOUT_MS),
    CHAIN_START_BLOCKS_BACK: '0',
    CHAIN_PAYOUT_CHECK_MINUTES: '30',
  }));
  const admin = await t.loginCookie(SUPER_ADMIN.email, SUPER_ADMIN.password, 'admin');
  support = (await t.createStaff('support')).cookie;
  customer = await tierTwoCustomer(t);
  for (const [network, requiredConfirmations] of [
    ['BTC', 2],
    ['TRC20', 3],
  ] as const) {
    const set = await t.request({
      method: 'PUT',
      url: `/api/admin/chain-networks/${network}`,
      cookie: admin,
      payload: { requiredConfirmations },
    });
    expect(set.statusCode, set.body).toBe(200);
  }
}, 120_000);

afterAll(async () => {
  await t?.close();
  await prices?.close();
  await btc?.close();
  await ltc?.close();
  await tron?.close();
});

/** One poll of the network's watcher, and what it did with the payouts. */
async function pollPayouts(network: 'BTC' | 'LTC' | 'TRC20') {
  const result = await t.app.chainWatch.poll(network);
  if (!('payouts' in result)) throw new Error(`the ${network} network has no endpoint`);
  return result.payouts;
}
const checkOf = async (orderId: number) =>
  (await t.database.db.select().from(chainPayoutChecks).where(eq(chainPayoutChecks.orderId, orderId)))[0];
const itemsOf = (orderId: number) => t.database.db.select().from(statementExceptions).where(eq(statementExceptions.orderId, orderId));

/** A buy of `coin` on `network` to `wallet`, paid by the customer, completed by support with `payoutReference`. */
async function completedBuy(
  coinSymbol: 'btc' | 'ltc' | 'usdt',
  network: 'BTC' | 'LTC' | 'TRC20',
  wallet: string,
  payoutReference: (order: TOrder) => string,
): Promise<TOrder> {
  const quote = await t.request({
    method: 'POST',
    url: '/api/quotes',
    cookie: customer.cookie,
    payload: { coinSymbol, side: 'buy', fiatCurrency: 'GHS', amountFiat: '150' },
  });
  expect(quote.statusCode, quote.body).toBe(201);
  const created = await t.request({
    method: 'POST',
    url: '/api/orders',
    cookie: customer.cookie,
    // A coin on one network only (BTC, LTC) is ordered without one: the check finds its network from the coin (walletNetworkOfOrder).
    payload: {
      type: 'buy',
      quoteId: quote.json().id,
      ...(coinSymbol === 'usdt' ? { network } : {}),
      walletAddress: wallet,
      paymentMethodId: methodId,
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const order = created.json().order as TOrder;
  await payOrder(t, customer.cookie, order.id);
  expect((await t.request({ method: 'POST', url: `/api/admin/orders/${order.id}/claim`, cookie: support })).statusCode).toBe(200);
  const approved = await t.request({
    method: 'POST',
    url: `/api/admin/orders/${order.id}/approve`,
    cookie: support,
    payload: await approvalBody(t, order.id, { payoutReference: payoutReference(order) }),
  });
  expect(approved.statusCode, approved.body).toBe(200);
  expect(approved.json().order.status).toBe('completed');
  return order;
}

const advanceMinutes = async (minutes: number) =>
  expect((await t.request({ method: 'POST', url: '/api/test/clock', payload: { advanceMinutes: minutes } })).statusCode).toBe(200);

describe('buy payouts checked on Bitcoin (Esplora GET /tx/:txid)', () => {
  it('a payout in the mempool waits; mined, it pays the wallet the amount ordered and is verified at the confirmations', async () => {
    await pollPayouts('BTC'); // the cursor catches up with the chain
    let pending: TFakeTx | undefined;
    const order = await completedBuy('btc', 'BTC', BTC_WALLET, (placed) => {
      pending = btc.broadcast([{ address: BTC_WALLET, sats: Number(units(placed.amountCrypto, 8)) }]);
      // Pasted as an explorer may show it: in capitals.
      return pending.txid.toUpperCase();
    });
    const txid = pending!.txid;
    expect(await pollPayouts('BTC')).toMatchObject({ opened: 1, verified: 0, flagged: 0 });
    expect(await checkOf(order.id)).toMatchObject({ status: 'pending', confirmations: 0, network: 'BTC' });
    expect(btc.requests.some((request) => request.path === `/tx/${txid}` && request.status === 200)).toBe(true);

    // Mined (after a rate limit and a server error on the way, each retried): one confirmation, then two.
    const mempoolTx = btc.requests.length;
    btc.mine([pending!]);
    btc.misbehave(/^\/tx\//, { kind: 'error', status: 429, retryAfter: '1' });
    btc.misbehave(/^\/tx\//, { kind: 'error', status: 500 });
    expect(await pollPayouts('BTC')).toMatchObject({ verified: 0, flagged: 0 });
    expect(
      btc.requests
        .slice(mempoolTx)
        .filter((request) => request.path.startsWith('/tx/'))
        .map((request) => request.status),
    ).toEqual([429, 500, 200]);
    expect(await checkOf(order.id)).toMatchObject({ status: 'pending', confirmations: 1 });
    btc.mineEmpty(1);
    expect(await pollPayouts('BTC')).toMatchObject({ verified: 1, flagged: 0 });
    const check = await checkOf(order.id);
    expect(check).toMatchObject({ status: 'verified', confirmations: 2 });
    expect(check!.detail).toContain(`to ${BTC_WALLET}`);
    expect(await itemsOf(order.id)).toEqual([]);
  });

  it('a payout of another amount, or to another address, is an item for staff with what the chain shows', async () => {
    const short = await completedBuy('btc', 'BTC', BTC_WALLET, (placed) => {
      const block = btc.mine([[{ address: BTC_WALLET, sats: Number(units(placed.amountCrypto, 8)) - 1 }]]);
      return block.txs[0]!.txid;
    });
    const elsewhere = await completedBuy('btc', 'BTC', BTC_WALLET, (placed) => {
      const block = btc.mine([[{ address: BTC_OTHER, sats: Number(units(placed.amountCrypto, 8)) }]]);
      return block.txs[0]!.txid;
    });
    expect(await pollPayouts('BTC')).toMatchObject({ opened: 2, flagged: 2 });
    expect(await checkOf(short.id)).toMatchObject({ status: 'mismatch' });
    const [shortItem] = await itemsOf(short.id);
    expect(shortItem).toMatchObject({ kind: 'payout_mismatch', status: 'open', accountKey: 'wallet:BTC:BTC' });
    expect(shortItem!.detail).toContain(`was to pay ${new Dec(short.amountCrypto).toFixed()} BTC to ${BTC_WALLET} on BTC`);
    // What the chain shows: the output one satoshi short (and the sender's change).
    expect(shortItem!.detail).toContain(`; it pays ${new Dec(short.amountCrypto).minus('0.00000001').toFixed()} BTC to ${BTC_WALLET}, `);
    const [elsewhereItem] = await itemsOf(elsewhere.id);
    expect(elsewhereItem).toMatchObject({ kind: 'payout_mismatch' });
    expect(elsewhereItem!.detail).toContain(`BTC to ${BTC_OTHER}`);
    expect(elsewhereItem!.detail).not.toContain(`BTC to ${BTC_WALLET},`);
    // Decided once.
    expect(await pollPayouts('BTC')).toMatchObject({ opened: 0, flagged: 0 });
    expect(await itemsOf(short.id)).toHaveLength(1);
  });

  it('a txid the API does not know (404) waits until the deadline, then is an item for staff', async () => {
    const unknown = randomBytes(32).toString('hex');
    const order = await completedBuy('btc', 'BTC', BTC_WALLET, () => unknown);
    expect(await pollPayouts('BTC')).toMatchObject({ opened: 1, flagged: 0 });
    expect(btc.requests.at(-1)).toMatchObject({ path: `/tx/${unknown}`, status: 404 });
    expect(await checkOf(order.id)).toMatchObject({ status: 'pending' });
    await advanceMinutes(31);
    expect(await pollPayouts('BTC')).toMatchObject({ flagged: 1 });
    expect(await checkOf(order.id)).toMatchObject({ status: 'not_found' });
    const [item] = await itemsOf(order.id);
    expect(item).toMatchObject({ kind: 'payout_not_found', status: 'open', accountKey: 'wallet:BTC:BTC' });
    expect(item!.detail).toContain(unknown);
  });
});

describe('buy payouts checked on Litecoin (the same Esplora adapter)', () => {
  it("a payout of the amount to the wallet is verified at LTC's confirmations (6 by default)", async () => {
    await pollPayouts('LTC');
    const order = await completedBuy(
      'ltc',
      'LTC',
      LTC_WALLET,
      (placed) => ltc.mine([[{ address: LTC_WALLET, sats: Number(units(placed.amountCrypto, 8)) }]]).txs[0]!.txid,
    );
    expect(await pollPayouts('LTC')).toMatchObject({ opened: 1, verified: 0, flagged: 0 });
    ltc.mineEmpty(4);
    expect(await pollPayouts('LTC')).toMatchObject({ verified: 0, flagged: 0 });
    expect(await checkOf(order.id)).toMatchObject({ status: 'pending', confirmations: 5, network: 'LTC' });
    ltc.mineEmpty(1);
    expect(await pollPayouts('LTC')).toMatchObject({ verified: 1 });
    expect(await checkOf(order.id)).toMatchObject({ status: 'verified', confirmations: 6 });
    expect(await itemsOf(order.id)).toEqual([]);
  });
});

describe('buy payouts checked on TRON (USDT-TRC20, gettransactioninfobyid)', () => {
  it('a transfer not in a block yet waits; mined, it pays the wallet the amount ordered and is verified at the confirmations', async () => {
    await pollPayouts('TRC20');
    let pending: ReturnType<TFakeTronGrid['broadcast']> | undefined;
    const order = await completedBuy('usdt', 'TRC20', TRON_WALLET, (placed) => {
      pending = tron.broadcast([{ to: TRON_WALLET, value: units(placed.amountCrypto, 6) }]);
      return pending.txID;
    });
    expect(await pollPayouts('TRC20')).toMatchObject({ opened: 1, verified: 0, flagged: 0 });
    expect(await checkOf(order.id)).toMatchObject({ status: 'pending', confirmations: 0, network: 'TRC20' });

    const mark = tron.requests.length;
    tron.mine([pending!]);
    tron.misbehave(/^\/wallet\/gettransactioninfobyid$/, { kind: 'error', status: 429, retryAfter: '1' });
    tron.misbehave(/^\/wallet\/gettransactioninfobyid$/, { kind: 'error', status: 500 });
    expect(await pollPayouts('TRC20')).toMatchObject({ verified: 0, flagged: 0 });
    expect(
      tron.requests
        .slice(mark)
        .filter((request) => request.path === '/wallet/gettransactioninfobyid')
        .map((request) => request.status),
    ).toEqual([429, 500, 200]);
    expect(await checkOf(order.id)).toMatchObject({ status: 'pending', confirmations: 1 });
    tron.mineEmpty(2);
    expect(await pollPayouts('TRC20')).toMatchObject({ verified: 1 });
    const check = await checkOf(order.id);
    expect(check).toMatchObject({ status: 'verified', confirmations: 3 });
    expect(check!.detail).toContain(`USDT to ${TRON_WALLET}`);
    expect(await itemsOf(order.id)).toEqual([]);
  });

  it('another amount, another address or a failed call (receipt not SUCCESS) is an item for staff', async () => {
    const short = await completedBuy(
      'usdt',
      'TRC20',
      TRON_WALLET,
      (placed) => tron.mine([[{ to: TRON_WALLET, value: units(placed.amountCrypto, 6) - 1n }]]).txs[0]!.txID,
    );
    const elsewhere = await completedBuy(
      'usdt',
      'TRC20',
      TRON_WALLET,
      (placed) => tron.mine([[{ to: TRON_OTHER, value: units(placed.amountCrypto, 6) }]]).txs[0]!.txID,
    );
    const failed = await completedBuy(
      'usdt',
      'TRC20',
      TRON_WALLET,
      (placed) => tron.mine([[{ to: TRON_WALLET, value: units(placed.amountCrypto, 6) }]], { result: 'REVERT' }).txs[0]!.txID,
    );
    // Another token's contract paying the amount is not a USDT payout.
    const otherToken = await completedBuy(
      'usdt',
      'TRC20',
      TRON_WALLET,
      (placed) => tron.mine([[{ to: TRON_WALLET, value: units(placed.amountCrypto, 6), contract: TRON_OTHER }]]).txs[0]!.txID,
    );
    expect(TRON_OTHER).not.toBe(TRON_USDT);
    expect(await pollPayouts('TRC20')).toMatchObject({ opened: 4, flagged: 4 });

    const [shortItem] = await itemsOf(short.id);
    expect(shortItem).toMatchObject({ kind: 'payout_mismatch', status: 'open', accountKey: 'wallet:USDT:TRC20' });
    expect(shortItem!.detail).toContain(`was to pay ${new Dec(short.amountCrypto).toFixed()} USDT to ${TRON_WALLET} on TRC20`);
    expect(shortItem!.detail).toContain(
      `; it pays ${new Dec(short.amountCrypto).minus('0.000001').toFixed()} USDT to ${TRON_WALLET} (transaction`,
    );
    const [elsewhereItem] = await itemsOf(elsewhere.id);
    expect(elsewhereItem).toMatchObject({ kind: 'payout_mismatch' });
    expect(elsewhereItem!.detail).toContain(`USDT to ${TRON_OTHER}`);
    const [failedItem] = await itemsOf(failed.id);
    expect(failedItem).toMatchObject({ kind: 'payout_mismatch' });
    expect(failedItem!.detail).toContain('the transaction failed on chain');
    expect(await checkOf(failed.id)).toMatchObject({ status: 'mismatch' });
    const [otherTokenItem] = await itemsOf(otherToken.id);
    expect(otherTokenItem!.detail).toContain('no USDT transfer');
  });

  it('a transaction id the node does not know ({}) waits until the deadline, then is an item for staff', async () => {
    const unknown = randomBytes(32).toString('hex');
    const order = await completedBuy('usdt', 'TRC20', TRON_WALLET, () => unknown);
    expect(await pollPayouts('TRC20')).toMatchObject({ opened: 1, flagged: 0 });
    expect(await checkOf(order.id)).toMatchObject({ status: 'pending' });
    await advanceMinutes(31);
    expect(await pollPayouts('TRC20')).toMatchObject({ flagged: 1 });
    expect(await checkOf(order.id)).toMatchObject({ status: 'not_found' });
    const [item] = await itemsOf(order.id);
    expect(item).toMatchObject({ kind: 'payout_not_found', status: 'open', accountKey: 'wallet:USDT:TRC20' });
    expect(item!.detail).toContain(unknown);
  });
});
