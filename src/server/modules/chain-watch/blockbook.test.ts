import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TOrder } from '#shared/contracts/orders.js';
import { buildApp } from '#server/app.js';
import { chainDeposits, chainNetworks, chainPayoutChecks } from '#server/db/schema/chain.js';
import { orderEvents, orders } from '#server/db/schema/orders.js';
import { statementExceptions } from '#server/db/schema/statements.js';
import { randomDogeAddress, startFakeBlockbookServer, type TFakeBlockbook } from '#test/helpers/fake-blockbook-server.js';
import { startFakePriceServer, type TFakePriceServer } from '#test/helpers/fake-price-server.js';
import { approvalBody, payOrder, tierTwoCustomer } from '#test/helpers/orders.js';
import { createOrderTestApp, createTestApp, SUPER_ADMIN, testConfig, type TTestApp } from '#test/helpers/test-app.js';
import { setDepositKey } from '#test/helpers/deposit-keys.js';
import { DOGE_XPUB } from '#test/helpers/test-keys.js';
import { UNREACHED_TIMEOUT_MS } from '#test/helpers/timeouts.js';
import { ChainEndpointError, watchKey, type TWatchSet } from './adapter.js';
import { BLOCKBOOK_HISTORY_OVERLAP_BLOCKS, BlockbookAdapter } from './blockbook.js';

const PAYOUT = { type: 'momo', provider: 'MTN MoMo', name: 'Ama Mensah', number: '0241234567' } as const;

/** A decimal amount of the coin in satoshis (strings all the way, no float). */
function sats(amount: string): number {
  const [whole, fraction = ''] = amount.split('.');
  return Number(BigInt(whole! + fraction.padEnd(8, '0').slice(0, 8)));
}

const dogeWatch = (addresses: string[]): TWatchSet => ({
  addresses: new Set(addresses.map(watchKey)),
  tokens: new Map(),
  native: { coinSymbol: 'doge', decimals: 8 },
});

/*
 * The Blockbook adapter (docs/decisions/071) against a local fake of Blockbook's REST API v2
 * (tests/helpers/fake-blockbook-server.ts): which requests it makes, what it finds, how it meets
 * rate limits, errors and timeouts. No network.
 */
