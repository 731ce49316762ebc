import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAdminCoin } from '#shared/contracts/admin.js';
import type { TAdminOrder } from '#shared/contracts/orders.js';
import type { TDestinationChange } from '#shared/contracts/destination-changes.js';
import { DEPOSIT_KEY_MSG } from '#shared/deposit-keys.js';
import { depositKeys } from '#server/db/schema/app.js';
import { orders } from '#server/db/schema/orders.js';
import { startFakePriceServer, type TFakePriceServer } from '#test/helpers/fake-price-server.js';
import { createTestApp, setDepositAddress, SUPER_ADMIN, type TTestApp } from '#test/helpers/test-app.js';
import { BIP84_ADDRESSES, BIP84_XPRV, BIP84_ZPUB, EVM_ADDRESSES, EVM_XPUB, OTHER_BTC_XPUB } from '#test/helpers/test-keys.js';

const FIXED_BTC = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const PAYOUT = { type: 'momo', provider: 'MTN MoMo', name: 'Ama Mensah', number: '0241234567' } as const;

/*
 * A deposit address per sell order from a watch-only extended public key (issue 32 point 1,
 * docs/decisions/056). Before, every seller of a coin on a network was sent to one fixed address.
 * On PGlite (npm test) and on PostgreSQL (the API suite under with-postgres).
 */
