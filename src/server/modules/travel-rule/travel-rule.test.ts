import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_PATHS } from '#shared/contracts/exports.js';
import { TRAVEL_RULE_MSG } from '#shared/contracts/travel-rule.js';
import { auditLog, settings } from '#server/db/schema/app.js';
import { users } from '#server/db/schema/auth.js';
import { complianceAlerts } from '#server/db/schema/compliance.js';
import { orderTravelRule } from '#server/db/schema/travel-rule.js';
import { createLocalStorage } from '#server/lib/storage.js';
import { anonymiseDueAccounts } from '#server/modules/compliance/retention.js';
import type { TFakePriceServer } from '#test/helpers/fake-price-server.js';
import { parseCsv } from '#test/helpers/csv.js';
import { btcWallet, evmWallet, tronWallet } from '#test/helpers/message-signing.js';
import { tierTwoCustomer } from '#test/helpers/orders.js';
import { createOrderTestApp, SUPER_ADMIN, type TTestApp } from '#test/helpers/test-app.js';

/*
 * The Travel Rule data of an order (issue 34 point 1, docs/decisions/076-travel-rule-data.md)
 * against the real app and database: the provider case, a self-hosted wallet under and over the
 * threshold, and a valid and a forged signature for BTC, EVM and TRON, with keys made up in the test.
 */
