import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TOrder } from '#shared/contracts/orders.js';
import { Dec } from '#shared/money.js';
import { buildApp } from '#server/app.js';
import { chainDeposits, chainNetworks, chainPayoutChecks } from '#server/db/schema/chain.js';
import { orderEvents, orders } from '#server/db/schema/orders.js';
import { statementExceptions } from '#server/db/schema/statements.js';
import { startFakeXrplServer, xrpAddress, type TFakeXrpl } from '#test/helpers/fake-xrpl-server.js';
import type { TFakePriceServer } from '#test/helpers/fake-price-server.js';
import { approvalBody, payOrder, tierTwoCustomer } from '#test/helpers/orders.js';
import { createOrderTestApp, setDepositAddress, SUPER_ADMIN, testConfig, type TTestApp } from '#test/helpers/test-app.js';
import { UNREACHED_TIMEOUT_MS } from '#test/helpers/timeouts.js';
import { ChainEndpointError, type TWatchSet } from './adapter.js';
import { XRPL_PAGE, XrplAdapter } from './xrpl.js';

const PAYOUT = { type: 'momo', provider: 'MTN MoMo', name: 'Ama Mensah', number: '0241234567' } as const;

/** A decimal XRP amount in drops (6 decimals), strings all the way. */
function drops(amount: string): bigint {
  const [whole, fraction = ''] = amount.split('.');
  return BigInt(whole! + fraction.padEnd(6, '0').slice(0, 6));
}

const xrpWatch = (addresses: string[]): TWatchSet => ({
  addresses: new Set(addresses),
  tokens: new Map(),
  native: { coinSymbol: 'xrp', decimals: 6 },
});

/*
 * The XRP Ledger adapter (docs/decisions/072) against a local fake of a rippled / Clio JSON-RPC
 * server (tests/helpers/fake-xrpl-server.ts): the requests it makes, what it finds, how it meets
 * errors, rate limits and timeouts. No network.
 */
