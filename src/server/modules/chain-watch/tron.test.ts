import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TOrder } from '#shared/contracts/orders.js';
import { Dec } from '#shared/money.js';
import { buildApp } from '#server/app.js';
import { chainDeposits, chainNetworks } from '#server/db/schema/chain.js';
import { orderEvents, orders } from '#server/db/schema/orders.js';
import { statementExceptions } from '#server/db/schema/statements.js';
import { randomTronAddress, startFakeTronGridServer, TRON_USDT, type TFakeTronGrid } from '#test/helpers/fake-trongrid-server.js';
import { startFakePriceServer, type TFakePriceServer } from '#test/helpers/fake-price-server.js';
import { createTestApp, SUPER_ADMIN, testConfig, type TTestApp } from '#test/helpers/test-app.js';
import { setDepositKey } from '#test/helpers/deposit-keys.js';
import { TRON_XPUB } from '#test/helpers/test-keys.js';
import { UNREACHED_TIMEOUT_MS } from '#test/helpers/timeouts.js';
import { ChainEndpointError, watchKey, type TWatchSet } from './adapter.js';
import { TRON_OVERLAP_BLOCKS, TronGridAdapter, tronAddressToHex, tronHexToAddress } from './tron.js';

const PAYOUT = { type: 'momo', provider: 'MTN MoMo', name: 'Ama Mensah', number: '0241234567' } as const;
/** m/44'/195'/0'/0/0 of the BIP39 test mnemonic (src/server/modules/deposit-keys/derive.test.ts). */
const TRON_ADDRESS_0 = 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH';

/** A decimal USDT amount in its on-chain unit (6 decimals), strings all the way. */
function units(amount: string): bigint {
  const [whole, fraction = ''] = amount.split('.');
  return BigInt(whole! + fraction.padEnd(6, '0').slice(0, 6));
}

const usdtWatch = (addresses: string[]): TWatchSet => ({
  addresses: new Set(addresses.map(watchKey)),
  tokens: new Map([['usdt', { contract: TRON_USDT, decimals: 6 }]]),
  native: null,
});

/*
 * The TronGrid adapter (docs/decisions/065) against a local fake of TronGrid's API
 * (tests/helpers/fake-trongrid-server.ts): the requests it makes, what it finds, how it meets rate
 * limits, errors and timeouts. No network.
 */
