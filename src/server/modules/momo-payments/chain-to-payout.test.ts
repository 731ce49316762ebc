import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTO_PAYOUT_MSG } from '#shared/contracts/momo.js';
import { Dec } from '#shared/money.js';
import type { TOrder } from '#shared/contracts/orders.js';
import { users } from '#server/db/schema/auth.js';
import { momoPayments } from '#server/db/schema/momo.js';
import { orderEvents, orders } from '#server/db/schema/orders.js';
import { firstOrThrow } from '#server/db/rows.js';
import { verifyLedger } from '#server/modules/ledger/service.js';
import { startFakeEsploraServer, type TFakeEsplora } from '#test/helpers/fake-esplora-server.js';
import { startFakeMtnMomoServer, type TFakeMtnServer } from '#test/helpers/fake-mtn-momo-server.js';
import type { TFakePriceServer } from '#test/helpers/fake-price-server.js';
import { orderEntries } from '#test/helpers/ledger-postings.js';
import { tierTwoCustomer } from '#test/helpers/orders.js';
import { createOrderTestApp, SUPER_ADMIN, type TTestApp } from '#test/helpers/test-app.js';
import { setDepositKey } from '#test/helpers/deposit-keys.js';
import { BIP84_ZPUB } from '#test/helpers/test-keys.js';
import { UNREACHED_TIMEOUT_MS } from '#test/helpers/timeouts.js';

/*
 * A sell settled with no person in the middle (issues 32 and 33 together): the Bitcoin watcher
 * (docs/decisions/062, against the local fake of the Esplora API) sees the coins arrive at the
 * order's own address and confirms the deposit at 2 confirmations; the auto-payout policy
 * (docs/decisions/061) then pays the seller's verified MTN number through the local fake of MTN's
 * Disbursement API, and the order completes from the transfer's status. Every move is the
 * system's; the ledger holds the deposit and the payout.
 */

let btc: TFakeEsplora;
let mtn: TFakeMtnServer;
let prices: TFakePriceServer;
let t: TTestApp;
let methodId: number;
let admin: string;

const db = () => t.database.db;

beforeAll(async () => {
  btc = await startFakeEsploraServer({ chain: 'bitcoin', startHeight: 870_000 });
  mtn = await startFakeMtnMomoServer({ delayedReads: 1 });
  ({
    t,
    fake: prices,
    methodId,
  } = await createOrderTestApp('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', {
    TEST_CLOCK: 'true',
    CHAIN_BTC_ESPLORA_URL: btc.url,
    CHAIN_ESPLORA_MIN_INTERVAL_MS: '0',
    CHAIN_RPC_TIMEOUT_MS: String(UNREACHED_TIMEOUT_MS),
    CHAIN_START_BLOCKS_BACK: '0',
    MOMO_PROVIDER: 'mtn',
    MTN_BASE_URL: mtn.url,
    MTN_COLLECTION_SUBSCRIPTION_KEY: mtn.credentials.collection.subscriptionKey,
    MTN_COLLECTION_API_USER: mtn.credentials.collection.apiUser,
    MTN_COLLECTION_API_KEY: mtn.credentials.collection.apiKey,
    MTN_DISBURSEMENT_SUBSCRIPTION_KEY: mtn.credentials.disbursement.subscriptionKey,
    MTN_DISBURSEMENT_API_USER: mtn.credentials.disbursement.apiUser,
    MTN_DISBURSEMENT_API_KEY: mtn.credentials.disbursement.apiKey,
  }));
  admin = await t.loginCookie(SUPER_ADMIN.email, SUPER_ADMIN.password, 'admin');

  // The watch-only key of the BTC wallet, asked for by a manager and approved by the super admin (four eyes).
  const manager = await t.createStaff('manager');
  await setDepositKey(t, { admin, manager }, 'btc', 'BTC', BIP84_ZPUB);

  const policy = await t.request({
    method: 'PUT',
    url: '/api/admin/auto-payout-policy',
    cookie: admin,
    payload: { enabled: true, maxGhs: '2000', dailyCapGhs: '20000', minTier: 1, paidFromMethodId: methodId },
  });
  expect(policy.statusCode, policy.body).toBe(200);
}, 120_000);