describe('the XRP Ledger adapter', () => {
  let fake: TFakeXrpl;
  const adapter = (options: Partial<ConstructorParameters<typeof XrplAdapter>[0]> = {}) =>
    new XrplAdapter({ url: fake.url, minIntervalMs: 0, timeoutMs: UNREACHED_TIMEOUT_MS, ...options });
  const since = (mark: number) => fake.requests.slice(mark).map((request) => request.method);

  beforeAll(async () => {
    fake = await startFakeXrplServer({ startIndex: 90_000_000 });
  });
  afterAll(async () => {
    await fake?.close();
  });

  it("reads the validated ledger (ledger 'validated') and a ledger's hash (ledger n; lgrNotFound above it is null, below it the server's gap)", async () => {
    fake.closeEmpty(2);
    const mark = fake.requests.length;
    const client = adapter({ attempts: 1 });
    expect(await client.head()).toEqual({ number: fake.validated().index, hash: fake.validated().hash.toLowerCase() });
    expect(await client.blockHash(fake.validated().index - 1)).toMatch(/^[0-9a-f]{64}$/);
    expect(await client.blockHash(fake.validated().index + 1)).toBeNull();
    expect(fake.requests.slice(mark, mark + 3).map((request) => [request.method, request.params])).toEqual([
      ['ledger', { ledger_index: 'validated' }],
      ['ledger', { ledger_index: fake.validated().index - 1 }],
      ['ledger', { ledger_index: fake.validated().index + 1 }],
    ]);
    // Below the server's history (it started at 90,000,000): not "no such ledger" but a gap, retried, then the poll fails.
    await expect(adapter({ attempts: 1 }).blockHash(89_999_999)).resolves.toBeNull(); // nothing read yet: unknown
    await expect(client.blockHash(89_999_999)).rejects.toMatchObject({
      retryable: true,
      message: expect.stringContaining('not on the server'),
    });
  });

  it("finds the successful XRP payments to the address with their destination tags, counting delivered_amount; ignores failed, outgoing, issued and others' payments", async () => {
    const fixed = xrpAddress();
    const issuer = xrpAddress();
    const first = fake.closeLedger(
      [
        { to: fixed, amount: 12_500_000n, tag: 123_456_789 },
        { to: fixed, amount: 9_000_000n }, // no tag
        { to: fixed, amount: 50_000_000n, tag: 111_111_111, result: 'tecPATH_DRY' }, // failed, only its fee taken
        { to: xrpAddress(), amount: 7_000_000n, tag: 123_456_789 }, // someone else
      ],
      { filler: 6 },
    );
    const second = fake.closeLedger([
      // A partial payment: Amount says 1,000 XRP, 2 XRP arrived.
      { to: fixed, amount: 1_000_000_000n, delivered: 2_000_000n, tag: 222_222_222 },
      { to: fixed, amount: 0n, issued: { currency: 'USD', issuer, value: '10' }, tag: 333_333_333 }, // an IOU, not XRP
      { from: fixed, to: xrpAddress(), amount: 3_000_000n }, // the business paying out
    ]);
    fake.closeLedger([{ to: fixed, amount: 1n, tag: 1 }]); // above the range
    const mark = fake.requests.length;
    const client = adapter();
    const found = await client.transfers(first.index, second.index, xrpWatch([fixed]));
    expect(
      found.map((each) => [each.txHash, each.to, each.rawAmount, each.destinationTag, each.logIndex, each.blockNumber, each.blockHash]),
    ).toEqual([
      [first.txs[0]!.hash.toLowerCase(), fixed, 12_500_000n, 123_456_789, -1, first.index, first.hash.toLowerCase()],
      [first.txs[1]!.hash.toLowerCase(), fixed, 9_000_000n, null, -1, first.index, first.hash.toLowerCase()],
      [second.txs[0]!.hash.toLowerCase(), fixed, 2_000_000n, 222_222_222, -1, second.index, second.hash.toLowerCase()],
    ]);
    expect(found.every((each) => each.coinSymbol === 'xrp' && each.decimals === 6)).toBe(true);
    // One account_tx page, then each ledger's hash once (API version 1 does not give it beside the transaction).
    expect(since(mark)).toEqual(['account_tx', 'ledger', 'ledger']);
    expect(fake.requests[mark]!.params).toEqual({
      account: fixed,
      ledger_index_min: first.index,
      ledger_index_max: second.index,
      forward: true,
      limit: XRPL_PAGE,
    });
    // An account never funded: actNotFound is no payment.
    expect(await client.transfers(first.index, second.index, xrpWatch([xrpAddress()]))).toEqual([]);
    // Ledgers the server does not have (below its history): narrowed by the server, refused by the adapter.
    await expect(adapter({ attempts: 1 }).transfers(89_999_990, first.index, xrpWatch([fixed]))).rejects.toMatchObject({
      retryable: true,
      message: `account_tx: the server has ledgers 90000000..${first.index}, not 89999990..${first.index}`,
    });
  });

  it('reads API version 2 alike (tx_json, hash and ledger_hash beside it: no ledger request per ledger)', async () => {
    const fixed = xrpAddress();
    const paid = fake.closeLedger([
      { to: fixed, amount: 3_000_000n, tag: 5 },
      { to: fixed, amount: 4_000_000n, delivered: 1_000_000n },
      { to: fixed, amount: 9_000_000n, tag: 5, result: 'tecUNFUNDED_PAYMENT' },
    ]);
    const mark = fake.requests.length;
    const client = adapter({ apiVersion: 2 });
    const found = await client.transfers(paid.index, paid.index, xrpWatch([fixed]));
    expect(found.map((each) => [each.txHash, each.rawAmount, each.destinationTag, each.blockHash])).toEqual([
      [paid.txs[0]!.hash.toLowerCase(), 3_000_000n, 5, paid.hash.toLowerCase()],
      [paid.txs[1]!.hash.toLowerCase(), 1_000_000n, null, paid.hash.toLowerCase()],
    ]);
    expect(fake.requests.slice(mark).map((request) => [request.method, request.params.api_version])).toEqual([['account_tx', 2]]);
    const read = await client.transaction(paid.txs[0]!.hash, { tokens: new Map(), native: { coinSymbol: 'xrp', decimals: 6 } });
    expect(read).toMatchObject({ blockNumber: paid.index, blockHash: paid.hash.toLowerCase(), succeeded: true });
    expect(read!.transfers).toEqual([expect.objectContaining({ to: fixed, rawAmount: 3_000_000n, destinationTag: 5 })]);
  });

  it('pages with the marker until it is gone (a server may give fewer than the limit)', async () => {
    const paged = await startFakeXrplServer({ pageLimit: 2 });
    try {
      const fixed = xrpAddress();
      const a = paged.closeLedger([
        { to: fixed, amount: 1_000_000n, tag: 1 },
        { to: fixed, amount: 2_000_000n, tag: 2 },
        { to: fixed, amount: 3_000_000n, tag: 3 },
      ]);
      const b = paged.closeLedger([
        { to: fixed, amount: 4_000_000n, tag: 4 },
        { to: fixed, amount: 5_000_000n, tag: 5 },
      ]);
      const client = new XrplAdapter({ url: paged.url, minIntervalMs: 0, timeoutMs: UNREACHED_TIMEOUT_MS });
      const found = await client.transfers(a.index, b.index, xrpWatch([fixed]));
      expect(found.map((each) => [each.destinationTag, each.rawAmount, each.blockNumber])).toEqual([
        [1, 1_000_000n, a.index],
        [2, 2_000_000n, a.index],
        [3, 3_000_000n, a.index],
        [4, 4_000_000n, b.index],
        [5, 5_000_000n, b.index],
      ]);
      const pages = paged.requests.filter((request) => request.method === 'account_tx');
      expect(pages.map((request) => request.params.marker)).toEqual([undefined, { ledger: a.index, seq: 2 }, { ledger: b.index, seq: 1 }]);
    } finally {
      await paged.close();
    }
  });

  it('waits out slowDown, a 429 (Retry-After) and a 503, retries a 500; invalidParams is not retried; a Retry-After too long fails the poll', async () => {
    const fixed = xrpAddress();
    const paid = fake.closeLedger([{ to: fixed, amount: 1_000_000n, tag: 7 }]);
    const client = adapter();
    fake.misbehave(/^account_tx$/, { kind: 'error', error: 'slowDown' });
    fake.misbehave(/^account_tx$/, { kind: 'http', status: 429, retryAfter: '0' });
    expect(await client.transfers(paid.index, paid.index, xrpWatch([fixed]))).toHaveLength(1);
    fake.misbehave(/^ledger$/, { kind: 'http', status: 503 });
    fake.misbehave(/^ledger$/, { kind: 'http', status: 500 });
    expect((await client.head()).number).toBe(fake.validated().index);

    fake.misbehave(/^ledger$/, { kind: 'error', error: 'invalidParams' });
    const mark = fake.requests.length;
    await expect(client.head()).rejects.toMatchObject({ retryable: false, message: expect.stringContaining('invalidParams') });
    expect(fake.requests.length - mark).toBe(1);

    // A long Retry-After, on an endpoint of its own (it holds that endpoint back for two minutes).
    const held = await startFakeXrplServer();
    try {
      const impatient = () => new XrplAdapter({ url: held.url, minIntervalMs: 0, timeoutMs: UNREACHED_TIMEOUT_MS, maxRetryAfterMs: 1000 });
      held.misbehave(/^ledger$/, { kind: 'http', status: 429, retryAfter: '120' });
      await expect(impatient().head()).rejects.toThrow('HTTP 429 (retry after 120 s)');
      // The endpoint is held back for every adapter on it: the next request fails at once, sent to nobody.
      const sent = held.requests.length;
      await expect(impatient().head()).rejects.toThrow('rate limited by the endpoint');
      expect(held.requests.length).toBe(sent);
    } finally {
      await held.close();
    }
  });

  it('gives up on an endpoint that does not answer within the timeout (retryable); a slow answer is only slow', async () => {
    const other = await startFakeXrplServer();
    try {
      const client = new XrplAdapter({ url: other.url, minIntervalMs: 0, timeoutMs: 150, attempts: 1 });
      other.misbehave(/^ledger$/, { kind: 'hang' });
      const failed = await client.head().catch((error: unknown) => error);
      expect(failed).toBeInstanceOf(ChainEndpointError);
      expect(failed).toMatchObject({ retryable: true, message: expect.stringMatching(/timeout|aborted/i) });
      other.misbehave(/^ledger$/, { kind: 'slow', ms: 50 });
      const patient = new XrplAdapter({ url: other.url, minIntervalMs: 0, timeoutMs: UNREACHED_TIMEOUT_MS, attempts: 1 });
      expect((await patient.head()).number).toBe(other.validated().index);
    } finally {
      await other.close();
    }
  });

  it('reads one transaction (tx) for a payout check: its ledger, success and what it delivered; txnNotFound is null', async () => {
    const customer = xrpAddress();
    const paid = fake.closeLedger([
      { to: customer, amount: 5_000_000n, delivered: 4_000_000n, tag: 42 },
      { to: customer, amount: 5_000_000n, result: 'tecPATH_DRY' },
    ]);
    const client = adapter();
    const watch = { tokens: new Map(), native: { coinSymbol: 'xrp', decimals: 6 } };
    const read = await client.transaction(paid.txs[0]!.hash.toLowerCase(), watch);
    expect(read).toEqual({
      blockNumber: paid.index,
      blockHash: paid.hash.toLowerCase(),
      succeeded: true,
      transfers: [
        expect.objectContaining({ txHash: paid.txs[0]!.hash.toLowerCase(), to: customer, rawAmount: 4_000_000n, destinationTag: 42 }),
      ],
    });
    expect(await client.transaction(paid.txs[1]!.hash, watch)).toMatchObject({ succeeded: false, transfers: [] });
    expect(await client.transaction('AB'.repeat(32), watch)).toBeNull();
  });
});

