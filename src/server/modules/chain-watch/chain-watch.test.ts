import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAdminOrder, TOrder } from '#shared/contracts/orders.js';
import type { TChainNetwork } from '#shared/contracts/chain-watch.js';
import { chainDeposits, chainNetworks } from '#server/db/schema/chain.js';
import { complianceAlerts } from '#server/db/schema/compliance.js';
import { orderEvents, orders } from '#server/db/schema/orders.js';
import { statementExceptions } from '#server/db/schema/statements.js';
import { deployTestToken, startAnvil, tokenTransfer, toUnits, type TAnvil } from '#test/helpers/anvil.js';
import { startFakePriceServer, type TFakePriceServer } from '#test/helpers/fake-price-server.js';
import type { AddressInfo } from 'node:net';
import type { TOrderSocketEvent } from '#shared/contracts/orders.js';
import { createTestApp, SUPER_ADMIN, TEST_ORIGIN, type TTestApp } from '#test/helpers/test-app.js';
import { setDepositKey } from '#test/helpers/deposit-keys.js';
import { openSocket } from '#test/helpers/ws-client.js';
import { EVM_XPUB } from '#test/helpers/test-keys.js';

const PAYOUT = { type: 'momo', provider: 'MTN MoMo', name: 'Ama Mensah', number: '0241234567' } as const;

/*
 * The chain watchers on a real local chain (issue 32 points 2 and 3, docs/decisions/058): anvil
 * (npm @foundry-rs/anvil) with a test ERC20 standing for USDT, sell orders with their own address
 * derived from a watch-only key, and the EVM watcher polled as its job polls it. On PGlite (npm
 * test) and on PostgreSQL (the API suite under with-postgres).
 */
