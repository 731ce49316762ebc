import { and, asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TOrder } from '#shared/contracts/orders.js';
import type { TStatementException } from '#shared/contracts/statements.js';
import { Dec } from '#shared/money.js';
import { chainDeposits } from '#server/db/schema/chain.js';
import { ledgerAccounts, ledgerEntries, ledgerPostings } from '#server/db/schema/ledger.js';
import { statementExceptions } from '#server/db/schema/statements.js';
import { verifyLedger } from '#server/modules/ledger/service.js';
import { startFakeEsploraServer, type TFakeEsplora } from '#test/helpers/fake-esplora-server.js';
import { startFakePriceServer, type TFakePriceServer } from '#test/helpers/fake-price-server.js';
import { createTestApp, SUPER_ADMIN, type TTestApp } from '#test/helpers/test-app.js';
import { setDepositKey } from '#test/helpers/deposit-keys.js';
import { BIP84_ZPUB } from '#test/helpers/test-keys.js';
import { UNREACHED_TIMEOUT_MS } from '#test/helpers/timeouts.js';

/*
 * Coins seen on chain in the ledger (issue 32 point 5, docs/decisions/068), against the local fake
 * of the Esplora API: a deposit that no order's confirmation records (to a cancelled order, after
 * expiry) is held in suspense by the watcher (the BTC wallet up, suspense owed), and leaves it when
 * staff decide: written off to revenue, refunded out of the wallet, linked (the entry reversed); a
 * reorganisation that takes the deposit away reverses the entry, and the same transfer mined again
 * is held again. The ledger's chain and sums hold throughout. PGlite and PostgreSQL.
 */

const PAYOUT = { type: 'momo', provider: 'MTN MoMo', name: 'Ama Mensah', number: '0241234567' } as const;
const WALLET = 'asset:wallet:BTC:BTC';
const SUSPENSE = 'liability:suspense:BTC';

let btc: TFakeEsplora;
let prices: TFakePriceServer;
let t: TTestApp;
let admin: string;
let manager: { email: string; cookie: string };

beforeAll(async () => {
  btc = await startFakeEsploraServer({ chain: 'bitcoin', startHeight: 870_000 });
  prices = await startFakePriceServer();
  t = await createTestApp({
    ...prices.env(),
    TEST_CLOCK: 'true',
    CHAIN_BTC_ESPLORA_URL: btc.url,
    CHAIN_ESPLORA_MIN_INTERVAL_MS: '0',
    CHAIN_RPC_TIMEOUT_MS: String(UNREACHED_TIMEOUT_MS),
    CHAIN_START_BLOCKS_BACK: '0',
  });
  await t.app.market.refreshOnce();
  admin = await t.loginCookie(SUPER_ADMIN.email, SUPER_ADMIN.password, 'admin');
  manager = await t.createStaff('manager');
  await setDepositKey(t, { admin, manager }, 'btc', 'BTC', BIP84_ZPUB);
  await t.app.chainWatch.poll('BTC'); // the cursor catches up with the chain
}, 120_000);

afterAll(async () => {
  await t?.close();
  await prices?.close();
  await btc?.close();
});

function sats(amount: string): number {
  const [whole, fraction = ''] = amount.split('.');
  return Number(BigInt(whole! + fraction.padEnd(8, '0').slice(0, 8)));
}