describe('the TronGrid adapter', () => {
  let fake: TFakeTronGrid;
  const adapter = (options: Partial<ConstructorParameters<typeof TronGridAdapter>[0]> = {}) =>
    new TronGridAdapter({ url: fake.url, minIntervalMs: 0, timeoutMs: UNREACHED_TIMEOUT_MS, ...options });
  const since = (mark: number) => fake.requests.slice(mark).map((request) => `${request.method} ${request.path}`);

  beforeAll(async () => {
    fake = await startFakeTronGridServer({ apiKey: 'test-key' });
  });
  afterAll(async () => {
    await fake?.close();
  });

  it('converts T… addresses to the hex of logs and back, exactly (base58 is case-sensitive)', () => {
    const hex = tronAddressToHex(TRON_ADDRESS_0)!;
    expect(hex).toMatch(/^[0-9a-f]{40}$/);
    expect(tronHexToAddress(hex)).toBe(TRON_ADDRESS_0);
    expect(tronHexToAddress(`41${hex}`)).toBe(TRON_ADDRESS_0);
    expect(tronAddressToHex(TRON_ADDRESS_0.toLowerCase())).toBeNull();
    expect(watchKey(TRON_ADDRESS_0)).toBe(TRON_ADDRESS_0);
  });

  it('reads the head (getnowblock) and the hash of a block (getblockbynum; {} when it does not exist), with the API key', async () => {
    fake.mineEmpty(2);
    const mark = fake.requests.length;
    const client = adapter({ apiKey: 'test-key' });
    expect(await client.head()).toEqual({ number: fake.height(), hash: fake.tip().hash });
    expect(await client.blockHash(fake.height())).toBe(fake.tip().hash);
    expect(await client.blockHash(fake.height() + 1)).toBeNull();
    expect(fake.requests.slice(mark).map((request) => [request.method, request.path, request.body, request.apiKey])).toEqual([
      ['POST', '/wallet/getnowblock', {}, 'test-key'],
      ['POST', '/wallet/getblockbynum', { num: fake.height() }, 'test-key'],
      ['POST', '/wallet/getblockbynum', { num: fake.height() + 1 }, 'test-key'],
    ]);
    // Without a key no header is sent (TronGrid serves keyless requests at a lower rate); a wrong key is a refusal.
    await adapter().head();
    expect(fake.requests.at(-1)!.apiKey).toBeNull();
    await expect(adapter({ apiKey: 'wrong' }).head()).rejects.toMatchObject({
      retryable: false,
      message: expect.stringContaining('HTTP 401'),
    });
  });

  it("finds USDT transfers to the watched addresses in the range's time: one list per address, one transaction info per transaction, one hash per block", async () => {
    const a = TRON_ADDRESS_0;
    const b = randomTronAddress();
    const other = randomTronAddress();
    fake.mine([[{ to: a, value: 1n }]]); // below the range and its overlap
    fake.mineEmpty(TRON_OVERLAP_BLOCKS + 1);
    const first = fake.mine(
      [
        [{ to: a, value: 5_000_000n }],
        [{ to: other, value: 7n }], // not watched
        [{ to: a, value: 9n, contract: randomTronAddress() }], // another TRC20 token
      ],
      { filler: 20 },
    );
    const reverted = fake.mine([[{ to: b, value: 3n }]], { result: 'REVERT' }); // out of energy: nothing moved
    // A batch sender: two transfers in one transaction, each its own log.
    const second = fake.mine([
      [
        { to: b, value: 30_000_000n },
        { to: a, value: 1_500_000n },
      ],
    ]);
    fake.mine([[{ to: b, value: 1n }]]); // above the range
    const mark = fake.requests.length;
    const client = adapter();
    const found = await client.transfers(first.number, second.number, usdtWatch([a, b]));
    expect(found.map((each) => [each.txHash, each.to, each.rawAmount, each.logIndex, each.blockNumber, each.blockHash])).toEqual([
      [first.txs[0]!.txID, a, 5_000_000n, 0, first.number, first.hash],
      [second.txs[0]!.txID, b, 30_000_000n, 0, second.number, second.hash],
      [second.txs[0]!.txID, a, 1_500_000n, 1, second.number, second.hash],
    ]);
    expect(found.every((each) => each.coinSymbol === 'usdt' && each.decimals === 6)).toBe(true);
    expect(reverted.number).toBeLessThan(second.number);
    // The range's first block less the overlap and its last (timestamps), the two lists, two transaction infos, their two blocks.
    expect(since(mark)).toEqual([
      'POST /wallet/getblockbynum',
      'POST /wallet/getblockbynum',
      `GET /v1/accounts/${a}/transactions/trc20`,
      `GET /v1/accounts/${b}/transactions/trc20`,
      'POST /wallet/gettransactioninfobyid',
      'POST /wallet/getblockbynum',
      'POST /wallet/gettransactioninfobyid',
    ]);
    const list = fake.requests.find((request, i) => i >= mark && request.path.includes('/trc20'))!;
    expect(Object.fromEntries(list.query)).toMatchObject({ only_to: 'true', contract_address: TRON_USDT, limit: '200' });
    expect(client.requests).toBe(7);
  });

  it("with a java-tron full node alone ('fullnode'): each block's transaction infos, the same transfers with the same keys", async () => {
    const a = randomTronAddress();
    const first = fake.mine([[{ to: a, value: 11n }], [{ to: a, value: 12n, contract: randomTronAddress() }]], { filler: 5 });
    const second = fake.mine([
      [
        { to: randomTronAddress(), value: 1n },
        { to: a, value: 13n },
      ],
    ]);
    const mark = fake.requests.length;
    const found = await adapter({ mode: 'fullnode' }).transfers(first.number, second.number, usdtWatch([a]));
    expect(found.map((each) => [each.txHash, each.rawAmount, each.logIndex, each.blockNumber, each.blockHash])).toEqual([
      [first.txs[0]!.txID, 11n, 0, first.number, first.hash],
      [second.txs[0]!.txID, 13n, 1, second.number, second.hash],
    ]);
    expect(since(mark)).toEqual([
      'POST /wallet/getblockbynum',
      'POST /wallet/gettransactioninfobyblocknum',
      'POST /wallet/getblockbynum',
      'POST /wallet/gettransactioninfobyblocknum',
    ]);
    const byLists = await adapter().transfers(first.number, second.number, usdtWatch([a]));
    expect(byLists.map((each) => [each.txHash, each.logIndex])).toEqual(found.map((each) => [each.txHash, each.logIndex]));
  });

  it("pages a long list with TronGrid's fingerprint (200 a page)", async () => {
    const address = randomTronAddress();
    const batch = fake.mine([Array.from({ length: 250 }, (_, i) => ({ to: address, value: BigInt(i + 1) }))]);
    const mark = fake.requests.length;
    const found = await adapter().transfers(batch.number, batch.number, usdtWatch([address]));
    expect(found).toHaveLength(250);
    expect(found.reduce((sum, each) => sum + each.rawAmount, 0n)).toBe(31_375n);
    const lists = fake.requests.slice(mark).filter((request) => request.path.endsWith('/trc20'));
    expect(lists.map((request) => request.query.get('fingerprint'))).toEqual([null, expect.any(String)]);
    // One transaction: read once.
    expect(since(mark).filter((path) => path.endsWith('gettransactioninfobyid'))).toHaveLength(1);
  });

  it("reads the token's Transfer events of the range instead when the addresses outnumber the events' pages (the same transfers, keyed alike)", async () => {
    fake.mineEmpty(TRON_OVERLAP_BLOCKS);
    const paidTo = [randomTronAddress(), randomTronAddress()];
    const watched = [...paidTo, ...Array.from({ length: 40 }, () => randomTronAddress())];
    const block = fake.mine(
      [
        [{ to: paidTo[0]!, value: 4_242n }],
        [{ to: paidTo[1]!, value: 1n, contract: randomTronAddress() }],
        [{ to: paidTo[1]!, value: 77n }],
      ],
      { filler: 250 },
    );
    const mark = fake.requests.length;
    const client = adapter();
    const found = await client.transfers(block.number, block.number, usdtWatch(watched));
    expect(found.map((each) => [each.txHash, each.to, each.rawAmount, each.logIndex, each.blockNumber, each.blockHash])).toEqual([
      [block.txs[0]!.txID, paidTo[0], 4_242n, 0, block.number, block.hash],
      [block.txs[2]!.txID, paidTo[1], 77n, 0, block.number, block.hash],
    ]);
    // The range's first block less the overlap and its last, then the events: 252 USDT transfers, two pages. No list per address.
    expect(since(mark)).toEqual([
      'POST /wallet/getblockbynum',
      'POST /wallet/getblockbynum',
      `GET /v1/contracts/${TRON_USDT}/events`,
      `GET /v1/contracts/${TRON_USDT}/events`,
    ]);
    // The lists find the same transfers with the same keys (a switch between the two ways records nothing twice).
    const byLists = await adapter().transfers(block.number, block.number, usdtWatch(paidTo));
    expect(byLists.map((each) => [each.txHash, each.logIndex, each.rawAmount])).toEqual(
      found.map((each) => [each.txHash, each.logIndex, each.rawAmount]),
    );
  });

  it('waits out a 429 (Retry-After) and a 503, retries a 500; a refusal (400) is not retried; a Retry-After too long or the keyless 403 fails the poll', async () => {
    fake.misbehave(/^\/wallet\/getnowblock$/, { kind: 'error', status: 429, retryAfter: '1' });
    fake.misbehave(/^\/wallet\/getnowblock$/, { kind: 'error', status: 503 });
    const mark = fake.requests.length;
    expect((await adapter().head()).number).toBe(fake.height());
    const tries = fake.requests.slice(mark);
    expect(tries.map((request) => request.status)).toEqual([429, 503, 200]);
    expect(tries[1]!.at - tries[0]!.at).toBeGreaterThanOrEqual(990);

    fake.misbehave(/^\/wallet\/getblockbynum$/, { kind: 'error', status: 500 });
    expect(await adapter().blockHash(fake.height())).toBe(fake.tip().hash);

    const refused = await adapter()
      .transfers(fake.height(), fake.height(), usdtWatch(['Tnotanaddress']))
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ChainEndpointError);
    expect(refused).toMatchObject({ retryable: false, message: expect.stringContaining('HTTP 400') });

    // Both open at once: their ports (the endpoints' rate-limit keys) differ.
    const limited = await startFakeTronGridServer();
    const keyless = await startFakeTronGridServer();
    try {
      limited.misbehave(/^\/wallet\/getnowblock$/, { kind: 'error', status: 429, retryAfter: '3600' });
      const client = new TronGridAdapter({ url: limited.url, minIntervalMs: 0, timeoutMs: UNREACHED_TIMEOUT_MS });
      await expect(client.head()).rejects.toMatchObject({ retryable: true, message: expect.stringContaining('HTTP 429') });
      await expect(client.blockHash(1)).rejects.toMatchObject({ retryable: true, message: expect.stringContaining('rate limited') });
      expect(limited.requests).toHaveLength(1);

      // Without a key, TronGrid's penalty is 30 s of 403: the poll fails at once, and later ones without asking until then.
      keyless.misbehave(/^\/wallet\/getnowblock$/, { kind: 'error', status: 403 });
      const keylessClient = new TronGridAdapter({ url: keyless.url, minIntervalMs: 0, timeoutMs: UNREACHED_TIMEOUT_MS });
      await expect(keylessClient.head()).rejects.toMatchObject({
        retryable: true,
        message: expect.stringContaining('HTTP 403 (retry after 31 s)'),
      });
      await expect(keylessClient.head()).rejects.toMatchObject({ retryable: true, message: expect.stringContaining('rate limited') });
      expect(keyless.requests.map((request) => request.status)).toEqual([403]);
    } finally {
      await limited.close();
      await keyless.close();
    }
  });

  it("reads a buy's payout by its id (gettransactioninfobyid, its block's hash): every Transfer of the watched tokens to any address; a failed call moved nothing", async () => {
    const watch = { tokens: usdtWatch([]).tokens, native: { coinSymbol: 'trx', decimals: 6 } };
    const [a, b] = [randomTronAddress(), randomTronAddress()];
    const client = adapter({ apiKey: 'test-key' });
    // A batch sender: two transfers in one call.
    const pending = fake.broadcast([
      { to: a, value: 10_500_000n },
      { to: b, value: 1n },
    ]);
    expect(await client.transaction(pending.txID, watch)).toBeNull(); // {}: not in a block yet
    const block = fake.mine([pending]);
    const mark = fake.requests.length;
    const seen = await client.transaction(`0x${pending.txID.toUpperCase()}`, watch);
    expect(since(mark)).toEqual(['POST /wallet/gettransactioninfobyid', 'POST /wallet/getblockbynum']);
    expect(fake.requests.at(-2)!.body).toEqual({ value: pending.txID });
    expect(seen).toMatchObject({ blockNumber: block.number, blockHash: block.hash, succeeded: true });
    expect(seen!.transfers.map((each) => [each.to, each.rawAmount, each.logIndex, each.coinSymbol, each.decimals, each.txHash])).toEqual([
      [a, 10_500_000n, 0, 'usdt', 6, pending.txID],
      [b, 1n, 1, 'usdt', 6, pending.txID],
    ]);

    const reverted = fake.mine([[{ to: a, value: 10_500_000n }]], { result: 'REVERT' }).txs[0]!;
    expect(await client.transaction(reverted.txID, watch)).toMatchObject({ succeeded: false, transfers: [] });
    const otherToken = fake.mine([[{ to: a, value: 10_500_000n, contract: randomTronAddress() }]]).txs[0]!;
    expect(await client.transaction(otherToken.txID, watch)).toMatchObject({ succeeded: true, transfers: [] });
    expect(await client.transaction('cd'.repeat(32), watch)).toBeNull();
    const requests = fake.requests.length;
    expect(await client.transaction('not a transaction id', watch)).toBeNull();
    expect(fake.requests).toHaveLength(requests);
  });

  it('gives up on an endpoint that does not answer within the timeout: a retryable error; a slow answer is only slow', async () => {
    fake.misbehave(/^\/wallet\/getnowblock$/, { kind: 'hang' }, 2);
    await expect(adapter({ timeoutMs: 150, attempts: 2 }).head()).rejects.toMatchObject({
      retryable: true,
      message: expect.stringContaining('POST /wallet/getnowblock'),
    });
    fake.misbehave(/^\/wallet\/getnowblock$/, { kind: 'slow', ms: 50 });
    expect((await adapter().head()).number).toBe(fake.height());
  });
});