describe('deposit addresses per order from watch-only keys', () => {
  let t: TTestApp;
  let fake: TFakePriceServer;
  let admin: string;
  let manager: { email: string; cookie: string };
  let support: { cookie: string };
  const coinIds = new Map<string, number>();

  beforeAll(async () => {
    fake = await startFakePriceServer();
    t = await createTestApp({ ...fake.env(), TEST_CLOCK: 'true' });
    await t.app.market.refreshOnce();
    await setDepositAddress(t.database.db, 'btc', 'BTC', FIXED_BTC);
    admin = await t.loginCookie(SUPER_ADMIN.email, SUPER_ADMIN.password, 'admin');
    manager = await t.createStaff('manager');
    support = await t.createStaff('support');
    for (const coin of await coinsList()) coinIds.set(coin.symbol, coin.id);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  async function coinsList(): Promise<TAdminCoin[]> {
    return ((await t.request({ method: 'GET', url: '/api/admin/coins', cookie: admin })).json() as { coins: TAdminCoin[] }).coins;
  }
  const networkOf = async (symbol: string, network: string) =>
    (await coinsList()).find((coin) => coin.symbol === symbol)!.networks.find((entry) => entry.network === network)!;
  const preview = (symbol: string, network: string, extendedKey: string, cookie = manager.cookie) =>
    t.request({
      method: 'POST',
      url: `/api/admin/coins/${coinIds.get(symbol)}/deposit-key-preview`,
      cookie,
      payload: { network, extendedKey },
    });
  const patch = (symbol: string, payload: object, cookie = manager.cookie) =>
    t.request({ method: 'PATCH', url: `/api/admin/coins/${coinIds.get(symbol)}`, cookie, payload });
  /** A key set as the page sets it: requested by the manager with their code, approved by the Super Admin with theirs. */
  async function setKey(symbol: string, network: string, key: string) {
    const asked = await patch(symbol, { depositKeys: { [network]: key }, code: t.secondFactorCode(manager.email) });
    expect(asked.statusCode, asked.body).toBe(200);
    const change = asked.json().pendingChange as TDestinationChange;
    const approved = await t.request({
      method: 'POST',
      url: `/api/admin/destination-changes/${change.id}/approve`,
      cookie: admin,
      payload: { code: t.secondFactorCode(SUPER_ADMIN.email) },
    });
    expect(approved.statusCode, approved.body).toBe(200);
  }
  async function sell(cookie: string, coinSymbol: string, network: string) {
    const quote = await t.request({
      method: 'POST',
      url: '/api/quotes',
      cookie,
      payload: { coinSymbol, side: 'sell', fiatCurrency: 'USD', amountFiat: '5' },
    });
    expect(quote.statusCode, quote.body).toBe(201);
    return t.request({
      method: 'POST',
      url: '/api/orders',
      cookie,
      payload: { type: 'sell', quoteId: quote.json().id, network, payout: PAYOUT },
    });
  }
  const adminOrder = async (id: number) =>
    (await t.request({ method: 'GET', url: `/api/admin/orders/${id}`, cookie: admin })).json().order as TAdminOrder;

  it('previews a key: its first three receive addresses, or what is wrong with it, never the key itself', async () => {
    const good = await preview('btc', 'BTC', BIP84_ZPUB);
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json()).toMatchObject({ prefix: 'zpub', scheme: "m/84'/0'/0'/0/i, native SegWit (bc1q…)" });
    expect(good.json().addresses).toEqual(BIP84_ADDRESSES);

    const privateKey = await preview('btc', 'BTC', BIP84_XPRV);
    expect(privateKey.statusCode).toBe(400);
    expect(privateKey.json().error).toMatchObject({ code: 'VALIDATION', message: DEPOSIT_KEY_MSG.privateKey });
    expect(privateKey.body).not.toContain(BIP84_XPRV.slice(4, 30));

    const wrongNetwork = await preview('usdt', 'ERC20', BIP84_ZPUB);
    expect(wrongNetwork.json().error.message).toBe(DEPOSIT_KEY_MSG.wrongPrefix('zpub', ['xpub']));
    expect((await preview('btc', 'BTC', 'not a key at all')).json().error.message).toBe(DEPOSIT_KEY_MSG.notAKey);
    expect((await preview('xrp', 'XRP', EVM_XPUB)).json().error.message).toBe(DEPOSIT_KEY_MSG.networkHasNoKeys);
    expect((await preview('btc', 'ERC20', EVM_XPUB)).statusCode).toBe(400);
  });

  it('refuses the preview and the key to a role that may not change Currencies (support)', async () => {
    expect((await preview('btc', 'BTC', BIP84_ZPUB, support.cookie)).statusCode).toBe(403);
    expect((await patch('btc', { depositKeys: { BTC: BIP84_ZPUB } }, support.cookie)).statusCode).toBe(403);
  });

  it('holds a new key for a second admin and a second factor; sells then get their own address, index by index; orders keep theirs', async () => {
    const seller = await t.signUp();
    // Without a key: the fixed address, as before.
    const before = await sell(seller.cookie, 'btc', 'BTC');
    expect(before.statusCode, before.body).toBe(201);
    expect(before.json().order.depositTo).toEqual({ network: 'BTC', address: FIXED_BTC, tag: null, perOrder: false });

    expect((await patch('btc', { depositKeys: { BTC: BIP84_ZPUB } })).statusCode).toBe(400);
    const refused = await patch('btc', { depositKeys: { BTC: BIP84_XPRV }, code: t.secondFactorCode(manager.email) });
    expect(refused.json().error).toMatchObject({ code: 'VALIDATION', message: DEPOSIT_KEY_MSG.privateKey });

    const asked = await patch('btc', { depositKeys: { BTC: BIP84_ZPUB }, code: t.secondFactorCode(manager.email) });
    expect(asked.statusCode, asked.body).toBe(200);
    const change = asked.json().pendingChange as TDestinationChange;
    expect(change).toMatchObject({
      kind: 'deposit_address',
      before: { depositKeys: { BTC: null } },
      after: { depositKeys: { BTC: BIP84_ZPUB } },
    });
    expect((await networkOf('btc', 'BTC')).depositKey).toBeNull();
    const again = await patch('btc', { depositKeys: { BTC: OTHER_BTC_XPUB }, code: t.secondFactorCode(manager.email) });
    expect(again.json().error.code).toBe('CHANGE_ALREADY_PENDING');
    // Still the fixed address while the change waits.
    expect((await sell(seller.cookie, 'btc', 'BTC')).json().order.depositTo.address).toBe(FIXED_BTC);

    const own = await t.request({
      method: 'POST',
      url: `/api/admin/destination-changes/${change.id}/approve`,
      cookie: manager.cookie,
      payload: { code: t.secondFactorCode(manager.email) },
    });
    expect(own.json().error.code).toBe('OWN_CHANGE');
    const approved = await t.request({
      method: 'POST',
      url: `/api/admin/destination-changes/${change.id}/approve`,
      cookie: admin,
      payload: { code: t.secondFactorCode(SUPER_ADMIN.email) },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await networkOf('btc', 'BTC')).depositKey).toMatchObject({ extendedKey: BIP84_ZPUB, nextIndex: 0, unusedInARow: 0 });

    const buyer = await t.signUp();
    const first = await sell(buyer.cookie, 'btc', 'BTC');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().order.depositTo).toEqual({ network: 'BTC', address: BIP84_ADDRESSES[0], tag: null, perOrder: true });
    const second = await sell(buyer.cookie, 'btc', 'BTC');
    expect(second.json().order.depositTo.address).toBe(BIP84_ADDRESSES[1]);
    expect((await adminOrder(second.json().order.id)).depositDerivation).toMatchObject({ index: 1 });
    expect((await networkOf('btc', 'BTC')).depositKey).toMatchObject({ nextIndex: 2, unusedInARow: 2 });
    // "I have sent" on index 0: the run of addresses nobody paid (the gap wallets look across) is index 1 alone.
    const sent = await t.request({
      method: 'POST',
      url: `/api/orders/${first.json().order.id}/payment`,
      cookie: buyer.cookie,
      payload: { paymentTxId: 'a'.repeat(64) },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await networkOf('btc', 'BTC')).depositKey).toMatchObject({ nextIndex: 2, unusedInARow: 1 });

    // Removing the key applies at once (a safety action): sells fall back to the fixed address, orders keep theirs.
    const removed = await patch('btc', { depositKeys: { BTC: '' } });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().pendingChange).toBeNull();
    expect((await sell(buyer.cookie, 'btc', 'BTC')).json().order.depositTo).toMatchObject({ address: FIXED_BTC, perOrder: false });
    const kept = await t.request({ method: 'GET', url: `/api/orders/${first.json().order.id}`, cookie: buyer.cookie });
    expect(kept.json().order.depositTo.address).toBe(BIP84_ADDRESSES[0]);

    // The same key set again continues where it was: index 2, never 0 again.
    await setKey('btc', 'BTC', BIP84_ZPUB);
    const seller2 = await t.signUp();
    const third = await sell(seller2.cookie, 'btc', 'BTC');
    expect((await adminOrder(third.json().order.id)).depositDerivation).toMatchObject({ index: 2 });
    expect(third.json().order.depositTo.address).not.toBe(BIP84_ADDRESSES[0]);
  });

  it('one EVM key serves ETH, USDT-ERC20 and USDT-BEP20 with one counter: no address is given twice across them', async () => {
    const withoutAddress = async () =>
      (
        (await t.request({ method: 'GET', url: '/api/admin/setup-status', cookie: admin })).json() as {
          depositAddresses: { coinsWithout: { symbol: string }[] };
        }
      ).depositAddresses.coinsWithout.map((coin) => coin.symbol);
    const ethSellable = async () =>
      (
        (await t.request({ method: 'GET', url: '/api/coins' })).json() as { coins: { symbol: string; networks: { canSell: boolean }[] }[] }
      ).coins.find((coin) => coin.symbol === 'eth')!.networks[0]!.canSell;
    expect(await withoutAddress()).toContain('eth');
    expect(await ethSellable()).toBe(false);
    await setKey('eth', 'ERC20', EVM_XPUB);
    // A key without a fixed address: ETH can be sold, and the first-run checklist counts it as set.
    expect(await withoutAddress()).not.toContain('eth');
    expect(await ethSellable()).toBe(true);
    await setKey('usdt', 'ERC20', EVM_XPUB);
    await setKey('usdt', 'BEP20', EVM_XPUB);
    expect(await t.database.db.select().from(depositKeys).where(eq(depositKeys.family, 'evm'))).toHaveLength(1);
    const seller = await t.signUp();
    const addresses = [
      (await sell(seller.cookie, 'eth', 'ERC20')).json().order.depositTo.address,
      (await sell(seller.cookie, 'usdt', 'BEP20')).json().order.depositTo.address,
      (await sell(seller.cookie, 'usdt', 'ERC20')).json().order.depositTo.address,
    ];
    expect(addresses.slice(0, 2)).toEqual(EVM_ADDRESSES);
    expect(new Set(addresses).size).toBe(3);
  });

  it('never gives one index to two of 50 sell orders placed at once', async () => {
    const sellers = [];
    for (let i = 0; i < 50; i += 1) sellers.push(await t.signUp());
    const keyRow = (await t.database.db.select().from(depositKeys).where(eq(depositKeys.family, 'evm')))[0]!;
    const placed = await Promise.all(sellers.map((seller) => sell(seller.cookie, 'usdt', 'ERC20')));
    for (const response of placed) expect(response.statusCode, response.body).toBe(201);
    const rows = await t.database.db.select().from(orders).where(eq(orders.depositKeyId, keyRow.id));
    const indexes = rows.map((row) => row.depositIndex!).sort((a, b) => a - b);
    expect(new Set(indexes).size).toBe(rows.length);
    expect(new Set(rows.map((row) => row.depositAddress)).size).toBe(rows.length);
    // No holes either: 0 .. n-1, and the counter is at n.
    expect(indexes).toEqual(Array.from({ length: rows.length }, (_, i) => i));
    const after = (await t.database.db.select().from(depositKeys).where(eq(depositKeys.id, keyRow.id)))[0]!;
    expect(after.nextIndex).toBe(rows.length);
    expect(rows.length).toBe(keyRow.nextIndex + 50);
  }, 300_000);
});