afterAll(async () => {
  await t?.close();
  await prices?.close();
  await mtn?.close();
  await btc?.close();
});

/** Satoshis of a decimal BTC amount (strings all the way). */
function sats(amount: string): number {
  const [whole, fraction = ''] = amount.split('.');
  return Number(BigInt(whole! + fraction.padEnd(8, '0').slice(0, 8)));
}

describe('a sell settled by the chain watcher and the payout policy', () => {
  it('coins seen and confirmed on chain, cedis sent by MTN to the verified number, the order completed: all by the system', async () => {
    const seller = await tierTwoCustomer(t, 'Ama Mensah');
    await db().update(users).set({ phone: '+233246555001', phoneVerifiedAt: new Date() }).where(eq(users.id, seller.id));
    await t.app.chainWatch.poll('BTC'); // the watcher's cursor catches up with the chain
    const quote = await t.request({
      method: 'POST',
      url: '/api/quotes',
      cookie: seller.cookie,
      payload: { coinSymbol: 'btc', side: 'sell', fiatCurrency: 'GHS', amountFiat: '300' },
    });
    expect(quote.statusCode, quote.body).toBe(201);
    const placed = await t.request({
      method: 'POST',
      url: '/api/orders',
      cookie: seller.cookie,
      payload: {
        type: 'sell',
        quoteId: quote.json().id,
        network: 'BTC',
        payout: { type: 'momo', provider: 'MTN MoMo', name: 'Ama Mensah', number: '0246555001' },
      },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().order as TOrder;
    expect(order.depositTo).toMatchObject({ network: 'BTC', perOrder: true });

    // The coins arrive at the order's own address: seen at 1 confirmation, confirmed at 2.
    btc.mine([[{ address: order.depositTo!.address, sats: sats(order.amountCrypto) }]]);
    await t.app.chainWatch.poll('BTC');
    expect(firstOrThrow(await db().select().from(orders).where(eq(orders.id, order.id))).status).toBe('deposit_detected');
    btc.mineEmpty(1);
    await t.app.chainWatch.poll('BTC');

    // The policy decided at the confirmation: a transfer to the verified number is queued.
    const [queued] = await db().select().from(momoPayments).where(eq(momoPayments.orderId, order.id));
    expect(queued).toMatchObject({ kind: 'payout', state: 'pending', amount: order.amountFiat, phone: '+233246555001' });
    await t.app.momoPoller.runOnce(); // sends it
    expect(mtn.transactions.get(queued!.referenceId)).toMatchObject({ product: 'disbursement', body: { party: '233246555001' } });
    expect((await t.request({ method: 'POST', url: '/api/test/clock', payload: { advanceMinutes: 1 } })).statusCode).toBe(200);
    await t.app.momoPoller.runOnce(); // reads its status: successful

    const done = firstOrThrow(await db().select().from(orders).where(eq(orders.id, order.id)));
    expect(done).toMatchObject({ status: 'completed', evidenceKind: 'chain_transaction', autoPayoutNote: AUTO_PAYOUT_MSG.paid });
    const events = await db().select().from(orderEvents).where(eq(orderEvents.orderId, order.id)).orderBy(asc(orderEvents.id));
    expect(events.map((event) => [event.fromStatus, event.toStatus, event.actorKind])).toEqual([
      [null, 'awaiting_deposit', 'customer'],
      ['awaiting_deposit', 'deposit_detected', 'system'],
      ['deposit_detected', 'deposit_confirmed', 'system'],
      ['deposit_confirmed', 'completed', 'system'],
    ]);
    // The ledger: the coins received into the BTC wallet, the cedis out of the policy's MoMo wallet, both by the system.
    const [received] = await orderEntries(db(), order.id, 'payment_received');
    const [sent] = await orderEntries(db(), order.id, 'payout_sent');
    expect(received?.createdBy).toBeNull();
    expect(sent?.createdBy).toBeNull();
    expect(sent?.postings[`asset:momo:${methodId}`]).toBe(new Dec(order.amountFiat).neg().toFixed());
    expect((await verifyLedger(db())).problems).toEqual([]);
  });
});