/*
 * The watcher on the XRP Ledger (issue 32 point 2, docs/decisions/072) with the app: every XRP
 * sell pays the one fixed address with its order's destination tag.
 */
describe('the chain watcher on the XRP Ledger (tagged payments to the fixed address)', () => {
  /** The fixed XRP address of the business (Currencies). */
  const FIXED = xrpAddress();
  let xrpl: TFakeXrpl;
  let prices: TFakePriceServer;
  let t: TTestApp;
  let admin: string;
  let env: Record<string, string>;
  let methodId: number;

  beforeAll(async () => {
    // Pages of three: a poll that finds more pages through the marker.
    xrpl = await startFakeXrplServer({ startIndex: 95_000_000, pageLimit: 3 });
    env = {
      TEST_CLOCK: 'true',
      CHAIN_XRP_RPC_URL: xrpl.url,
      CHAIN_XRPL_MIN_INTERVAL_MS: '0',
      CHAIN_RPC_TIMEOUT_MS: String(UNREACHED_TIMEOUT_MS),
      CHAIN_START_BLOCKS_BACK: '0',
    };
    ({ t, fake: prices, methodId } = await createOrderTestApp('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', env));
    env = { ...prices.env(), ...env };
    admin = await t.loginCookie(SUPER_ADMIN.email, SUPER_ADMIN.password, 'admin');
    await setDepositAddress(t.database.db, 'xrp', 'XRP', FIXED);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await prices?.close();
    await xrpl?.close();
  });

  async function sell(): Promise<TOrder & { tag: number }> {
    const seller = await t.signUp();
    const quote = await t.request({
      method: 'POST',
      url: '/api/quotes',
      cookie: seller.cookie,
      payload: { coinSymbol: 'xrp', side: 'sell', fiatCurrency: 'USD', amountFiat: '5' },
    });
    expect(quote.statusCode, quote.body).toBe(201);
    const placed = await t.request({
      method: 'POST',
      url: '/api/orders',
      cookie: seller.cookie,
      payload: { type: 'sell', quoteId: quote.json().id, network: 'XRP', payout: PAYOUT },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().order as TOrder;
    expect(order.depositTo).toMatchObject({ network: 'XRP', address: FIXED, perOrder: false });
    expect(order.depositTo!.tag).toMatch(/^\d{9}$/);
    return { ...order, tag: Number(order.depositTo!.tag) };
  }
  const row = async (id: number) => (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const cursor = async () => (await t.database.db.select().from(chainNetworks).where(eq(chainNetworks.network, 'XRP')))[0]!;
  const exceptionsOf = (orderId: number) =>
    t.database.db.select().from(statementExceptions).where(eq(statementExceptions.orderId, orderId));
  const depositsOf = (orderId: number) => t.database.db.select().from(chainDeposits).where(eq(chainDeposits.orderId, orderId));
  const depositOfTx = async (hash: string) =>
    (
      await t.database.db
        .select()
        .from(chainDeposits)
        .where(and(eq(chainDeposits.network, 'XRP'), eq(chainDeposits.txHash, hash.toLowerCase())))
    )[0];

  it('an XRP sell paid to the fixed address with its tag is detected and confirmed in the same poll (a validated ledger is final: 1 confirmation)', async () => {
    await t.app.chainWatch.poll('XRP'); // the cursor catches up with the ledger
    const order = await sell();
    const paid = xrpl.closeLedger([{ to: FIXED, amount: drops(order.amountCrypto), tag: order.tag }], { filler: 4 });
    const hash = paid.txs[0]!.hash.toLowerCase();

    expect(await t.app.chainWatch.poll('XRP')).toMatchObject({ transfers: 1, confirmed: 1, scanned: [paid.index, paid.index] });
    const confirmed = await row(order.id);
    expect(confirmed.status).toBe('deposit_confirmed');
    expect(confirmed.paymentTxId).toBe(hash);
    expect(confirmed.evidenceKind).toBe('chain_transaction');
    expect(confirmed.evidence).toBe(`XRP ${hash}, block ${paid.index}, 1 confirmations`);
    const [deposit] = await depositsOf(order.id);
    expect(deposit).toMatchObject({ network: 'XRP', coinSymbol: 'xrp', txHash: hash, logIndex: -1, toAddress: FIXED, status: 'confirmed' });
    expect(new Dec(deposit!.amount).eq(new Dec(order.amountCrypto))).toBe(true);
    const events = await t.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(events.map((e) => [e.fromStatus, e.toStatus, e.actorKind])).toEqual([
      [null, 'awaiting_deposit', 'customer'],
      ['awaiting_deposit', 'deposit_detected', 'system'],
      ['deposit_detected', 'deposit_confirmed', 'system'],
    ]);
    expect(await exceptionsOf(order.id)).toEqual([]);
    expect(await cursor()).toMatchObject({ lastBlock: paid.index, lastBlockHash: paid.hash.toLowerCase(), requiredConfirmations: 1 });
  });

  it('a payment with a wrong tag or none is an exception (no_order, held in suspense); the order keeps waiting', async () => {
    const order = await sell();
    const wrongTag = order.tag === 999_999_999 ? 999_999_998 : 999_999_999;
    const paid = xrpl.closeLedger([
      { to: FIXED, amount: drops(order.amountCrypto), tag: wrongTag },
      { to: FIXED, amount: drops(order.amountCrypto) },
    ]);
    expect(await t.app.chainWatch.poll('XRP')).toMatchObject({ transfers: 2 });
    expect((await row(order.id)).status).toBe('awaiting_deposit');
    expect(await depositsOf(order.id)).toEqual([]);
    const tagged = (await depositOfTx(paid.txs[0]!.hash))!;
    const untagged = (await depositOfTx(paid.txs[1]!.hash))!;
    expect(tagged.suspenseEntryId).not.toBeNull();
    expect(untagged.suspenseEntryId).not.toBeNull();
    const items = await t.database.db
      .select()
      .from(statementExceptions)
      .where(and(eq(statementExceptions.kind, 'no_order'), isNull(statementExceptions.orderId)));
    const byDeposit = new Map(items.map((item) => [item.chainDepositId, item]));
    expect(byDeposit.get(tagged.id)).toMatchObject({ accountKey: 'wallet:XRP:XRP' });
    expect(byDeposit.get(tagged.id)!.detail).toContain(`with destination tag ${wrongTag}, which no order has`);
    expect(byDeposit.get(untagged.id)!.detail).toContain(`A payment to ${FIXED} without a destination tag`);
    // Polled again: nothing twice.
    xrpl.closeEmpty(1);
    await t.app.chainWatch.poll('XRP');
    const again = await t.database.db.select().from(statementExceptions).where(isNull(statementExceptions.orderId));
    expect(again.filter((item) => item.chainDepositId === tagged.id || item.chainDepositId === untagged.id)).toHaveLength(2);
  });

  it('a partial payment counts what it delivered: an under-payment exception, never confirmed by itself; a failed payment (tecPATH_DRY) is ignored', async () => {
    const short = await sell();
    const failed = await sell();
    const paid = xrpl.closeLedger([
      // Amount says the full sum; delivered_amount is 1 XRP short.
      { to: FIXED, amount: drops(short.amountCrypto), delivered: drops(short.amountCrypto) - 1_000_000n, tag: short.tag },
      { to: FIXED, amount: drops(failed.amountCrypto), tag: failed.tag, result: 'tecPATH_DRY' },
    ]);
    await t.app.chainWatch.poll('XRP');
    expect((await row(short.id)).status).toBe('deposit_detected');
    const [deposit] = await depositsOf(short.id);
    expect(new Dec(deposit!.amount).eq(new Dec(short.amountCrypto).minus(1))).toBe(true);
    expect(deposit!.status).toBe('confirmed');
    expect((await exceptionsOf(short.id)).map((item) => [item.kind, item.accountKey])).toEqual([['short_payment', 'wallet:XRP:XRP']]);

    expect((await row(failed.id)).status).toBe('awaiting_deposit');
    expect(await depositOfTx(paid.txs[1]!.hash)).toBeUndefined();
    expect(await exceptionsOf(failed.id)).toEqual([]);
  });

  it('several sells paid in one ledger over more than one page of account_tx (the marker) are each matched by tag', async () => {
    const sells = [await sell(), await sell(), await sell(), await sell()];
    const mark = xrpl.requests.length;
    xrpl.closeLedger(sells.map((order) => ({ to: FIXED, amount: drops(order.amountCrypto), tag: order.tag })));
    expect(await t.app.chainWatch.poll('XRP')).toMatchObject({ transfers: 4, confirmed: 4 });
    for (const order of sells) expect((await row(order.id)).status).toBe('deposit_confirmed');
    const pages = xrpl.requests.slice(mark).filter((request) => request.method === 'account_tx' && request.params.account === FIXED);
    expect(pages).toHaveLength(2);
    expect(pages[1]!.params.marker).toBeDefined();
  });

  it('a failed poll (HTTP 500, then a timeout) loses nothing; a restarted server resumes from the last ledger seen', async () => {
    await t.app.chainWatch.poll('XRP');
    const order = await sell();
    const before = await cursor();
    const paid = xrpl.closeLedger([{ to: FIXED, amount: drops(order.amountCrypto), tag: order.tag }]);

    xrpl.misbehave(/^account_tx$/, { kind: 'http', status: 500 }, 3);
    await expect(t.app.chainWatch.poll('XRP')).rejects.toThrow('account_tx: HTTP 500');
    expect(await cursor()).toMatchObject({ lastBlock: before.lastBlock, lastError: expect.stringContaining('HTTP 500') });
    expect((await row(order.id)).status).toBe('awaiting_deposit');

    // The server restarts: another process on the same database (its endpoint gives up after 150 ms).
    const restarted = await buildApp(testConfig({ ...env, CHAIN_RPC_TIMEOUT_MS: '150' }), { database: t.database, logger: false });
    try {
      await restarted.ready();
      xrpl.misbehave(/^account_tx$/, { kind: 'hang' }, 3);
      await expect(restarted.chainWatch.poll('XRP')).rejects.toThrow(/account_tx: .*(timeout|aborted)/i);
      expect(await cursor()).toMatchObject({ lastBlock: before.lastBlock });

      expect(await restarted.chainWatch.poll('XRP')).toMatchObject({
        scanned: [before.lastBlock! + 1, xrpl.validated().index],
        transfers: 1,
      });
      expect((await row(order.id)).status).toBe('deposit_confirmed');
      expect((await depositsOf(order.id))[0]).toMatchObject({ blockNumber: paid.index, confirmations: 1 });
      expect((await cursor()).lastError).toBeNull();
    } finally {
      await restarted.close();
    }
  });

  it("Settings list XRP with 1 confirmation and the environment's endpoint", async () => {
    const listed = await t.request({ method: 'GET', url: '/api/admin/chain-networks', cookie: admin });
    expect(listed.statusCode, listed.body).toBe(200);
    const networks = listed.json().networks as { network: string }[];
    expect(networks.find((each) => each.network === 'XRP')).toEqual(
      expect.objectContaining({ network: 'XRP', hasEnvEndpoint: true, requiredConfirmations: 1, tokens: {} }),
    );
  });

  it("an XRP buy's payout is checked with the customer's destination tag: paid with it, verified; without it, a mismatch for staff", async () => {
    const customer = await tierTwoCustomer(t);
    const support = (await t.createStaff('support')).cookie;
    const wallet = xrpAddress();
    async function completedBuy(payout: (order: TOrder) => string): Promise<TOrder> {
      const quote = await t.request({
        method: 'POST',
        url: '/api/quotes',
        cookie: customer.cookie,
        payload: { coinSymbol: 'xrp', side: 'buy', fiatCurrency: 'GHS', amountFiat: '150' },
      });
      expect(quote.statusCode, quote.body).toBe(201);
      const created = await t.request({
        method: 'POST',
        url: '/api/orders',
        cookie: customer.cookie,
        payload: {
          type: 'buy',
          quoteId: quote.json().id,
          walletAddress: wallet,
          destinationTag: '4242',
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
        payload: await approvalBody(t, order.id, { payoutReference: payout(order) }),
      });
      expect(approved.statusCode, approved.body).toBe(200);
      return order;
    }
    const checkOf = async (orderId: number) =>
      (await t.database.db.select().from(chainPayoutChecks).where(eq(chainPayoutChecks.orderId, orderId)))[0];

    const tagged = await completedBuy(
      (order) => xrpl.closeLedger([{ from: FIXED, to: wallet, amount: drops(order.amountCrypto), tag: 4242 }]).txs[0]!.hash,
    );
    const untagged = await completedBuy(
      (order) => xrpl.closeLedger([{ from: FIXED, to: wallet, amount: drops(order.amountCrypto) }]).txs[0]!.hash,
    );
    await t.app.chainWatch.poll('XRP');
    expect(await checkOf(tagged.id)).toMatchObject({ status: 'verified', network: 'XRP' });
    expect(await checkOf(untagged.id)).toMatchObject({ status: 'mismatch' });
    const [item] = await exceptionsOf(untagged.id);
    expect(item).toMatchObject({ kind: 'payout_mismatch', accountKey: 'wallet:XRP:XRP' });
    expect(item!.detail).toContain(`to ${wallet} without a destination tag`);
  });
});