describe('the Blockbook adapter', () => {
  let fake: TFakeBlockbook;
  const adapter = (options: Partial<ConstructorParameters<typeof BlockbookAdapter>[0]> = {}) =>
    new BlockbookAdapter({ url: fake.url, minIntervalMs: 0, timeoutMs: UNREACHED_TIMEOUT_MS, ...options });
  const since = (mark: number) => fake.requests.slice(mark).map((request) => request.path + request.query);

  beforeAll(async () => {
    fake = await startFakeBlockbookServer({ blockPageSize: 25 });
  });
  afterAll(async () => {
    await fake?.close();
  });

  it('reads the height indexed and its hash; a height not on the chain is null ({"error": "Block not found"}); a base URL with /api/v2 is the same', async () => {
    fake.mineEmpty(2);
    const client = adapter();
    expect(await client.head()).toEqual({ number: fake.height(), hash: fake.tip().hash });
    expect(await client.blockHash(fake.height())).toBe(fake.tip().hash);
    expect(await client.blockHash(fake.height() + 1)).toBeNull();
    expect((await adapter({ url: `${fake.url}/api/v2/` }).head()).number).toBe(fake.height());
  });

  it('scans each new block, one request a block (1,000 transactions a page; here 25), the next pages by its hash; outputs to one address added up', async () => {
    const a = randomDogeAddress();
    const b = randomDogeAddress();
    const first = fake.mine(
      [
        [
          { address: a, sats: 20_000 },
          { address: a, sats: 5_000 },
        ],
        [{ address: randomDogeAddress(), sats: 7 }], // not watched
      ],
      { filler: 10 },
    );
    const second = fake.mine([[{ address: b, sats: 30_000 }]], { filler: 55 }); // 57 transactions: 3 pages
    fake.mine([[{ address: b, sats: 1 }]]); // above the range
    const mark = fake.requests.length;
    const client = adapter();
    const found = await client.transfers(first.height, second.height, dogeWatch([a, b]));
    expect(found.map((each) => [each.txHash, each.to, each.rawAmount, each.logIndex, each.blockNumber, each.blockHash])).toEqual([
      [first.txs[0]!.txid, a, 25_000n, 0, first.height, first.hash],
      [second.txs[0]!.txid, b, 30_000n, 0, second.height, second.hash],
    ]);
    expect(found.every((each) => each.coinSymbol === 'doge' && each.decimals === 8)).toBe(true);
    expect(since(mark)).toEqual([
      `/block/${first.height}?page=1`,
      `/block/${second.height}?page=1`,
      `/block/${second.hash}?page=2`,
      `/block/${second.hash}?page=3`,
    ]);
    expect(client.requests).toBe(4);
  });

  it("reads each address's history of the range (and the overlap below it) when the addresses are fewer than the blocks: one request per address", async () => {
    const address = randomDogeAddress();
    const before = fake.mine([[{ address, sats: 1000 }]]); // below the range and its overlap
    fake.mineEmpty(BLOCKBOOK_HISTORY_OVERLAP_BLOCKS);
    const paid = fake.mine([[{ address, sats: 4242 }]], { filler: 30 });
    fake.mineEmpty(3);
    fake.send([{ address, sats: 9 }]); // in the mempool: not a deposit yet
    const mark = fake.requests.length;
    const found = await adapter().transfers(paid.height, fake.height(), dogeWatch([address]));
    expect(found.map((each) => [each.txHash, each.rawAmount, each.blockNumber, each.blockHash])).toEqual([
      [paid.txs[0]!.txid, 4242n, paid.height, paid.hash],
    ]);
    expect(before.height).toBeLessThan(paid.height - BLOCKBOOK_HISTORY_OVERLAP_BLOCKS);
    expect(since(mark)).toEqual([
      `/address/${address}?details=txs&from=${paid.height - BLOCKBOOK_HISTORY_OVERLAP_BLOCKS}&to=${fake.height()}&page=1&pageSize=1000`,
    ]);
  });

  it("a provider's server lagging behind the others: a transfer its history missed is found by the next range's overlap, a block it does not know is not a reorganisation", async () => {
    const address = randomDogeAddress();
    fake.mineEmpty(2);
    const paid = fake.mine([[{ address, sats: 777 }]]);
    // Two blocks and one address: the history. Its server has not indexed the last block.
    fake.misbehave(/^\/address\//, { kind: 'behind', blocks: 1 });
    expect(await adapter().transfers(paid.height - 1, paid.height, dogeWatch([address]))).toEqual([]);
    fake.mineEmpty(2);
    const next = await adapter().transfers(paid.height + 1, paid.height + 2, dogeWatch([address]));
    expect(next.map((each) => [each.txHash, each.blockNumber, each.blockHash])).toEqual([[paid.txs[0]!.txid, paid.height, paid.hash]]);

    const client = adapter();
    const head = await client.head();
    fake.misbehave(/^\/block-index\//, { kind: 'behind', blocks: 1 });
    const mark = fake.requests.length;
    expect(await client.blockHash(head.number)).toBe(head.hash);
    expect(fake.requests.slice(mark).map((request) => request.status)).toEqual([400, 200]);
    fake.misbehave(/^\/block-index\//, { kind: 'behind', blocks: 1 }, 3);
    await expect(client.blockHash(head.number)).rejects.toMatchObject({
      retryable: true,
      message: expect.stringContaining('below its tip'),
    });
    expect(await client.blockHash(head.number + 1)).toBeNull();
    // A block scan on a server that lags: the block asked again, found.
    const scanned = fake.mine([[{ address, sats: 555 }]]);
    fake.misbehave(/^\/block\//, { kind: 'behind', blocks: 1 });
    const mark2 = fake.requests.length;
    const watched = [address, randomDogeAddress()];
    expect((await adapter().transfers(scanned.height, scanned.height, dogeWatch(watched))).map((each) => each.rawAmount)).toEqual([555n]);
    expect(fake.requests.slice(mark2).map((request) => [request.path, request.status])).toEqual([
      [`/block/${scanned.height}`, 400],
      [`/block/${scanned.height}`, 200],
    ]);
  });

  it('compares base58 addresses exactly as written (their case is part of them)', async () => {
    const address = randomDogeAddress();
    expect(watchKey(address)).toBe(address);
    const block = fake.mine([[{ address, sats: 999 }]]);
    expect((await adapter().transfers(block.height, block.height, dogeWatch([address]))).map((each) => each.to)).toEqual([address]);
    expect(await adapter().transfers(block.height, block.height, dogeWatch([address.toLowerCase(), randomDogeAddress()]))).toEqual([]);
  });

  it("waits out a 429's Retry-After and retries a 500; a refusal (400) is not retried; a Retry-After too long fails the poll", async () => {
    fake.misbehave(/^$/, { kind: 'error', status: 429, retryAfter: '1' });
    fake.misbehave(/^\/block-index\//, { kind: 'error', status: 500 });
    const mark = fake.requests.length;
    expect((await adapter().head()).number).toBe(fake.height());
    const tries = fake.requests.slice(mark);
    expect(tries.map((request) => request.status)).toEqual([429, 200, 500, 200]);
    expect(tries[1]!.at - tries[0]!.at).toBeGreaterThanOrEqual(990);

    fake.misbehave(/^$/, { kind: 'error', status: 400, body: 'Invalid request' });
    const refused = await adapter()
      .head()
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ChainEndpointError);
    expect(refused).toMatchObject({ retryable: false, message: 'GET /api/v2: HTTP 400 Invalid request' });

    const limited = await startFakeBlockbookServer();
    try {
      limited.misbehave(/^$/, { kind: 'error', status: 429, retryAfter: '3600' });
      const client = new BlockbookAdapter({ url: limited.url, minIntervalMs: 0, timeoutMs: UNREACHED_TIMEOUT_MS });
      await expect(client.head()).rejects.toMatchObject({ retryable: true, message: expect.stringContaining('HTTP 429') });
      await expect(client.blockHash(1)).rejects.toMatchObject({ retryable: true, message: expect.stringContaining('rate limited') });
      expect(limited.requests).toHaveLength(1);
    } finally {
      await limited.close();
    }
  });

  it('gives up on an endpoint that does not answer within the timeout: a retryable error; a slow answer within it is only slow', async () => {
    fake.misbehave(/^$/, { kind: 'hang' }, 2);
    await expect(adapter({ timeoutMs: 150, attempts: 2 }).head()).rejects.toMatchObject({ retryable: true });
    fake.misbehave(/^$/, { kind: 'slow', ms: 50 });
    expect((await adapter().head()).number).toBe(fake.height());
  });

  it('reads a transaction by its hash for a payout check: its outputs to any address; null in the mempool or unknown', async () => {
    const to = randomDogeAddress();
    const block = fake.mine([[{ address: to, sats: 123_456_789 }]]);
    const watch = { tokens: new Map(), native: { coinSymbol: 'doge', decimals: 8 } };
    const seen = await adapter().transaction(block.txs[0]!.txid.toUpperCase(), watch);
    expect(seen).toMatchObject({ blockNumber: block.height, blockHash: block.hash, succeeded: true });
    expect(seen!.transfers.map((each) => [each.to, each.rawAmount, each.logIndex])).toEqual([
      [to, 123_456_789n, 0],
      [block.txs[0]!.vout[1]!.addresses[0], 500_000_000n, 1], // the sender's change
    ]);
    expect(await adapter().transaction(fake.send([{ address: to, sats: 1 }]).txid, watch)).toBeNull();
    expect(await adapter().transaction('ab'.repeat(32), watch)).toBeNull();
  });
});

/*
 * The DOGE watcher end to end (issue 32 points 2 and 3 for Dogecoin): sell orders with their own
 * BIP44 address (D…) from a watch-only key, the fake Blockbook as the chain, the watcher polled as
 * its job polls it (service.ts, shared with the other watchers). On PGlite (npm test) and on
 * PostgreSQL (under with-postgres).
 */
describe('the chain watcher on Blockbook (DOGE)', () => {
  let doge: TFakeBlockbook;
  let prices: TFakePriceServer;
  let t: TTestApp;
  let admin: string;
  let manager: { email: string; cookie: string };
  let env: Record<string, string>;

  beforeAll(async () => {
    doge = await startFakeBlockbookServer({ startHeight: 5_900_000 });
    prices = await startFakePriceServer();
    env = {
      ...prices.env(),
      TEST_CLOCK: 'true',
      CHAIN_DOGE_BLOCKBOOK_URL: doge.url,
      CHAIN_BLOCKBOOK_MIN_INTERVAL_MS: '0',
      CHAIN_RPC_TIMEOUT_MS: String(UNREACHED_TIMEOUT_MS),
      CHAIN_START_BLOCKS_BACK: '0',
    };
    t = await createTestApp(env);
    await t.app.market.refreshOnce();
    admin = await t.loginCookie(SUPER_ADMIN.email, SUPER_ADMIN.password, 'admin');
    manager = await t.createStaff('manager');
    await setDepositKey(t, { admin, manager }, 'doge', 'DOGE', DOGE_XPUB);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await prices?.close();
    await doge?.close();
  });

  async function sell(): Promise<TOrder> {
    const seller = await t.signUp();
    const quote = await t.request({
      method: 'POST',
      url: '/api/quotes',
      cookie: seller.cookie,
      payload: { coinSymbol: 'doge', side: 'sell', fiatCurrency: 'USD', amountFiat: '5' },
    });
    expect(quote.statusCode, quote.body).toBe(201);
    const placed = await t.request({
      method: 'POST',
      url: '/api/orders',
      cookie: seller.cookie,
      payload: { type: 'sell', quoteId: quote.json().id, network: 'DOGE', payout: PAYOUT },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().order as TOrder;
    expect(order.depositTo).toMatchObject({ network: 'DOGE', perOrder: true });
    expect(order.depositTo!.address).toMatch(/^D[1-9A-HJ-NP-Za-km-z]{33}$/);
    return order;
  }
  const pay = (order: TOrder, delta = 0) => [{ address: order.depositTo!.address, sats: sats(order.amountCrypto) + delta }];
  const row = async (id: number) => (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const cursor = async () => (await t.database.db.select().from(chainNetworks).where(eq(chainNetworks.network, 'DOGE')))[0]!;
  const exceptionsOf = (orderId: number) =>
    t.database.db.select().from(statementExceptions).where(eq(statementExceptions.orderId, orderId));
  const depositsOf = (orderId: number) => t.database.db.select().from(chainDeposits).where(eq(chainDeposits.orderId, orderId));

  it('a DOGE sell paid to its derived address goes detected (1 of 6) -> confirmed at 6 confirmations, the chain as evidence', async () => {
    await t.app.chainWatch.poll('DOGE'); // the cursor catches up with the chain
    const order = await sell();
    const paid = doge.mine([pay(order)], { filler: 30 });
    const txid = paid.txs[0]!.txid;

    expect(await t.app.chainWatch.poll('DOGE')).toMatchObject({ transfers: 1, confirmed: 0, scanned: [paid.height, paid.height] });
    expect((await row(order.id)).status).toBe('deposit_detected');
    expect((await row(order.id)).paymentTxId).toBe(txid);
    const [deposit] = await depositsOf(order.id);
    expect(deposit).toMatchObject({ network: 'DOGE', coinSymbol: 'doge', txHash: txid, logIndex: 0, confirmations: 1, status: 'seen' });
    expect(deposit!.toAddress).toBe(order.depositTo!.address);
    const seen = await t.request({ method: 'GET', url: `/api/admin/orders/${order.id}`, cookie: admin });
    expect(seen.json().order.chainDeposit).toMatchObject({ txHash: txid, confirmations: 1, required: 6 });

    doge.mineEmpty(4);
    await t.app.chainWatch.poll('DOGE');
    expect((await row(order.id)).status).toBe('deposit_detected');
    expect((await depositsOf(order.id))[0]!.confirmations).toBe(5);
    doge.mineEmpty(1);
    expect(await t.app.chainWatch.poll('DOGE')).toMatchObject({ confirmed: 1 });
    const confirmed = await row(order.id);
    expect(confirmed.status).toBe('deposit_confirmed');
    expect(confirmed.evidenceKind).toBe('chain_transaction');
    expect(confirmed.evidence).toBe(`DOGE ${txid}, block ${paid.height}, 6 confirmations`);
    const events = await t.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(events.map((e) => [e.fromStatus, e.toStatus, e.actorKind])).toEqual([
      [null, 'awaiting_deposit', 'customer'],
      ['awaiting_deposit', 'deposit_detected', 'system'],
      ['deposit_detected', 'deposit_confirmed', 'system'],
    ]);
    expect(await exceptionsOf(order.id)).toEqual([]);
    expect(await cursor()).toMatchObject({ lastBlock: doge.height(), lastBlockHash: doge.tip().hash, requiredConfirmations: 6 });
  });

  it("a reorganisation that drops the deposit's block puts the order back to awaiting with a staff item; mined again, it is found again", async () => {
    const order = await sell();
    doge.mine([pay(order)]);
    await t.app.chainWatch.poll('DOGE');
    expect((await row(order.id)).status).toBe('deposit_detected');

    const [tx] = doge.reorg(1);
    doge.mineEmpty(2); // another branch, longer than the one dropped
    expect(await t.app.chainWatch.poll('DOGE')).toMatchObject({ reorged: 1 });
    expect((await row(order.id)).status).toBe('awaiting_deposit');
    const [deposit] = await t.database.db.select().from(chainDeposits).where(eq(chainDeposits.txHash, tx!.txid));
    expect(deposit!.status).toBe('reorged');
    expect((await exceptionsOf(order.id)).map((item) => [item.kind, item.chainDepositId])).toEqual([['deposit_reorged', deposit!.id]]);

    const again = doge.mine([tx!]);
    await t.app.chainWatch.poll('DOGE');
    expect((await row(order.id)).status).toBe('deposit_detected');
    expect((await depositsOf(order.id))[0]).toMatchObject({ status: 'seen', blockNumber: again.height, blockHash: again.hash });
  });

  it('an under-payment is detected but never confirmed by itself; a deposit to a cancelled order is an item for staff', async () => {
    const short = await sell();
    doge.mine([pay(short, -1)]);
    await t.app.chainWatch.poll('DOGE');
    expect((await row(short.id)).status).toBe('deposit_detected');
    expect((await exceptionsOf(short.id)).map((item) => [item.kind, item.accountKey])).toEqual([['short_payment', 'wallet:DOGE:DOGE']]);
    doge.mineEmpty(6);
    await t.app.chainWatch.poll('DOGE');
    expect((await row(short.id)).status).toBe('deposit_detected');
    expect((await depositsOf(short.id))[0]!.status).toBe('confirmed');

    const closed = await sell();
    await t.database.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, closed.id));
    doge.mine([pay(closed)]);
    await t.app.chainWatch.poll('DOGE');
    expect((await row(closed.id)).status).toBe('cancelled');
    const items = await t.database.db
      .select()
      .from(statementExceptions)
      .where(and(eq(statementExceptions.orderId, closed.id), eq(statementExceptions.kind, 'no_order')));
    expect(items).toHaveLength(1);
    expect(items[0]!.detail).toContain('which is cancelled');
  });

  it('Settings list DOGE with 6 confirmations and its endpoint from the environment; a Super Admin changes them, a manager is refused', async () => {
    const listed = await t.request({ method: 'GET', url: '/api/admin/chain-networks', cookie: admin });
    expect(listed.statusCode, listed.body).toBe(200);
    const networks = listed.json().networks as { network: string }[];
    expect(networks.find((each) => each.network === 'DOGE')).toEqual(
      expect.objectContaining({ network: 'DOGE', hasEnvEndpoint: true, rpcHost: null, requiredConfirmations: 6, tokens: {} }),
    );
    const put = (cookie: string, requiredConfirmations: number) =>
      t.request({ method: 'PUT', url: '/api/admin/chain-networks/DOGE', cookie, payload: { requiredConfirmations } });
    expect((await put(manager.cookie, 1)).statusCode).toBe(403);
    const saved = await put(admin, 20);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await cursor()).requiredConfirmations).toBe(20);
    expect((await put(admin, 6)).statusCode).toBe(200);
  });

  it('a 429 and a timeout fail the poll without losing the block; a restarted server resumes from the last block seen', async () => {
    const order = await sell();
    const before = await cursor();
    const paid = doge.mine([pay(order)]);

    // The transfers' requests (by block or by address, whichever the adapter picks), every try of the poll.
    const transfersRequests = /^\/(address|block)\//;
    doge.misbehave(transfersRequests, { kind: 'error', status: 429, retryAfter: '1' }, 3);
    await expect(t.app.chainWatch.poll('DOGE')).rejects.toThrow('HTTP 429');
    expect(await cursor()).toMatchObject({ lastBlock: before.lastBlock, lastError: expect.stringContaining('HTTP 429') });
    expect((await row(order.id)).status).toBe('awaiting_deposit');

    // The server restarts: another process on the same database (its endpoint gives up after 150 ms).
    const restarted = await buildApp(testConfig({ ...env, CHAIN_RPC_TIMEOUT_MS: '150' }), { database: t.database, logger: false });
    try {
      await restarted.ready();
      doge.misbehave(transfersRequests, { kind: 'hang' }, 3); // every try of the poll times out
      await expect(restarted.chainWatch.poll('DOGE')).rejects.toThrow(/GET \/(address|block)\/.*(timeout|aborted)/i);
      expect(await cursor()).toMatchObject({ lastBlock: before.lastBlock });
      expect((await row(order.id)).status).toBe('awaiting_deposit');

      // From the last block seen, not from the head: the deposit's block is scanned.
      expect(await restarted.chainWatch.poll('DOGE')).toMatchObject({ scanned: [before.lastBlock! + 1, doge.height()], transfers: 1 });
      expect((await row(order.id)).status).toBe('deposit_detected');
      expect((await depositsOf(order.id))[0]).toMatchObject({ blockNumber: paid.height, confirmations: 1 });
      expect((await cursor()).lastError).toBeNull();
    } finally {
      await restarted.close();
    }
  });
});

/*
 * A DOGE buy's payout checked on chain (issue 32 point 4, docs/decisions/067) through the Blockbook
 * adapter's transaction(): staff complete the buy with the payout's hash; verified at the network's
 * confirmations when it pays the customer's wallet the order's amount, else an item for staff.
 */
describe('DOGE buy payouts checked on Blockbook', () => {
  let doge: TFakeBlockbook;
  let t: TTestApp;
  let prices: TFakePriceServer;
  let methodId: number;
  let support: string;
  let customer: Awaited<ReturnType<typeof tierTwoCustomer>>;
  const wallet = randomDogeAddress();

  beforeAll(async () => {
    doge = await startFakeBlockbookServer({ startHeight: 5_900_000 });
    ({
      t,
      fake: prices,
      methodId,
    } = await createOrderTestApp('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', {
      TEST_CLOCK: 'true',
      CHAIN_DOGE_BLOCKBOOK_URL: doge.url,
      CHAIN_BLOCKBOOK_MIN_INTERVAL_MS: '0',
      CHAIN_RPC_TIMEOUT_MS: String(UNREACHED_TIMEOUT_MS),
      CHAIN_START_BLOCKS_BACK: '0',
    }));
    support = (await t.createStaff('support')).cookie;
    customer = await tierTwoCustomer(t);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await prices?.close();
    await doge?.close();
  });

  async function completedBuy(payoutReference: (order: TOrder) => string): Promise<TOrder> {
    const quote = await t.request({
      method: 'POST',
      url: '/api/quotes',
      cookie: customer.cookie,
      payload: { coinSymbol: 'doge', side: 'buy', fiatCurrency: 'GHS', amountFiat: '150' },
    });
    expect(quote.statusCode, quote.body).toBe(201);
    const created = await t.request({
      method: 'POST',
      url: '/api/orders',
      cookie: customer.cookie,
      // One network for the coin: none named (walletNetworkOfOrder gives DOGE).
      payload: { type: 'buy', quoteId: quote.json().id, walletAddress: wallet, paymentMethodId: methodId },
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
    return order;
  }
  const checkOf = async (orderId: number) =>
    (await t.database.db.select().from(chainPayoutChecks).where(eq(chainPayoutChecks.orderId, orderId)))[0];
  const pollPayouts = async () => {
    const result = await t.app.chainWatch.poll('DOGE');
    if (!('payouts' in result)) throw new Error('DOGE has no endpoint');
    return result.payouts;
  };

  it('a payout paying the wallet the amount is verified at 6 confirmations; one short by a satoshi is an item for staff', async () => {
    await t.app.chainWatch.poll('DOGE');
    let good = '';
    const order = await completedBuy((placed) => {
      good = doge.mine([[{ address: wallet, sats: sats(placed.amountCrypto) }]]).txs[0]!.txid;
      return good;
    });
    expect(await pollPayouts()).toMatchObject({ opened: 1, verified: 0, flagged: 0 });
    expect(await checkOf(order.id)).toMatchObject({ status: 'pending', txHash: good, confirmations: 1, network: 'DOGE' });
    doge.mineEmpty(5);
    expect(await pollPayouts()).toMatchObject({ verified: 1 });
    expect(await checkOf(order.id)).toMatchObject({ status: 'verified', confirmations: 6 });

    const short = await completedBuy((placed) => doge.mine([[{ address: wallet, sats: sats(placed.amountCrypto) - 1 }]]).txs[0]!.txid);
    expect(await pollPayouts()).toMatchObject({ opened: 1, flagged: 1 });
    expect(await checkOf(short.id)).toMatchObject({ status: 'mismatch' });
    const items = await t.database.db.select().from(statementExceptions).where(eq(statementExceptions.orderId, short.id));
    expect(items).toHaveLength(1);
    expect(items[0]!.detail).toContain(wallet);
  });
});