/** A BTC sell to its own address, by a new customer. */
async function sell(): Promise<{ order: TOrder; cookie: string }> {
  const seller = await t.signUp();
  const quote = await t.request({
    method: 'POST',
    url: '/api/quotes',
    cookie: seller.cookie,
    payload: { coinSymbol: 'btc', side: 'sell', fiatCurrency: 'USD', amountFiat: '5' },
  });
  expect(quote.statusCode, quote.body).toBe(201);
  const placed = await t.request({
    method: 'POST',
    url: '/api/orders',
    cookie: seller.cookie,
    payload: { type: 'sell', quoteId: quote.json().id, network: 'BTC', payout: PAYOUT },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  return { order: placed.json().order as TOrder, cookie: seller.cookie };
}

/** A sell the customer cancelled, then paid anyway: the deposit and its item. */
async function depositToCancelledOrder() {
  const { order, cookie } = await sell();
  expect((await t.request({ method: 'POST', url: `/api/orders/${order.id}/cancel`, cookie })).statusCode).toBe(200);
  const mined = btc.mine([[{ address: order.depositTo!.address, sats: sats(order.amountCrypto) }]]);
  await t.app.chainWatch.poll('BTC');
  const [deposit] = await t.database.db.select().from(chainDeposits).where(eq(chainDeposits.txHash, mined.txs[0]!.txid));
  const [item] = await t.database.db.select().from(statementExceptions).where(eq(statementExceptions.chainDepositId, deposit!.id));
  return { order, deposit: deposit!, item: item!, tx: mined.txs[0]! };
}

/** The postings of the ledger entries whose memo names the deposit, by kind and account code. */
async function entriesOfDeposit(depositId: number) {
  const rows = await t.database.db
    .select({
      id: ledgerEntries.id,
      kind: ledgerEntries.kind,
      createdBy: ledgerEntries.createdBy,
      code: ledgerAccounts.code,
      amount: ledgerPostings.amount,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerPostings, eq(ledgerPostings.entryId, ledgerEntries.id))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .where(like(ledgerEntries.memo, `Chain deposit ${depositId} %`))
    .orderBy(asc(ledgerEntries.id), asc(ledgerPostings.id));
  const entries: { kind: string; createdBy: string | null; postings: Record<string, string> }[] = [];
  for (const row of rows) {
    let entry = entries.at(-1);
    if (!entry || (entry as { id?: number }).id !== row.id) {
      entry = Object.assign({ kind: row.kind, createdBy: row.createdBy, postings: {} }, { id: row.id });
      entries.push(entry);
    }
    entry.postings[row.code] = new Dec(row.amount).toFixed();
  }
  return entries.map(({ kind, createdBy, postings }) => ({ kind, createdBy, postings }));
}

const resolve = (id: number, payload: Record<string, unknown>) =>
  t.request({ method: 'POST', url: `/api/admin/statements/exceptions/${id}/resolve`, cookie: manager.cookie, payload });

describe('coins seen on chain in the ledger', () => {
  it('a deposit to a cancelled order is held in suspense by the system; written off, it goes to revenue', async () => {
    const { order, deposit, item } = await depositToCancelledOrder();
    expect(item).toMatchObject({ kind: 'no_order', orderId: order.id });
    const amount = new Dec(deposit.amount).toFixed();
    expect(deposit.suspenseEntryId).not.toBeNull();
    expect(await entriesOfDeposit(deposit.id)).toEqual([
      { kind: 'unidentified_receipt', createdBy: null, postings: { [WALLET]: amount, [SUSPENSE]: `-${amount}` } },
    ]);
    const listed = (await t.request({ method: 'GET', url: '/api/admin/statements/exceptions', cookie: manager.cookie })).json()
      .exceptions as TStatementException[];
    expect(listed.find((each) => each.id === item.id)).toMatchObject({ chainDepositHeld: true });

    // A second poll does not hold it twice.
    btc.mineEmpty(1);
    await t.app.chainWatch.poll('BTC');
    expect(await entriesOfDeposit(deposit.id)).toHaveLength(1);

    const closed = await resolve(item.id, { resolution: 'write_off', reason: 'Customer unreachable for 90 days.' });
    expect(closed.statusCode, closed.body).toBe(200);
    const entries = await entriesOfDeposit(deposit.id);
    expect(entries.at(-1)).toMatchObject({
      kind: 'suspense_write_off',
      postings: { [SUSPENSE]: amount, 'revenue:written_off:BTC': `-${amount}` },
    });
    expect(entries.at(-1)!.createdBy).not.toBeNull();
    expect((await t.database.db.select().from(chainDeposits).where(eq(chainDeposits.id, deposit.id)))[0]!.suspenseEntryId).toBeNull();
    expect((await verifyLedger(t.database.db)).problems).toEqual([]);
  });

  it('a deposit after the order expired, refunded: out of suspense and out of the wallet', async () => {
    const { order } = await sell();
    expect((await t.request({ method: 'POST', url: '/api/test/clock', payload: { advanceMinutes: 24 * 60 } })).statusCode).toBe(200);
    const mined = btc.mine([[{ address: order.depositTo!.address, sats: sats(order.amountCrypto) }]]);
    await t.app.chainWatch.poll('BTC');
    const [deposit] = await t.database.db.select().from(chainDeposits).where(eq(chainDeposits.txHash, mined.txs[0]!.txid));
    const [item] = await t.database.db
      .select()
      .from(statementExceptions)
      .where(and(eq(statementExceptions.chainDepositId, deposit!.id), eq(statementExceptions.kind, 'late_deposit')));
    expect(item).toBeDefined();
    const amount = new Dec(deposit!.amount).toFixed();

    const refunded = await resolve(item!.id, { resolution: 'refund', reference: 'ab'.repeat(32), reason: 'Sent back to the customer.' });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect((await entriesOfDeposit(deposit!.id)).map((entry) => [entry.kind, entry.postings])).toEqual([
      ['unidentified_receipt', { [WALLET]: amount, [SUSPENSE]: `-${amount}` }],
      ['suspense_refund', { [SUSPENSE]: amount, [WALLET]: `-${amount}` }],
    ]);
    expect((await verifyLedger(t.database.db)).problems).toEqual([]);
  });

  it('a held deposit that a reorganisation takes away is let go by the ledger; mined again, it is held again', async () => {
    const { deposit, tx } = await depositToCancelledOrder();
    const amount = new Dec(deposit.amount).toFixed();
    btc.reorg(1);
    btc.mineEmpty(2);
    await t.app.chainWatch.poll('BTC');
    expect((await entriesOfDeposit(deposit.id)).map((entry) => [entry.kind, entry.postings])).toEqual([
      ['unidentified_receipt', { [WALLET]: amount, [SUSPENSE]: `-${amount}` }],
      ['reversal', { [WALLET]: `-${amount}`, [SUSPENSE]: amount }],
    ]);
    expect((await t.database.db.select().from(chainDeposits).where(eq(chainDeposits.id, deposit.id)))[0]!.suspenseEntryId).toBeNull();

    btc.mine([tx]);
    await t.app.chainWatch.poll('BTC');
    const entries = await entriesOfDeposit(deposit.id);
    expect(entries.map((entry) => entry.kind)).toEqual(['unidentified_receipt', 'reversal', 'unidentified_receipt']);
    expect((await t.database.db.select().from(chainDeposits).where(eq(chainDeposits.id, deposit.id)))[0]!.suspenseEntryId).not.toBeNull();
    expect((await verifyLedger(t.database.db)).problems).toEqual([]);
  });
});