describe('Travel Rule data', () => {
  let t: TTestApp;
  let fake: TFakePriceServer;
  let methodId: number;
  let admin: string;

  beforeAll(async () => {
    ({ t, fake, methodId } = await createOrderTestApp('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'));
    admin = await t.loginCookie(SUPER_ADMIN.email, SUPER_ADMIN.password, 'admin');
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const db = () => t.database.db;

  async function quote(cookie: string, side: 'buy' | 'sell', amountUsd: string, coinSymbol = 'btc') {
    const response = await t.request({
      method: 'POST',
      url: '/api/quotes',
      cookie,
      payload: { coinSymbol, side, fiatCurrency: 'USD', amountFiat: amountUsd },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as string;
  }

  /** A buy of `amountUsd` paid out to `walletAddress` (on `network` for USDT). */
  async function placeBuy(
    cookie: string,
    amountUsd: string,
    walletAddress: string,
    coin: { symbol: string; network?: string } = { symbol: 'btc' },
  ) {
    const response = await t.request({
      method: 'POST',
      url: '/api/orders',
      cookie,
      payload: {
        type: 'buy',
        quoteId: await quote(cookie, 'buy', amountUsd, coin.symbol),
        walletAddress,
        paymentMethodId: methodId,
        ...(coin.network ? { network: coin.network } : {}),
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().order.id as number;
  }

  async function placeSell(cookie: string, amountUsd: string) {
    const response = await t.request({
      method: 'POST',
      url: '/api/orders',
      cookie,
      payload: {
        type: 'sell',
        quoteId: await quote(cookie, 'sell', amountUsd),
        payout: { type: 'momo', provider: 'MTN MoMo', name: 'Ama Mensah', number: '0244123456' },
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().order.id as number;
  }

  const declare = (cookie: string, id: number, payload: Record<string, unknown>) =>
    t.request({ method: 'PUT', url: `/api/orders/${id}/travel-rule`, cookie, payload });
  const prove = (cookie: string, id: number, signature: string) =>
    t.request({ method: 'POST', url: `/api/orders/${id}/travel-rule/proof`, cookie, payload: { signature } });
  const customerView = async (cookie: string, id: number) => (await t.request({ method: 'GET', url: `/api/orders/${id}`, cookie })).json();
  const isHeld = async (id: number): Promise<boolean> =>
    (await t.request({ method: 'GET', url: `/api/admin/orders/${id}`, cookie: admin })).json().order.complianceHold;
  const alertsOf = (id: number) =>
    db()
      .select({ rule: complianceAlerts.rule, status: complianceAlerts.status })
      .from(complianceAlerts)
      .where(eq(complianceAlerts.orderId, id));

  it('holds an order at the threshold until a provider wallet is declared, then releases it', async () => {
    const customer = await tierTwoCustomer(t);
    const id = await placeBuy(customer.cookie, '1000', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4');
    expect(await isHeld(id)).toBe(true);
    const before = (await customerView(customer.cookie, id)).travelRule;
    expect(before).toMatchObject({ required: true, status: 'missing', message: TRAVEL_RULE_MSG.declareNeededHeld });

    const declared = await declare(customer.cookie, id, {
      walletType: 'provider',
      providerName: 'Binance',
      providerAccount: 'ama@example.com',
    });
    expect(declared.statusCode, declared.body).toBe(200);
    expect(declared.json().travelRule).toMatchObject({
      status: 'complete',
      providerName: 'Binance',
      providerAccount: 'ama@example.com',
      message: null,
    });
    expect(await isHeld(id)).toBe(false);
    expect(await alertsOf(id)).toEqual([{ rule: 'travel_rule', status: 'cleared' }]);
    const [audit] = await db().select().from(auditLog).where(eq(auditLog.action, 'compliance.travel_rule_release'));
    expect(audit?.actorId).toBe(customer.id);
    // Order Details for staff show it too.
    const staffView = (await t.request({ method: 'GET', url: `/api/admin/orders/${id}`, cookie: admin })).json();
    expect(staffView.travelRule).toMatchObject({ walletType: 'provider', providerName: 'Binance', providerAccount: 'ama@example.com' });
    // And the order exports: Order Management's and the customer's own.
    const staffFile = await t.request({
      method: 'POST',
      url: `${EXPORT_PATHS.adminOrders}?q=${encodeURIComponent(customer.email)}`,
      cookie: admin,
    });
    const [header, ...rows] = parseCsv(staffFile.body);
    const row = Object.fromEntries((header ?? []).map((column, i) => [column, rows[0]?.[i]]));
    expect(row).toMatchObject({
      orderId: String(id),
      travelRuleWalletType: 'provider',
      travelRuleProvider: 'Binance',
      travelRuleProviderAccount: 'ama@example.com',
    });
    const ownFile = parseCsv((await t.request({ method: 'POST', url: EXPORT_PATHS.orderHistory, cookie: customer.cookie })).body);
    const own = Object.fromEntries((ownFile[0] ?? []).map((title, i) => [title, ownFile[1]?.[i]]));
    expect(own).toMatchObject({ 'Other wallet': 'provider', Exchange: 'Binance', 'Account at the exchange': 'ama@example.com' });
  });

  it('asks a self-hosted wallet under the threshold for nothing more, and never holds the order', async () => {
    const customer = await tierTwoCustomer(t);
    const id = await placeBuy(customer.cookie, '999', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4');
    expect(await isHeld(id)).toBe(false);
    expect((await customerView(customer.cookie, id)).travelRule).toMatchObject({
      required: false,
      status: 'missing',
      message: TRAVEL_RULE_MSG.declareNeeded,
    });
    // A buy's own wallet is the order's address: another is refused.
    const other = await declare(customer.cookie, id, { walletType: 'self_hosted', address: btcWallet().address });
    expect(other.statusCode).toBe(400);
    expect(other.json().error.fields.address).toBe(TRAVEL_RULE_MSG.buyAddressDiffers);
    const declared = await declare(customer.cookie, id, { walletType: 'self_hosted' });
    expect(declared.statusCode, declared.body).toBe(200);
    expect(declared.json().travelRule).toMatchObject({
      status: 'complete',
      walletType: 'self_hosted',
      address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
      challenge: null,
    });
    expect(await alertsOf(id)).toEqual([]);
  });

  it('holds a BTC sell over the threshold from a self-hosted wallet until a signature proves it; a forged one is refused and keeps the declaration', async () => {
    const customer = await tierTwoCustomer(t);
    const id = await placeSell(customer.cookie, '1500');
    const wallet = btcWallet('p2wpkh');
    const declared = await declare(customer.cookie, id, { walletType: 'self_hosted', address: wallet.address });
    expect(declared.statusCode, declared.body).toBe(200);
    const { challenge } = declared.json().travelRule;
    expect(declared.json().travelRule).toMatchObject({
      status: 'proof_needed',
      signatureFormat: 'btc',
      message: TRAVEL_RULE_MSG.proofNeeded,
    });
    expect(challenge).toContain(`order ${id}`);
    expect(challenge).toContain(wallet.address);
    expect(await isHeld(id)).toBe(true);

    // Signed by another key: refused, and nothing is lost.
    const forged = await prove(customer.cookie, id, btcWallet('p2wpkh').sign(challenge));
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.fields.signature).toBe(TRAVEL_RULE_MSG.forged);
    expect((await customerView(customer.cookie, id)).travelRule).toMatchObject({
      status: 'proof_needed',
      address: wallet.address,
      challenge,
    });
    expect(await isHeld(id)).toBe(true);

    const valid = await prove(customer.cookie, id, wallet.sign(challenge));
    expect(valid.statusCode, valid.body).toBe(200);
    expect(valid.json().travelRule).toMatchObject({ status: 'complete', signatureFormat: 'btc' });
    expect(await isHeld(id)).toBe(false);
    // Verified: the wallet can no longer be changed.
    const again = await declare(customer.cookie, id, { walletType: 'provider', providerName: 'X', providerAccount: 'y' });
    expect(again.statusCode).toBe(409);
  });

  it('refuses a sell address that is not one of the network', async () => {
    const customer = await tierTwoCustomer(t);
    const id = await placeSell(customer.cookie, '1500');
    const response = await declare(customer.cookie, id, { walletType: 'self_hosted', address: evmWallet().address });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.address).toBeDefined();
    const missing = await declare(customer.cookie, id, { walletType: 'self_hosted' });
    expect(missing.json().error.fields.address).toBe(TRAVEL_RULE_MSG.addressRequired);
  });

  it.each([
    { network: 'ERC20', wallet: evmWallet, other: evmWallet, format: 'evm' },
    { network: 'TRC20', wallet: tronWallet, other: tronWallet, format: 'tron' },
  ])(
    'proves a USDT $network wallet over the threshold by its signature, and refuses a forged one',
    async ({ network, wallet, other, format }) => {
      const customer = await tierTwoCustomer(t);
      const own = wallet();
      const id = await placeBuy(customer.cookie, '2000', own.address, { symbol: 'usdt', network });
      expect(await isHeld(id)).toBe(true);
      const declared = await declare(customer.cookie, id, { walletType: 'self_hosted' });
      expect(declared.json().travelRule).toMatchObject({ status: 'proof_needed', signatureFormat: format, address: own.address });
      const { challenge } = declared.json().travelRule;

      const forged = await prove(customer.cookie, id, other().sign(challenge));
      expect(forged.statusCode).toBe(400);
      expect(forged.json().error.fields.signature).toBe(TRAVEL_RULE_MSG.forged);
      // A signature of another text by the right key is no proof either.
      expect((await prove(customer.cookie, id, own.sign(`${challenge} `))).statusCode).toBe(400);
      expect(await isHeld(id)).toBe(true);

      const valid = await prove(customer.cookie, id, own.sign(challenge));
      expect(valid.statusCode, valid.body).toBe(200);
      expect(valid.json().travelRule.status).toBe('complete');
      expect(await isHeld(id)).toBe(false);
      const [row] = await db().select().from(orderTravelRule).where(eq(orderTravelRule.orderId, id));
      expect(row).toMatchObject({ proofMethod: format, signature: own.sign(challenge) });
    },
  );

  it('releases only its own hold: another rule’s hold on the order stays', async () => {
    await db().update(settings).set({ largeOrderGhs: '100' }).where(eq(settings.id, 1));
    try {
      const customer = await tierTwoCustomer(t);
      const id = await placeBuy(customer.cookie, '1200', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4');
      expect(
        (await declare(customer.cookie, id, { walletType: 'provider', providerName: 'Kraken', providerAccount: 'AA-1' })).statusCode,
      ).toBe(200);
      const alerts = await alertsOf(id);
      expect(alerts).toContainEqual({ rule: 'travel_rule', status: 'cleared' });
      expect(alerts).toContainEqual({ rule: 'large_order', status: 'open' });
      expect(await isHeld(id)).toBe(true);
    } finally {
      await db().update(settings).set({ largeOrderGhs: '50000' }).where(eq(settings.id, 1));
    }
  });

  it('takes the threshold from the settings', async () => {
    await db().update(settings).set({ travelRuleThresholdUsd: 5000 }).where(eq(settings.id, 1));
    try {
      const customer = await tierTwoCustomer(t);
      const id = await placeBuy(customer.cookie, '1500', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4');
      expect(await isHeld(id)).toBe(false);
      expect((await customerView(customer.cookie, id)).travelRule.required).toBe(false);
    } finally {
      await db().update(settings).set({ travelRuleThresholdUsd: 1000 }).where(eq(settings.id, 1));
    }
  });

  it('lets only the order’s customer state or prove its wallet: another customer gets 404, staff 403, nobody 401', async () => {
    const owner = await tierTwoCustomer(t);
    const id = await placeSell(owner.cookie, '1500');
    const wallet = btcWallet('p2pkh');
    const other = await t.signUp();
    const body = { walletType: 'self_hosted', address: wallet.address };
    expect((await declare(other.cookie, id, body)).statusCode).toBe(404);
    expect((await prove(other.cookie, id, wallet.sign('x'))).statusCode).toBe(404);
    const compliance = await t.createStaff('compliance');
    expect((await declare(compliance.cookie, id, body)).statusCode).toBe(403);
    expect((await declare(admin, id, body)).statusCode).toBe(403);
    expect((await prove(compliance.cookie, id, wallet.sign('x'))).statusCode).toBe(403);
    expect((await t.request({ method: 'PUT', url: `/api/orders/${id}/travel-rule`, payload: body })).statusCode).toBe(401);
    expect(await db().select().from(orderTravelRule).where(eq(orderTravelRule.orderId, id))).toEqual([]);
    // The owner's own declaration, with a legacy P2PKH address, proves as well.
    const declared = await declare(owner.cookie, id, body);
    expect((await prove(owner.cookie, id, wallet.sign(declared.json().travelRule.challenge))).statusCode).toBe(200);
  });

  it('is kept like the order: never deleted, and anonymisation blanks only the account at the provider', async () => {
    const customer = await tierTwoCustomer(t);
    const id = await placeBuy(customer.cookie, '1000', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4');
    await declare(customer.cookie, id, { walletType: 'provider', providerName: 'Binance', providerAccount: 'ama@example.com' });
    await expect(db().delete(orderTravelRule).where(eq(orderTravelRule.orderId, id))).rejects.toThrow();
    await db()
      .update(users)
      .set({ closedAt: new Date(Date.now() - 7 * 366 * 86_400_000) })
      .where(eq(users.id, customer.id));
    await anonymiseDueAccounts({ db: db(), storage: createLocalStorage(t.app.config.documentsDir) });
    const [row] = await db()
      .select()
      .from(orderTravelRule)
      .where(and(eq(orderTravelRule.orderId, id)));
    expect(row).toMatchObject({
      walletType: 'provider',
      providerName: 'Binance',
      providerAccount: '(removed when the account was anonymised)',
    });
  });
});
