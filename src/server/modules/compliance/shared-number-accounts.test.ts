import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { complianceAlerts } from '#server/db/schema/compliance.js';
import type { TFakePriceServer } from '#test/helpers/fake-price-server.js';
import { createOrderTestApp, SUPER_ADMIN, type TTestApp } from '#test/helpers/test-app.js';
import { payOrder, placeBuyOrder, TEST_BTC_ADDRESS, tierTwoCustomer } from '#test/helpers/orders.js';

/*
 * Issue 27 point 7 (docs/decisions/034): a shared-number alert lists, where the desk opens it,
 * every other account that used the number, read from the orders when it is opened.
 */
describe('a shared-number alert lists the other accounts on the number', () => {
  let t: TTestApp;
  let fake: TFakePriceServer;
  let methodId: number;
  let officer: string;

  beforeAll(async () => {
    ({ t, fake, methodId } = await createOrderTestApp(TEST_BTC_ADDRESS));
    officer = (await t.createStaff('compliance')).cookie;
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const customer = (fullName: string) => tierTwoCustomer(t, fullName);

  /** A GHS 300 buy paid from `payerNumber` (as the customer typed it). */
  async function buyPaidFrom(cookie: string, payerNumber: string) {
    await payOrder(t, cookie, (await placeBuyOrder(t, cookie, { methodId })).id, payerNumber);
  }

  const sharedAlertOf = async (userId: string) => {
    const [alert] = await t.database.db
      .select()
      .from(complianceAlerts)
      .where(and(eq(complianceAlerts.userId, userId), eq(complianceAlerts.rule, 'shared_account')));
    if (!alert) throw new Error('no shared-number alert');
    return alert;
  };
  const detail = async (alertId: number, cookie = officer) =>
    t.request({ method: 'GET', url: `/api/admin/compliance/alerts/${alertId}`, cookie });

  it('names every other account with its email and orders on the number, and one that used it after the alert', async () => {
    const ama = await customer('Ama Boateng');
    const yaw = await customer('Yaw Darko');
    const esi = await customer('Esi Quaye');
    // One number written three ways: the rule and the list read one number.
    await buyPaidFrom(ama.cookie, '0245550101');
    await buyPaidFrom(yaw.cookie, '+233 24 555 0101');
    await buyPaidFrom(yaw.cookie, '233245550101');
    await buyPaidFrom(esi.cookie, '024-555-0101');

    const alert = await sharedAlertOf(ama.id);
    const answer = await detail(alert.id);
    expect(answer.statusCode, answer.body).toBe(200);
    const { sharedNumber } = answer.json();
    expect(sharedNumber.number).toBe('0245550101');
    expect(sharedNumber.accounts).toEqual([
      { userId: esi.id, name: 'Esi Quaye', email: esi.email, orders: 1, lastUsedAt: expect.any(String) },
      { userId: yaw.id, name: 'Yaw Darko', email: yaw.email, orders: 2, lastUsedAt: expect.any(String) },
    ]);

    // A fourth customer pays from the number later: the alert raised before lists them too.
    const kojo = await customer('Kojo Asante');
    await buyPaidFrom(kojo.cookie, '0245550101');
    const again = (await detail(alert.id)).json().sharedNumber.accounts.map((a: { name: string }) => a.name);
    expect(again).toEqual(['Kojo Asante', 'Esi Quaye', 'Yaw Darko']);
    // Each customer's own alert lists the others, never themselves.
    const fromYaw = (await detail((await sharedAlertOf(yaw.id)).id)).json().sharedNumber.accounts.map((a: { userId: string }) => a.userId);
    expect(fromYaw.sort()).toEqual([ama.id, esi.id, kojo.id].sort());
  });

  it('has no list on an alert of another rule, and the desk only opens alerts', async () => {
    const big = await customer('Akua Large');
    const quote = await t.request({
      method: 'POST',
      url: '/api/quotes',
      cookie: big.cookie,
      payload: { coinSymbol: 'btc', side: 'buy', fiatCurrency: 'GHS', amountFiat: '60000' },
    });
    await t.request({
      method: 'POST',
      url: '/api/orders',
      cookie: big.cookie,
      payload: { type: 'buy', quoteId: quote.json().id, walletAddress: TEST_BTC_ADDRESS, paymentMethodId: methodId },
    });
    const [large] = await t.database.db.select().from(complianceAlerts).where(eq(complianceAlerts.userId, big.id));
    expect((await detail(large!.id)).json().sharedNumber).toBeNull();
    const superAdmin = await t.loginCookie(SUPER_ADMIN.email, SUPER_ADMIN.password, 'admin');
    expect((await detail(large!.id, superAdmin)).statusCode).toBe(200);
    for (const role of ['support', 'manager'] as const) {
      expect((await detail(large!.id, (await t.createStaff(role)).cookie)).statusCode).toBe(403);
    }
  });
});
