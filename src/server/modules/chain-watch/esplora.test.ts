import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TOrder } from '#shared/contracts/orders.js';
import { buildApp } from '#server/app.js';
import { chainDeposits, chainNetworks } from '#server/db/schema/chain.js';
import { orderEvents, orders } from '#server/db/schema/orders.js';
import { statementExceptions } from '#server/db/schema/statements.js';
import { startFakeEsploraServer, type TFakeEsplora } from '#test/helpers/fake-esplora-server.js';
import { startFakePriceServer, type TFakePriceServer } from '#test/helpers/fake-price-server.js';
import { createTestApp, SUPER_ADMIN, testConfig, type TTestApp } from '#test/helpers/test-app.js';
import { setDepositKey } from '#test/helpers/deposit-keys.js';
import { BIP84_ADDRESSES, BIP84_ZPUB, LTC_XPUB } from '#test/helpers/test-keys.js';
import { UNREACHED_TIMEOUT_MS } from '#test/helpers/timeouts.js';
import { ChainEndpointError, watchKey, type TWatchSet } from './adapter.js';
import { EsploraAdapter, HISTORY_OVERLAP_BLOCKS, retryAfterMs } from './esplora.js';

const PAYOUT = { type: 'momo', provider: 'MTN MoMo', name: 'Ama Mensah', number: '0241234567' } as const;

/** A decimal amount of the coin in satoshis (strings all the way, no float). */
function sats(amount: string): number {
  const [whole, fraction = ''] = amount.split('.');
  return Number(BigInt(whole! + fraction.padEnd(8, '0').slice(0, 8)));
}

const btcWatch = (addresses: string[]): TWatchSet => ({
  addresses: new Set(addresses.map(watchKey)),
  tokens: new Map(),
  native: { coinSymbol: 'btc', decimals: 8 },
});

/*
 * The Esplora adapter (docs/decisions/062) against a local fake of the Esplora API
 * (tests/helpers/fake-esplora-server.ts): which requests it makes, what it finds, how it meets
 * rate limits, errors and timeouts. No network.
 */