/*
 * The TRC20 watcher end to end (issue 32 points 2 and 3 for USDT on TRON): sell orders with their
 * own T… address from a watch-only key (BIP44 coin 195), the fake TronGrid as the chain, the
 * watcher polled as its job polls it (service.ts, shared with the EVM and Esplora watchers). On
 * PGlite (npm test) and on PostgreSQL (the API suite under with-postgres).
 */
describe('the chain watcher on TronGrid (USDT-TRC20)', () => {
  let tron: TFakeTronGrid;
  let prices: TFakePriceServer;
  let t: TTestApp;
  let admin: string;
  let manager: { email: string; cookie: string };
  let env: Record<string, string>;

  beforeAll(async () => {
    tron = await startFakeTronGridServer({ startNumber: 78_000_000, apiKey: 'a-key' });
    prices = await startFakePriceServer();
    env = {
      ...prices.env(),
      TEST_CLOCK: 'true',
      CHAIN_TRC20_TRONGRID_URL: tron.url,
      CHAIN_TRONGRID_API_KEY: 'a-key',
      CHAIN_TRONGRID_MIN_INTERVAL_MS: '0',
      CHAIN_RPC_TIMEOUT_MS: String(UNREACHED_TIMEOUT_MS),
      CHAIN_START_BLOCKS_BACK: '0',
    };
    t = await createTestApp(env);
    await t.app.market.refreshOnce();
    admin = await t.loginCookie(SUPER_ADMIN.email, SUPER_ADMIN.password, 'admin');
    manager = await t.createStaff('manager');
    await setDepositKey(t, { admin, manager }, 'usdt', 'TRC20', TRON_XPUB);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await prices?.close();
    await tron?.close();
  });

  let seller: { cookie: string };
  async function sell(): Promise<TOrder> {
    seller = await t.signUp();
    const quote = await t.request({
      method: 'POST',
      url: '/api/quotes',
      cookie: seller.cookie,
      payload: { coinSymbol: 'usdt', side: 'sell', fiatCurrency: 'USD', amountFiat: '5' },
    });
    expect(quote.statusCode, quote.body).toBe(201);
    const placed = await t.request({
      method: 'POST',
      url: '/api/orders',
      cookie: seller.cookie,
      payload: { type: 'sell', quoteId: quote.json().id, network: 'TRC20', payout: PAYOUT },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().order as TOrder;
    expect(order.depositTo).toMatchObject({ network: 'TRC20', perOrder: true });
    expect(order.depositTo!.address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    return order;
  }
  const row = async (id: number) => (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const cursor = async () => (await t.database.db.select().from(chainNetworks).where(eq(chainNetworks.network, 'TRC20')))[0]!;
  const exceptionsOf = (orderId: number) =>
    t.database.db.select().from(statementExceptions).where(eq(statementExceptions.orderId, orderId));
  const depositsOf = (orderId: number) => t.database.db.select().from(chainDeposits).where(eq(chainDeposits.orderId, orderId));

  it('a USDT-TRC20 sell paid to its derived address goes detected (1 of 19) -> confirmed at 19, the chain as evidence', async () => {
    await t.app.chainWatch.poll('TRC20'); // the cursor catches up with the chain
    const order = await sell();
    expect(order.depositTo!.address).toBe(TRON_ADDRESS_0);
    const paid = tron.mine([[{ to: order.depositTo!.address, value: units(order.amountCrypto) }]], { filler: 10 });
    const txid = paid.txs[0]!.txID;

    expect(await t.app.chainWatch.poll('TRC20')).toMatchObject({ transfers: 1, confirmed: 0, scanned: [paid.number, paid.number] });
    expect((await row(order.id)).status).toBe('deposit_detected');
    expect((await row(order.id)).paymentTxId).toBe(txid);
    const [deposit] = await depositsOf(order.id);
    expect(deposit).toMatchObject({ network: 'TRC20', coinSymbol: 'usdt', txHash: txid, logIndex: 0, confirmations: 1, status: 'seen' });
    expect(deposit!.toAddress).toBe(order.depositTo!.address);
    expect(new Dec(deposit!.amount).eq(new Dec(order.amountCrypto))).toBe(true);
    const seen = await t.request({ method: 'GET', url: `/api/admin/orders/${order.id}`, cookie: admin });
    expect(seen.json().order.chainDeposit).toMatchObject({ txHash: txid, confirmations: 1, required: 19 });
    // Every request carried the API key.
    expect(tron.requests.every((request) => request.apiKey === 'a-key')).toBe(true);

    tron.mineEmpty(17);
    await t.app.chainWatch.poll('TRC20');
    expect((await row(order.id)).status).toBe('deposit_detected');
    expect((await depositsOf(order.id))[0]!.confirmations).toBe(18);
    tron.mineEmpty(1);
    expect(await t.app.chainWatch.poll('TRC20')).toMatchObject({ confirmed: 1 });
    const confirmed = await row(order.id);
    expect(confirmed.status).toBe('deposit_confirmed');
    expect(confirmed.evidenceKind).toBe('chain_transaction');
    expect(confirmed.evidence).toBe(`TRC20 ${txid}, block ${paid.number}, 19 confirmations`);
    const events = await t.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(events.map((e) => [e.fromStatus, e.toStatus, e.actorKind])).toEqual([
      [null, 'awaiting_deposit', 'customer'],
      ['awaiting_deposit', 'deposit_detected', 'system'],
      ['deposit_detected', 'deposit_confirmed', 'system'],
    ]);
    expect(await exceptionsOf(order.id)).toEqual([]);
    expect(await cursor()).toMatchObject({ lastBlock: tron.height(), lastBlockHash: tron.tip().hash, requiredConfirmations: 19 });
  });

  it("a reorganisation that drops the deposit's block puts the order back to awaiting with a staff item; mined again, it is found again", async () => {
    const order = await sell();
    tron.mine([[{ to: order.depositTo!.address, value: units(order.amountCrypto) }]]);
    await t.app.chainWatch.poll('TRC20');
    expect((await row(order.id)).status).toBe('deposit_detected');

    const [tx] = tron.reorg(1);
    tron.mineEmpty(2);
    expect(await t.app.chainWatch.poll('TRC20')).toMatchObject({ reorged: 1 });
    expect((await row(order.id)).status).toBe('awaiting_deposit');
    const [deposit] = await t.database.db.select().from(chainDeposits).where(eq(chainDeposits.txHash, tx!.txID));
    expect(deposit!.status).toBe('reorged');
    expect((await exceptionsOf(order.id)).map((item) => [item.kind, item.chainDepositId])).toEqual([['deposit_reorged', deposit!.id]]);

    const again = tron.mine([tx!]);
    await t.app.chainWatch.poll('TRC20');
    expect((await row(order.id)).status).toBe('deposit_detected');
    expect((await depositsOf(order.id))[0]).toMatchObject({ status: 'seen', blockNumber: again.number, blockHash: again.hash });
  });

  it('an under-payment is detected but never confirmed by itself; a deposit to a cancelled order is an item; another TRC20 token is ignored', async () => {
    const short = await sell();
    tron.mine([[{ to: short.depositTo!.address, value: units(short.amountCrypto) - 1n }]]);
    await t.app.chainWatch.poll('TRC20');
    expect((await row(short.id)).status).toBe('deposit_detected');
    expect((await exceptionsOf(short.id)).map((item) => [item.kind, item.accountKey])).toEqual([['short_payment', 'wallet:USDT:TRC20']]);
    tron.mineEmpty(19);
    await t.app.chainWatch.poll('TRC20');
    expect((await row(short.id)).status).toBe('deposit_detected');
    expect((await depositsOf(short.id))[0]!.status).toBe('confirmed');

    const closed = await sell();
    await t.database.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, closed.id));
    tron.mine([[{ to: closed.depositTo!.address, value: units(closed.amountCrypto) }]]);
    await t.app.chainWatch.poll('TRC20');
    expect((await row(closed.id)).status).toBe('cancelled');
    const items = await t.database.db
      .select()
      .from(statementExceptions)
      .where(and(eq(statementExceptions.orderId, closed.id), eq(statementExceptions.kind, 'no_order')));
    expect(items).toHaveLength(1);
    expect(items[0]!.detail).toContain('which is cancelled');

    const other = await sell();
    const fakeToken = randomTronAddress();
    tron.mine([[{ to: other.depositTo!.address, value: units(other.amountCrypto), contract: fakeToken }]]);
    await t.app.chainWatch.poll('TRC20');
    expect((await row(other.id)).status).toBe('awaiting_deposit');
    expect(await t.database.db.select().from(chainDeposits).where(eq(chainDeposits.toAddress, other.depositTo!.address))).toEqual([]);
  });

  it("Settings list TRC20 with 19 confirmations and USDT's T… contract; a Super Admin changes them, a manager is refused, an 0x contract is refused", async () => {
    const listed = await t.request({ method: 'GET', url: '/api/admin/chain-networks', cookie: admin });
    expect(listed.statusCode, listed.body).toBe(200);
    const networks = listed.json().networks as { network: string }[];
    expect(networks.find((each) => each.network === 'TRC20')).toEqual(
      expect.objectContaining({
        network: 'TRC20',
        hasEnvEndpoint: true,
        requiredConfirmations: 19,
        tokens: { USDT: { contract: TRON_USDT, decimals: 6 } },
      }),
    );
    const put = (cookie: string, payload: object) => t.request({ method: 'PUT', url: '/api/admin/chain-networks/TRC20', cookie, payload });
    expect((await put(manager.cookie, { requiredConfirmations: 20 })).statusCode).toBe(403);
    const evm = await put(admin, { requiredConfirmations: 20, tokens: { USDT: { contract: `0x${'1'.repeat(40)}`, decimals: 6 } } });
    expect(evm.statusCode, evm.body).toBe(400);
    expect(evm.json().error.message).toBe('Enter the token contract as a TRON address: T and 33 characters.');
    const saved = await put(admin, { requiredConfirmations: 20, tokens: { USDT: { contract: TRON_USDT, decimals: 6 } } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ network: 'TRC20', requiredConfirmations: 20 });
    expect((await put(admin, { requiredConfirmations: 19 })).statusCode).toBe(200);
    // And a T… contract on an EVM network is refused.
    const onEvm = await t.request({
      method: 'PUT',
      url: '/api/admin/chain-networks/ERC20',
      cookie: admin,
      payload: { requiredConfirmations: 12, tokens: { USDT: { contract: TRON_USDT, decimals: 6 } } },
    });
    expect(onEvm.statusCode, onEvm.body).toBe(400);
  });

  it("CHAIN_TRC20_API=fullnode: the same watcher on a java-tron node's HTTP API alone reads the blocks, no /v1 index", async () => {
    const order = await sell();
    const node = await buildApp(testConfig({ ...env, CHAIN_TRC20_API: 'fullnode' }), { database: t.database, logger: false });
    try {
      await node.ready();
      await node.chainWatch.poll('TRC20');
      const mark = tron.requests.length;
      const paid = tron.mine([[{ to: order.depositTo!.address, value: units(order.amountCrypto) }]]);
      expect(await node.chainWatch.poll('TRC20')).toMatchObject({ scanned: [paid.number, paid.number], transfers: 1 });
      expect((await row(order.id)).status).toBe('deposit_detected');
      const paths = tron.requests.slice(mark).map((request) => request.path);
      expect(paths).toContain('/wallet/gettransactioninfobyblocknum');
      expect(paths.filter((path) => path.startsWith('/v1/'))).toEqual([]);
    } finally {
      await node.close();
    }
  });

  it('a 429 and a timeout fail the poll without losing the block; a restarted server resumes from the last block seen', async () => {
    tron.mineEmpty(TRON_OVERLAP_BLOCKS); // the earlier tests' transfers below this poll's overlap: it finds only this one
    await t.app.chainWatch.poll('TRC20');
    const order = await sell();
    const before = await cursor();
    const paid = tron.mine([[{ to: order.depositTo!.address, value: units(order.amountCrypto) }]]);

    // The transfers' requests (lists by address or the token's events, whichever the adapter picks), every try of the poll.
    const lists = /\/(transactions\/trc20|events)$/;
    tron.misbehave(lists, { kind: 'error', status: 429, retryAfter: '1' }, 3);
    await expect(t.app.chainWatch.poll('TRC20')).rejects.toThrow('HTTP 429');
    expect(await cursor()).toMatchObject({ lastBlock: before.lastBlock, lastError: expect.stringContaining('HTTP 429') });
    expect((await row(order.id)).status).toBe('awaiting_deposit');

    // The server restarts: another process on the same database (its endpoint gives up after 150 ms).
    const restarted = await buildApp(testConfig({ ...env, CHAIN_RPC_TIMEOUT_MS: '150' }), { database: t.database, logger: false });
    try {
      await restarted.ready();
      tron.misbehave(lists, { kind: 'hang' }, 3);
      await expect(restarted.chainWatch.poll('TRC20')).rejects.toThrow(/GET \/v1\/(accounts|contracts)\/.*(timeout|aborted)/i);
      expect(await cursor()).toMatchObject({ lastBlock: before.lastBlock });
      expect((await row(order.id)).status).toBe('awaiting_deposit');

      expect(await restarted.chainWatch.poll('TRC20')).toMatchObject({ scanned: [before.lastBlock! + 1, tron.height()], transfers: 1 });
      expect((await row(order.id)).status).toBe('deposit_detected');
      expect((await depositsOf(order.id))[0]).toMatchObject({ blockNumber: paid.number, confirmations: 1 });
      expect((await cursor()).lastError).toBeNull();
    } finally {
      await restarted.close();
    }
  });
});