describe('chain watchers on a local EVM chain', () => {
  let anvil: TAnvil;
  let token: string;
  let t: TTestApp;
  let fake: TFakePriceServer;
  let admin: string;
  let manager: { email: string; cookie: string };
  let seller: { cookie: string };

  beforeAll(async () => {
    anvil = await startAnvil();
    console.log(`anvil answered ${anvil.startMs.toFixed(0)} ms after its start`);
    token = await deployTestToken(anvil, 10n ** 15n);
    fake = await startFakePriceServer();
    t = await createTestApp({
      ...fake.env(),
      TEST_CLOCK: 'true',
      CHAIN_ERC20_RPC_URL: anvil.url,
      CHAIN_ERC20_USDT_CONTRACT: token,
      CHAIN_RPC_MIN_INTERVAL_MS: '0',
    });
    await t.app.market.refreshOnce();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    admin = await t.loginCookie(SUPER_ADMIN.email, SUPER_ADMIN.password, 'admin');
    manager = await t.createStaff('manager');
    seller = await t.signUp();
    // The EVM key on USDT-ERC20, as the Currencies page sets it: asked by a manager, approved by the Super Admin.
    await setDepositKey(t, { admin, manager }, 'usdt', 'ERC20', EVM_XPUB);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await fake?.close();
    await anvil?.close();
  });

  async function sellUsdt(): Promise<TOrder> {
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
      payload: { type: 'sell', quoteId: quote.json().id, network: 'ERC20', payout: PAYOUT },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().order as TOrder;
    expect(order.depositTo).toMatchObject({ network: 'ERC20', perOrder: true });
    return order;
  }
  const row = async (id: number) => (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const poll = () => t.app.chainWatch.poll('ERC20');
  const exceptionsOf = (orderId: number) =>
    t.database.db.select().from(statementExceptions).where(eq(statementExceptions.orderId, orderId));
  const customerOrder = async (id: number) =>
    (await t.request({ method: 'GET', url: `/api/orders/${id}`, cookie: seller.cookie })).json().order as TOrder;
  const adminOrder = async (id: number) =>
    (await t.request({ method: 'GET', url: `/api/admin/orders/${id}`, cookie: admin })).json().order as TAdminOrder;

  it("sees a USDT transfer to the order's own address: detected, confirmations rising, confirmed at 12 with the chain as evidence", async () => {
    await poll(); // the cursor catches up with the chain (the token's deployment)
    const order = await sellUsdt();
    const units = toUnits(order.amountCrypto, 6);
    const sent = await tokenTransfer(anvil, token, order.depositTo!.address, units);

    expect(await poll()).toMatchObject({ transfers: 1, confirmed: 0 });
    const detected = await row(order.id);
    expect(detected.status).toBe('deposit_detected');
    expect(detected.paymentTxId).toBe(sent.transactionHash);
    const [deposit] = await t.database.db.select().from(chainDeposits).where(eq(chainDeposits.orderId, order.id));
    expect(deposit).toMatchObject({ status: 'seen', confirmations: 1, txHash: sent.transactionHash, coinSymbol: 'usdt' });
    expect(deposit!.amount).toMatch(new RegExp(`^${order.amountCrypto.replace('.', '\\.')}0*$`));
    expect((await customerOrder(order.id)).chainDeposit).toMatchObject({ txHash: sent.transactionHash, confirmations: 1, required: 12 });
    expect((await adminOrder(order.id)).chainDeposit).toMatchObject({ txHash: sent.transactionHash, confirmations: 1, required: 12 });
    // "I have sent" stays optional: the hash seen is accepted (nothing changes), another one is refused.
    const other = `0x${'ab'.repeat(32)}`;
    const wrong = await t.request({
      method: 'POST',
      url: `/api/orders/${order.id}/payment`,
      cookie: seller.cookie,
      payload: { paymentTxId: other },
    });
    expect(wrong.statusCode, wrong.body).toBe(409);
    expect(wrong.json().error.code).toBe('TX_HASH_NOT_DETECTED');
    const same = await t.request({
      method: 'POST',
      url: `/api/orders/${order.id}/payment`,
      cookie: seller.cookie,
      payload: { paymentTxId: sent.transactionHash },
    });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json().order.status).toBe('deposit_detected');

    // The customer's page hears of each new confirmation (the order socket), with no change of status.
    const port = (t.app.server.address() as AddressInfo).port;
    const { client } = await openSocket<TOrderSocketEvent>(`ws://127.0.0.1:${port}/api/orders/socket`, {
      cookie: seller.cookie,
      origin: TEST_ORIGIN,
    });
    await anvil.mine(10);
    await poll();
    expect(await client!.waitFor('order', (event) => event.orderId === order.id)).toMatchObject({ status: 'deposit_detected' });
    await client!.close();
    expect((await row(order.id)).status).toBe('deposit_detected');
    expect((await customerOrder(order.id)).chainDeposit).toMatchObject({ confirmations: 11, required: 12 });

    await anvil.mine(1);
    expect(await poll()).toMatchObject({ confirmed: 1 });
    const confirmed = await row(order.id);
    expect(confirmed.status).toBe('deposit_confirmed');
    expect(confirmed.evidenceKind).toBe('chain_transaction');
    expect(confirmed.evidence).toContain(sent.transactionHash);
    expect(confirmed.confirmedBy).toBeNull();
    const events = await t.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(events.map((e) => [e.fromStatus, e.toStatus, e.actorKind])).toEqual([
      [null, 'awaiting_deposit', 'customer'],
      ['awaiting_deposit', 'deposit_detected', 'system'],
      ['deposit_detected', 'deposit_confirmed', 'system'],
    ]);
    expect(await exceptionsOf(order.id)).toEqual([]);
    // The cursor is where the chain is: a restart scans on from there.
    const [network] = await t.database.db.select().from(chainNetworks).where(eq(chainNetworks.network, 'ERC20'));
    expect(network!.lastBlock).toBe(await anvil.head());
  });

  it("a reorganisation that drops the deposit's block puts the order back to awaiting and gives staff an item", async () => {
    const order = await sellUsdt();
    const snapshot = await anvil.call<string>('evm_snapshot');
    const sent = await tokenTransfer(anvil, token, order.depositTo!.address, toUnits(order.amountCrypto, 6));
    await poll();
    expect((await row(order.id)).status).toBe('deposit_detected');
    // The signed transaction, to broadcast it again once its block is gone.
    const raw = await anvil.call<string>('eth_getRawTransactionByHash', [sent.transactionHash]);

    expect(await anvil.call('evm_revert', [snapshot])).toBe(true);
    await anvil.mine(3); // another branch, longer than the one dropped
    expect(await poll()).toMatchObject({ reorged: 1 });
    expect((await row(order.id)).status).toBe('awaiting_deposit');
    const [deposit] = await t.database.db.select().from(chainDeposits).where(eq(chainDeposits.txHash, sent.transactionHash));
    expect(deposit!.status).toBe('reorged');
    const items = await exceptionsOf(order.id);
    expect(items.map((item) => [item.kind, item.status, item.chainDepositId])).toEqual([['deposit_reorged', 'open', deposit!.id]]);
    expect((await customerOrder(order.id)).status).toBe('awaiting_deposit');

    // The same transfer mined again (on the new branch) is found again: detected once more.
    expect(await anvil.call<string>('eth_sendRawTransaction', [raw])).toBe(sent.transactionHash);
    await anvil.mined(sent.transactionHash);
    await poll();
    expect((await row(order.id)).status).toBe('deposit_detected');
    const [revived] = await t.database.db.select().from(chainDeposits).where(eq(chainDeposits.txHash, sent.transactionHash));
    expect(revived!.status).toBe('seen');
  });

  it('a wrong amount is detected but never confirmed by itself: an item of the exceptions queue for staff', async () => {
    const order = await sellUsdt();
    await tokenTransfer(anvil, token, order.depositTo!.address, toUnits(order.amountCrypto, 6) - 1n);
    await poll();
    expect((await row(order.id)).status).toBe('deposit_detected');
    const items = await exceptionsOf(order.id);
    expect(items.map((item) => [item.kind, item.accountKey])).toEqual([['short_payment', 'wallet:USDT:ERC20']]);
    expect(items[0]!.detail).toContain(`Order #${order.id} expects`);

    await anvil.mine(12);
    await poll();
    expect((await row(order.id)).status).toBe('deposit_detected');
    const [deposit] = await t.database.db.select().from(chainDeposits).where(eq(chainDeposits.orderId, order.id));
    expect(deposit!.status).toBe('confirmed');

    // A second transfer to the same address: the order is no longer waiting, so staff decide.
    await tokenTransfer(anvil, token, order.depositTo!.address, 5n);
    await poll();
    const more = await t.database.db
      .select()
      .from(statementExceptions)
      .where(and(eq(statementExceptions.orderId, order.id), eq(statementExceptions.kind, 'no_order')));
    expect(more).toHaveLength(1);
  });

  it('a deposit after the order expired is an item for staff, who record the coins sent back', async () => {
    const order = await sellUsdt();
    // Expired as the expiry job leaves it (the trigger allows awaiting_deposit -> expired).
    await t.database.db.update(orders).set({ status: 'expired' }).where(eq(orders.id, order.id));
    await tokenTransfer(anvil, token, order.depositTo!.address, toUnits(order.amountCrypto, 6));
    await poll();
    expect((await row(order.id)).status).toBe('expired');
    const [item] = await exceptionsOf(order.id);
    expect(item).toMatchObject({ kind: 'late_deposit', status: 'open' });

    const listed = await t.request({ method: 'GET', url: '/api/admin/statements/exceptions', cookie: admin });
    expect(listed.statusCode, listed.body).toBe(200);
    expect((listed.json().exceptions as { id: number; kind: string }[]).find((each) => each.id === item!.id)?.kind).toBe('late_deposit');
    const refunded = await t.request({
      method: 'POST',
      url: `/api/admin/statements/exceptions/${item!.id}/resolve`,
      cookie: admin,
      payload: {
        resolution: 'refund',
        reference: `0x${'cd'.repeat(32)}`,
        reason: 'The order had expired; the USDT went back to the sender.',
      },
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json().exception).toMatchObject({ status: 'refunded', resolution: { reference: `0x${'cd'.repeat(32)}` } });
  });

  it('sees ether itself by scanning the blocks: an ETH sell on the same key is detected and confirmed', async () => {
    // The same EVM key may serve ETH too (docs/decisions/056): set it on ETH's network.
    await setDepositKey(t, { admin, manager }, 'eth', 'ERC20', EVM_XPUB);
    // Another customer: the first has used their Tier 0 limit by now.
    const ethSeller = await t.signUp();
    const quote = await t.request({
      method: 'POST',
      url: '/api/quotes',
      cookie: ethSeller.cookie,
      payload: { coinSymbol: 'eth', side: 'sell', fiatCurrency: 'USD', amountFiat: '5' },
    });
    const placed = await t.request({
      method: 'POST',
      url: '/api/orders',
      cookie: ethSeller.cookie,
      payload: { type: 'sell', quoteId: quote.json().id, network: 'ERC20', payout: PAYOUT },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().order as TOrder;
    expect(order.depositTo?.perOrder).toBe(true);
    const sent = await anvil.send({ to: order.depositTo!.address, value: toUnits(order.amountCrypto, 18) });
    await poll();
    expect((await row(order.id)).status).toBe('deposit_detected');
    const seen = await t.request({ method: 'GET', url: `/api/orders/${order.id}`, cookie: ethSeller.cookie });
    expect(seen.json().order.chainDeposit).toMatchObject({ txHash: sent.transactionHash, confirmations: 1 });
    // Someone else's order: not found, its deposit not shown.
    expect((await t.request({ method: 'GET', url: `/api/orders/${order.id}`, cookie: seller.cookie })).statusCode).toBe(404);
    await anvil.mine(11);
    await poll();
    expect((await row(order.id)).status).toBe('deposit_confirmed');
  });

  it('Settings (Super Admins): confirmations and endpoint per network, the URL never read back; a manager is refused', async () => {
    const listed = await t.request({ method: 'GET', url: '/api/admin/chain-networks', cookie: admin });
    expect(listed.statusCode, listed.body).toBe(200);
    const erc20 = (listed.json().networks as TChainNetwork[]).find((each) => each.network === 'ERC20')!;
    expect(erc20).toMatchObject({ hasEnvEndpoint: true, rpcHost: null, requiredConfirmations: 12, lastBlock: await anvil.head() });
    expect(erc20.tokens.USDT).toEqual({ contract: token, decimals: 6 });

    const put = (payload: object, cookie = admin) => t.request({ method: 'PUT', url: '/api/admin/chain-networks/ERC20', cookie, payload });
    expect((await t.request({ method: 'GET', url: '/api/admin/chain-networks', cookie: manager.cookie })).statusCode).toBe(403);
    expect((await put({ requiredConfirmations: 1 }, manager.cookie)).statusCode).toBe(403);
    expect((await put({ requiredConfirmations: 0 })).statusCode).toBe(400);
    expect((await put({ requiredConfirmations: 3, rpcUrl: 'ftp://example.com' })).statusCode).toBe(400);

    // The endpoint set here wins over the environment's: one that refuses makes the poll fail, with its error kept.
    expect((await put({ requiredConfirmations: 12, rpcUrl: 'http://127.0.0.1:1/' })).statusCode).toBe(200);
    await expect(poll()).rejects.toThrow('eth_getBlockByNumber');
    const failed = (await t.request({ method: 'GET', url: '/api/admin/chain-networks', cookie: admin })).json().networks as TChainNetwork[];
    expect(failed.find((each) => each.network === 'ERC20')!.lastError).toContain('eth_getBlockByNumber');
    // Its URL (a provider key in it) is not sent back.
    const withKey = `${anvil.url}/?apikey=secret-key-123`;
    const saved = await put({ requiredConfirmations: 3, rpcUrl: withKey });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.body).not.toContain('secret-key-123');
    expect(saved.json()).toMatchObject({ requiredConfirmations: 3, rpcHost: new URL(anvil.url).host });

    // Three confirmations now confirm a deposit, read through the endpoint set here.
    const ethSeller = await t.signUp();
    const quote = await t.request({
      method: 'POST',
      url: '/api/quotes',
      cookie: ethSeller.cookie,
      payload: { coinSymbol: 'usdt', side: 'sell', fiatCurrency: 'USD', amountFiat: '5' },
    });
    const placed = await t.request({
      method: 'POST',
      url: '/api/orders',
      cookie: ethSeller.cookie,
      payload: { type: 'sell', quoteId: quote.json().id, network: 'ERC20', payout: PAYOUT },
    });
    const order = placed.json().order as TOrder;
    await tokenTransfer(anvil, token, order.depositTo!.address, toUnits(order.amountCrypto, 6));
    await poll();
    expect((await row(order.id)).status).toBe('deposit_detected');
    await anvil.mine(2);
    await poll();
    expect((await row(order.id)).status).toBe('deposit_confirmed');
  });

  it('screens the sender of a deposit (docs/decisions/075): a listed one holds the order for compliance, the seller is told nothing', async () => {
    // Anvil's sending account on the operator's list, written with capitals: EVM addresses compare without case.
    const listed = await t.request({
      method: 'POST',
      url: '/api/admin/compliance/sanctions/entries',
      cookie: admin,
      payload: { kind: 'address', value: anvil.from.replace(/[a-f]/g, (letter) => letter.toUpperCase()) },
    });
    expect(listed.statusCode, listed.body).toBe(200);
    // A seller of their own (the first one is at their Tier 0 limit by now).
    const screened = await t.signUp();
    const quote = await t.request({
      method: 'POST',
      url: '/api/quotes',
      cookie: screened.cookie,
      payload: { coinSymbol: 'usdt', side: 'sell', fiatCurrency: 'USD', amountFiat: '5' },
    });
    const placed = await t.request({
      method: 'POST',
      url: '/api/orders',
      cookie: screened.cookie,
      payload: { type: 'sell', quoteId: quote.json().id, network: 'ERC20', payout: PAYOUT },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().order as TOrder;
    await tokenTransfer(anvil, token, order.depositTo!.address, toUnits(order.amountCrypto, 6));
    await poll();
    expect((await row(order.id)).status).toBe('deposit_detected');
    const alerts = await t.database.db
      .select()
      .from(complianceAlerts)
      .where(and(eq(complianceAlerts.orderId, order.id), eq(complianceAlerts.rule, 'sanctions')));
    expect(
      alerts.map((alert) => [alert.action, alert.details.subject, alert.details.screened, alert.details.listName, alert.details.at]),
    ).toEqual([['hold', 'address', anvil.from.toLowerCase(), 'Operator list', 'deposit']]);
    expect((await adminOrder(order.id)).complianceHold).toBe(true);
    const own = await t.request({ method: 'GET', url: `/api/orders/${order.id}`, cookie: screened.cookie });
    expect(own.statusCode).toBe(200);
    expect(own.body).not.toMatch(/sanction|hold|compliance|alert/i);
  });
});