describe('the Esplora adapter', () => {
  let fake: TFakeEsplora;
  const adapter = (options: Partial<ConstructorParameters<typeof EsploraAdapter>[0]> = {}) =>
    new EsploraAdapter({ url: fake.url, minIntervalMs: 0, timeoutMs: UNREACHED_TIMEOUT_MS, ...options });
  const since = (mark: number) => fake.requests.slice(mark).map((request) => request.path);

  beforeAll(async () => {
    fake = await startFakeEsploraServer();
  });
  afterAll(async () => {
    await fake?.close();
  });

  it('reads the tip and the hash of a height; a height not on the chain is null (404)', async () => {
    fake.mineEmpty(2);
    const client = adapter();
    expect(await client.head()).toEqual({ number: fake.height(), hash: fake.tip().hash });
    expect(await client.blockHash(fake.height())).toBe(fake.tip().hash);
    expect(await client.blockHash(fake.height() + 1)).toBeNull();
  });

  it("finds payments by each address's history, one request per fresh address: only the range's, outputs to one address added up", async () => {
    const [a, b, c] = BIP84_ADDRESSES as [string, string, string];
    const before = fake.mine([[{ address: a, sats: 1000 }]]); // below the range and its overlap
    fake.mineEmpty(HISTORY_OVERLAP_BLOCKS);
    const first = fake.mine(
      [
        [
          { address: a, sats: 20_000 },
          { address: a, sats: 5_000 },
        ],
        [{ address: c, sats: 7 }], // not watched
      ],
      { filler: 40 },
    );
    const second = fake.mine([[{ address: b, sats: 30_000 }]], { filler: 40 });
    fake.mine([[{ address: b, sats: 1 }]]); // above the range
    const mark = fake.requests.length;
    const client = adapter();
    const found = await client.transfers(first.height, second.height, btcWatch([a, b]));
    expect(found.map((each) => [each.txHash, each.to, each.rawAmount, each.logIndex, each.blockNumber, each.blockHash])).toEqual([
      [first.txs[0]!.txid, a, 25_000n, 0, first.height, first.hash],
      [second.txs[0]!.txid, b, 30_000n, 0, second.height, second.hash],
    ]);
    expect(found.every((each) => each.coinSymbol === 'btc' && each.decimals === 8)).toBe(true);
    expect(before.height).toBeLessThan(first.height);
    expect(since(mark)).toEqual([`/address/${a}/txs/chain`, `/address/${b}/txs/chain`]);
    expect(client.requests).toBe(2);
  });

  it('pages back through a long history (25 a page, from the last txid seen) until it is older than the range and its overlap', async () => {
    const address = 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh';
    const blocks = Array.from({ length: 40 }, (_, i) => fake.mine([[{ address, sats: 1000 + i }]]));
    const mark = fake.requests.length;
    const found = await adapter().transfers(blocks[10]!.height, blocks[11]!.height, btcWatch([address]));
    // The range's two and the six blocks below it (the overlap), newest first.
    expect(found.map((each) => each.rawAmount)).toEqual([1011n, 1010n, 1009n, 1008n, 1007n, 1006n, 1005n, 1004n]);
    const paths = since(mark);
    expect(paths).toHaveLength(2);
    expect(paths[1]).toMatch(new RegExp(`^/address/${address}/txs/chain/[0-9a-f]{64}$`));
  });

  it("a provider's server lagging behind the others: a transfer its history missed is found by the next range's overlap, a block it does not know is not a reorganisation", async () => {
    const address = BIP84_ADDRESSES[1]!;
    const paid = fake.mine([[{ address, sats: 777 }]]);
    fake.misbehave(/^\/address\//, { kind: 'behind', blocks: 1 });
    expect(await adapter().transfers(paid.height, paid.height, btcWatch([address]))).toEqual([]);
    fake.mineEmpty(1);
    const next = await adapter().transfers(paid.height + 1, paid.height + 1, btcWatch([address]));
    expect(next.map((each) => [each.txHash, each.blockNumber, each.blockHash])).toEqual([[paid.txs[0]!.txid, paid.height, paid.hash]]);

    const client = adapter();
    const head = await client.head();
    fake.misbehave(/^\/block-height\//, { kind: 'behind', blocks: 1 });
    const mark = fake.requests.length;
    expect(await client.blockHash(head.number)).toBe(head.hash);
    expect(fake.requests.slice(mark).map((request) => request.status)).toEqual([404, 200]);
    fake.misbehave(/^\/block-height\//, { kind: 'behind', blocks: 1 }, 3);
    await expect(client.blockHash(head.number)).rejects.toMatchObject({
      retryable: true,
      message: expect.stringContaining('below its tip'),
    });
    // Above the tip read, a 404 is the chain not reaching that height.
    expect(await client.blockHash(head.number + 1)).toBeNull();
  });

  it('scans the blocks instead when the addresses outnumber the pages of the blocks (hash, header, 25 transactions a page)', async () => {
    const watched = Array.from({ length: 40 }, (_, i) => (i === 0 ? BIP84_ADDRESSES[0]! : `bc1qnotonchain${i}`));
    const block = fake.mine([[{ address: BIP84_ADDRESSES[0]!, sats: 4242 }]], { filler: 55 }); // 57 transactions: 3 pages
    const mark = fake.requests.length;
    const client = adapter();
    const found = await client.transfers(block.height, block.height, btcWatch(watched));
    expect(found.map((each) => [each.txHash, each.rawAmount, each.blockHash])).toEqual([[block.txs[0]!.txid, 4242n, block.hash]]);
    expect(since(mark)).toEqual([
      `/block-height/${block.height}`,
      `/block/${block.hash}`,
      `/block/${block.hash}/txs/0`,
      `/block/${block.hash}/txs/25`,
      `/block/${block.hash}/txs/50`,
    ]);
  });

  it('compares bech32 addresses in lower case and base58 ones as written (their case is part of them)', async () => {
    expect(watchKey('BC1QCR8TE4KR609GCAWUTMRZA0J4XV80JY8Z306FYU')).toBe(BIP84_ADDRESSES[0]);
    expect(watchKey('ltc1qjmxnz78nmc8nq77wuxh25n2es7rzm5c2rkk4wh')).toBe('ltc1qjmxnz78nmc8nq77wuxh25n2es7rzm5c2rkk4wh');
    const legacy = '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2';
    expect(watchKey(legacy)).toBe(legacy);
    expect(watchKey('0x9858EfFD232B4033E47d90003D41EC34EcaEda94')).toBe('0x9858effd232b4033e47d90003d41ec34ecaeda94');
    const block = fake.mine([[{ address: legacy, sats: 999 }]]);
    expect((await adapter().transfers(block.height, block.height, btcWatch([legacy]))).map((each) => each.to)).toEqual([legacy]);
    expect(await adapter().transfers(block.height, block.height, btcWatch([legacy.toLowerCase()]))).toEqual([]);
  });

  it("waits out a 429's Retry-After and retries a 500; a refusal (400) is not retried; a Retry-After too long fails the poll", async () => {
    fake.misbehave(/^\/blocks\/tip\/height$/, { kind: 'error', status: 429, retryAfter: '1' });
    fake.misbehave(/^\/block-height\//, { kind: 'error', status: 500 });
    const mark = fake.requests.length;
    expect((await adapter().head()).number).toBe(fake.height());
    const tries = fake.requests.slice(mark);
    expect(tries.map((request) => request.status)).toEqual([429, 200, 500, 200]);
    expect(tries[1]!.at - tries[0]!.at).toBeGreaterThanOrEqual(990);

    fake.misbehave(/^\/blocks\/tip\/height$/, { kind: 'error', status: 400, body: 'Invalid request' });
    const refused = await adapter()
      .head()
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ChainEndpointError);
    expect(refused).toMatchObject({ retryable: false, message: 'GET /blocks/tip/height: HTTP 400 Invalid request' });

    // A Retry-After longer than a poll may wait: the poll fails at once, and so does every request to the endpoint until then.
    const limited = await startFakeEsploraServer();
    try {
      limited.misbehave(/^\/blocks\/tip\/height$/, { kind: 'error', status: 429, retryAfter: '3600' });
      const client = new EsploraAdapter({ url: limited.url, minIntervalMs: 0, timeoutMs: UNREACHED_TIMEOUT_MS });
      await expect(client.head()).rejects.toMatchObject({ retryable: true, message: expect.stringContaining('HTTP 429') });
      await expect(client.blockHash(1)).rejects.toMatchObject({ retryable: true, message: expect.stringContaining('rate limited') });
      expect(limited.requests).toHaveLength(1);
    } finally {
      await limited.close();
    }
    expect(retryAfterMs('120')).toBe(120_000);
    expect(retryAfterMs(new Date(Date.UTC(2026, 0, 1, 0, 0, 30)).toUTCString(), Date.UTC(2026, 0, 1))).toBe(30_000);
    expect(retryAfterMs(null)).toBeNull();
  });

  it("reads a buy's payout by its txid (GET /tx/:txid): every output of the coin, added up per address; in the mempool, unknown or no txid is null", async () => {
    const watch = { tokens: new Map(), native: { coinSymbol: 'btc', decimals: 8 } };
    const [a, b] = BIP84_ADDRESSES as [string, string];
    const pending = fake.broadcast([
      { address: a, sats: 12_345 },
      { address: b, sats: 600 },
      { address: a, sats: 5 },
    ]);
    const client = adapter();
    expect(await client.transaction(pending.txid, watch)).toBeNull(); // status.confirmed false: not mined yet
    const block = fake.mine([pending]);
    const mark = fake.requests.length;
    const seen = await client.transaction(`0x${pending.txid.toUpperCase()}`, watch);
    expect(since(mark)).toEqual([`/tx/${pending.txid}`]);
    expect(seen).toMatchObject({ blockNumber: block.height, blockHash: block.hash, succeeded: true });
    // The two outputs to `a`, the one to `b`, and the sender's change: any address.
    expect(seen!.transfers.map((each) => [each.to, each.rawAmount, each.logIndex, each.coinSymbol, each.decimals])).toEqual([
      [a, 12_350n, 0, 'btc', 8],
      [b, 600n, 1, 'btc', 8],
      [pending.vout[3]!.scriptpubkey_address, 50_000n, 3, 'btc', 8],
    ]);
    const unknown = 'ab'.repeat(32);
    expect(await client.transaction(unknown, watch)).toBeNull();
    expect(fake.requests.at(-1)).toMatchObject({ path: `/tx/${unknown}`, status: 404 });
    const requests = fake.requests.length;
    expect(await client.transaction('not a txid', watch)).toBeNull();
    expect(fake.requests).toHaveLength(requests);
  });

  it('gives up on an endpoint that does not answer within the timeout: a retryable error', async () => {
    fake.misbehave(/^\/blocks\/tip\/height$/, { kind: 'hang' }, 2);
    await expect(adapter({ timeoutMs: 150, attempts: 2 }).head()).rejects.toMatchObject({
      retryable: true,
      message: expect.stringContaining('GET /blocks/tip/height'),
    });
    // A slow answer within the timeout is only slow.
    fake.misbehave(/^\/blocks\/tip\/height$/, { kind: 'slow', ms: 50 });
    expect((await adapter().head()).number).toBe(fake.height());
  });
});

/*
 * The BTC and LTC watchers end to end (issue 32 points 2 and 3 for Bitcoin and Litecoin): sell
 * orders with their own BIP84 address from a watch-only key, the fake Esplora API as the chain, the
 * watcher polled as its job polls it (service.ts, shared with the EVM watchers). On PGlite (npm test)
 * and on PostgreSQL (the API suite under with-postgres).
 */
describe('chain watchers on Esplora (BTC, LTC)', () => {
  let btc: TFakeEsplora;
  let ltc: TFakeEsplora;
  let prices: TFakePriceServer;
  let t: TTestApp;
  let admin: string;
  let manager: { email: string; cookie: string };
  let env: Record<string, string>;

  async function setKey(symbol: string, network: string, key: string) {
    await setDepositKey(t, { admin, manager }, symbol, network, key);
  }

  beforeAll(async () => {
    btc = await startFakeEsploraServer({ chain: 'bitcoin', startHeight: 870_000 });
    ltc = await startFakeEsploraServer({ chain: 'litecoin', startHeight: 2_800_000 });
    prices = await startFakePriceServer();
    env = {
      ...prices.env(),
      TEST_CLOCK: 'true',
      CHAIN_BTC_ESPLORA_URL: btc.url,
      CHAIN_LTC_ESPLORA_URL: ltc.url,
      CHAIN_ESPLORA_MIN_INTERVAL_MS: '0',
      CHAIN_RPC_TIMEOUT_MS: String(UNREACHED_TIMEOUT_MS),
      CHAIN_START_BLOCKS_BACK: '0',
    };
    t = await createTestApp(env);
    await t.app.market.refreshOnce();
    admin = await t.loginCookie(SUPER_ADMIN.email, SUPER_ADMIN.password, 'admin');
    manager = await t.createStaff('manager');
    await setKey('btc', 'BTC', BIP84_ZPUB);
    await setKey('ltc', 'LTC', LTC_XPUB);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await prices?.close();
    await btc?.close();
    await ltc?.close();
  });

  let seller: { cookie: string };
  async function sell(coinSymbol: 'btc' | 'ltc'): Promise<TOrder> {
    seller = await t.signUp();
    const quote = await t.request({
      method: 'POST',
      url: '/api/quotes',
      cookie: seller.cookie,
      payload: { coinSymbol, side: 'sell', fiatCurrency: 'USD', amountFiat: '5' },
    });
    expect(quote.statusCode, quote.body).toBe(201);
    const network = coinSymbol.toUpperCase();
    const placed = await t.request({
      method: 'POST',
      url: '/api/orders',
      cookie: seller.cookie,
      payload: { type: 'sell', quoteId: quote.json().id, network, payout: PAYOUT },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().order as TOrder;
    expect(order.depositTo).toMatchObject({ network, perOrder: true });
    expect(order.depositTo!.address).toMatch(coinSymbol === 'btc' ? /^bc1q/ : /^ltc1q/);
    return order;
  }
  const row = async (id: number) => (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const cursor = async (network: string) =>
    (await t.database.db.select().from(chainNetworks).where(eq(chainNetworks.network, network)))[0]!;
  const exceptionsOf = (orderId: number) =>
    t.database.db.select().from(statementExceptions).where(eq(statementExceptions.orderId, orderId));
  const depositsOf = (orderId: number) => t.database.db.select().from(chainDeposits).where(eq(chainDeposits.orderId, orderId));

  it('a BTC sell paid to its derived address goes detected (1 of 2) -> confirmed at 2 confirmations, the chain as evidence', async () => {
    await t.app.chainWatch.poll('BTC'); // the cursor catches up with the chain
    const order = await sell('btc');
    const paid = btc.mine([[{ address: order.depositTo!.address, sats: sats(order.amountCrypto) }]], { filler: 30 });
    const txid = paid.txs[0]!.txid;

    expect(await t.app.chainWatch.poll('BTC')).toMatchObject({ transfers: 1, confirmed: 0, scanned: [paid.height, paid.height] });
    expect((await row(order.id)).status).toBe('deposit_detected');
    expect((await row(order.id)).paymentTxId).toBe(txid);
    const [deposit] = await depositsOf(order.id);
    expect(deposit).toMatchObject({ network: 'BTC', coinSymbol: 'btc', txHash: txid, logIndex: 0, confirmations: 1, status: 'seen' });
    expect(deposit!.toAddress).toBe(order.depositTo!.address);
    const seen = await t.request({ method: 'GET', url: `/api/admin/orders/${order.id}`, cookie: admin });
    expect(seen.json().order.chainDeposit).toMatchObject({ txHash: txid, confirmations: 1, required: 2 });

    // "I have sent" stays optional: the txid seen (as a wallet may show it, in capitals) is accepted, another one refused.
    const paste = (paymentTxId: string) =>
      t.request({ method: 'POST', url: `/api/orders/${order.id}/payment`, cookie: seller.cookie, payload: { paymentTxId } });
    const same = await paste(txid.toUpperCase());
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json().order.status).toBe('deposit_detected');
    const other = await paste('ab'.repeat(32));
    expect(other.statusCode, other.body).toBe(409);
    expect(other.json().error.code).toBe('TX_HASH_NOT_DETECTED');

    btc.mineEmpty(1);
    expect(await t.app.chainWatch.poll('BTC')).toMatchObject({ confirmed: 1 });
    const confirmed = await row(order.id);
    expect(confirmed.status).toBe('deposit_confirmed');
    expect(confirmed.evidenceKind).toBe('chain_transaction');
    expect(confirmed.evidence).toBe(`BTC ${txid}, block ${paid.height}, 2 confirmations`);
    const events = await t.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(events.map((e) => [e.fromStatus, e.toStatus, e.actorKind])).toEqual([
      [null, 'awaiting_deposit', 'customer'],
      ['awaiting_deposit', 'deposit_detected', 'system'],
      ['deposit_detected', 'deposit_confirmed', 'system'],
    ]);
    expect(await exceptionsOf(order.id)).toEqual([]);
    expect(await cursor('BTC')).toMatchObject({ lastBlock: btc.height(), lastBlockHash: btc.tip().hash, requiredConfirmations: 2 });
  });

  it("a reorganisation that drops the deposit's block puts the order back to awaiting with a staff item; mined again, it is found again", async () => {
    const order = await sell('btc');
    btc.mine([[{ address: order.depositTo!.address, sats: sats(order.amountCrypto) }]]);
    await t.app.chainWatch.poll('BTC');
    expect((await row(order.id)).status).toBe('deposit_detected');

    const [tx] = btc.reorg(1);
    btc.mineEmpty(2); // another branch, longer than the one dropped
    expect(await t.app.chainWatch.poll('BTC')).toMatchObject({ reorged: 1 });
    expect((await row(order.id)).status).toBe('awaiting_deposit');
    const [deposit] = await t.database.db.select().from(chainDeposits).where(eq(chainDeposits.txHash, tx!.txid));
    expect(deposit!.status).toBe('reorged');
    expect((await exceptionsOf(order.id)).map((item) => [item.kind, item.chainDepositId])).toEqual([['deposit_reorged', deposit!.id]]);

    const again = btc.mine([tx!]);
    await t.app.chainWatch.poll('BTC');
    expect((await row(order.id)).status).toBe('deposit_detected');
    expect((await depositsOf(order.id))[0]).toMatchObject({ status: 'seen', blockNumber: again.height, blockHash: again.hash });
  });

  it('an under-payment is detected but never confirmed by itself; a deposit to a cancelled order is an item for staff', async () => {
    const short = await sell('btc');
    btc.mine([[{ address: short.depositTo!.address, sats: sats(short.amountCrypto) - 1 }]]);
    await t.app.chainWatch.poll('BTC');
    expect((await row(short.id)).status).toBe('deposit_detected');
    expect((await exceptionsOf(short.id)).map((item) => [item.kind, item.accountKey])).toEqual([['short_payment', 'wallet:BTC:BTC']]);
    btc.mineEmpty(3);
    await t.app.chainWatch.poll('BTC');
    expect((await row(short.id)).status).toBe('deposit_detected');
    expect((await depositsOf(short.id))[0]!.status).toBe('confirmed');

    const closed = await sell('btc');
    await t.database.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, closed.id));
    btc.mine([[{ address: closed.depositTo!.address, sats: sats(closed.amountCrypto) }]]);
    await t.app.chainWatch.poll('BTC');
    expect((await row(closed.id)).status).toBe('cancelled');
    const items = await t.database.db
      .select()
      .from(statementExceptions)
      .where(and(eq(statementExceptions.orderId, closed.id), eq(statementExceptions.kind, 'no_order')));
    expect(items).toHaveLength(1);
    expect(items[0]!.detail).toContain('which is cancelled');
  });

  it('a LTC sell is confirmed at 6 confirmations', async () => {
    await t.app.chainWatch.poll('LTC');
    const order = await sell('ltc');
    const paid = ltc.mine([[{ address: order.depositTo!.address, sats: sats(order.amountCrypto) }]]);
    await t.app.chainWatch.poll('LTC');
    expect((await row(order.id)).status).toBe('deposit_detected');
    expect((await depositsOf(order.id))[0]).toMatchObject({
      network: 'LTC',
      coinSymbol: 'ltc',
      txHash: paid.txs[0]!.txid,
      confirmations: 1,
    });
    ltc.mineEmpty(4);
    await t.app.chainWatch.poll('LTC');
    expect((await row(order.id)).status).toBe('deposit_detected');
    expect((await depositsOf(order.id))[0]!.confirmations).toBe(5);
    ltc.mineEmpty(1);
    expect(await t.app.chainWatch.poll('LTC')).toMatchObject({ confirmed: 1 });
    expect((await row(order.id)).status).toBe('deposit_confirmed');
  });

  it('Settings list BTC and LTC with their confirmations (2, 6); a Super Admin changes them, a manager is refused', async () => {
    const listed = await t.request({ method: 'GET', url: '/api/admin/chain-networks', cookie: admin });
    expect(listed.statusCode, listed.body).toBe(200);
    const networks = listed.json().networks as {
      network: string;
      hasEnvEndpoint: boolean;
      requiredConfirmations: number;
      tokens: object;
    }[];
    expect(networks.filter((each) => each.network === 'BTC' || each.network === 'LTC')).toEqual([
      expect.objectContaining({ network: 'BTC', hasEnvEndpoint: true, requiredConfirmations: 2, tokens: {} }),
      expect.objectContaining({ network: 'LTC', hasEnvEndpoint: true, requiredConfirmations: 6, tokens: {} }),
    ]);
    const put = (cookie: string, requiredConfirmations: number) =>
      t.request({ method: 'PUT', url: '/api/admin/chain-networks/LTC', cookie, payload: { requiredConfirmations } });
    expect((await put(manager.cookie, 1)).statusCode).toBe(403);
    const saved = await put(admin, 12);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ network: 'LTC', requiredConfirmations: 12 });
    expect((await cursor('LTC')).requiredConfirmations).toBe(12);
    expect((await put(admin, 6)).statusCode).toBe(200);
  });

  it('a 429 and a timeout fail the poll without losing the block; a restarted server resumes from the last block seen', async () => {
    const order = await sell('btc');
    const before = await cursor('BTC');
    const paid = btc.mine([[{ address: order.depositTo!.address, sats: sats(order.amountCrypto) }]]);

    // The transfers' requests (by address or by block, whichever the adapter picks), every try of the poll.
    const transfersRequests = /^\/(address|block)\//;
    btc.misbehave(transfersRequests, { kind: 'error', status: 429, retryAfter: '1' }, 3);
    await expect(t.app.chainWatch.poll('BTC')).rejects.toThrow('HTTP 429');
    expect(await cursor('BTC')).toMatchObject({ lastBlock: before.lastBlock, lastError: expect.stringContaining('HTTP 429') });
    expect((await row(order.id)).status).toBe('awaiting_deposit');

    // The server restarts: another process on the same database (its endpoint gives up after 150 ms).
    const restarted = await buildApp(testConfig({ ...env, CHAIN_RPC_TIMEOUT_MS: '150' }), { database: t.database, logger: false });
    try {
      await restarted.ready();
      btc.misbehave(transfersRequests, { kind: 'hang' }, 3); // every try of the poll times out
      await expect(restarted.chainWatch.poll('BTC')).rejects.toThrow(/GET \/(address|block)\/.*(timeout|aborted)/i);
      expect(await cursor('BTC')).toMatchObject({ lastBlock: before.lastBlock });
      expect((await row(order.id)).status).toBe('awaiting_deposit');

      // From the last block seen, not from the head: the deposit's block is scanned.
      expect(await restarted.chainWatch.poll('BTC')).toMatchObject({ scanned: [before.lastBlock! + 1, btc.height()], transfers: 1 });
      expect((await row(order.id)).status).toBe('deposit_detected');
      expect((await depositsOf(order.id))[0]).toMatchObject({ blockNumber: paid.height, confirmations: 1 });
      expect((await cursor('BTC')).lastError).toBeNull();
    } finally {
      await restarted.close();
    }
  });
});
