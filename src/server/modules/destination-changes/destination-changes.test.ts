import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAdminCoin, TAdminPaymentMethod } from '#shared/contracts/admin.js';
import type { TDestinationChange } from '#shared/contracts/destination-changes.js';
import { auditLog, emailLog } from '#server/db/schema/app.js';
import type { TFakePriceServer } from '#test/helpers/fake-price-server.js';
import { startFakePriceServer } from '#test/helpers/fake-price-server.js';
import { createTestApp, insertMomoMethod, setDepositAddress, SUPER_ADMIN, type TTestApp } from '#test/helpers/test-app.js';
import { placeBuyOrder } from '#test/helpers/orders.js';

const BTC_ADDRESS = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const NEW_BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const MOMO = { type: 'momo', provider: 'MTN MoMo', name: 'CediCrypto Ltd', number: '0241112222' } as const;
const NEW_MOMO = { ...MOMO, number: '0551234567' };
const LIST = '/api/admin/destination-changes';

/*
 * Four eyes on money destinations (issue 27 point 3, docs/decisions/030): before, a manager's PUT of
 * a payment method or PATCH of a deposit address changed where money goes at once, with no code,
 * no second person and no email to the other admins.
 */
describe('four eyes on money destinations', () => {
  let t: TTestApp;
  let fake: TFakePriceServer;
  let methodId: number;
  let admin: string;
  let manager: { id: string; email: string; cookie: string };

  beforeAll(async () => {
    fake = await startFakePriceServer();
    t = await createTestApp({ ...fake.env(), TEST_CLOCK: 'true' });
    await t.app.market.refreshOnce();
    methodId = (await insertMomoMethod(t.database.db)).id;
    await setDepositAddress(t.database.db, 'btc', 'BTC', BTC_ADDRESS);
    admin = await t.loginCookie(SUPER_ADMIN.email, SUPER_ADMIN.password, 'admin');
    manager = await t.createStaff('manager');
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const methods = async () =>
    (
      (await t.request({ method: 'GET', url: '/api/admin/payment-methods', cookie: admin })).json() as {
        paymentMethods: TAdminPaymentMethod[];
      }
    ).paymentMethods;
  const method = async () => (await methods()).find((entry) => entry.id === methodId)!;
  const changes = async (cookie = admin) => {
    const response = await t.request({ method: 'GET', url: LIST, cookie });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { changes: TDestinationChange[] }).changes;
  };
  const editMethod = (cookie: string, details: object, code?: string) =>
    t.request({
      method: 'PUT',
      url: `/api/admin/payment-methods/${methodId}`,
      cookie,
      payload: { name: 'MTN MoMo', details, ...(code ? { code } : {}) },
    });
  const approve = (cookie: string, id: number, code: string) =>
    t.request({ method: 'POST', url: `${LIST}/${id}/approve`, cookie, payload: { code } });
  const reject = (cookie: string, id: number) => t.request({ method: 'POST', url: `${LIST}/${id}/reject`, cookie, payload: {} });
  const audits = (action: string) => t.database.db.select().from(auditLog).where(eq(auditLog.action, action));
  const mailsTo = (to: string) =>
    t.database.db
      .select()
      .from(emailLog)
      .where(and(eq(emailLog.to, to.toLowerCase()), like(emailLog.subject, '%new payment destination%')));
  const buyOrder = (cookie: string) => placeBuyOrder(t, cookie, { methodId, fiatCurrency: 'USD', amountFiat: '5' });
  const payToNumber = async (cookie: string, id: number) =>
    ((await t.request({ method: 'GET', url: `/api/orders/${id}`, cookie })).json().order.payTo as { number: string }).number;

  it('holds a manager’s change of the MoMo number until another admin approves it; orders keep the number they were made with', async () => {
    const customer = await t.signUp();
    const before = await buyOrder(customer.cookie);

    const asked = await editMethod(manager.cookie, NEW_MOMO, t.secondFactorCode(manager.email));
    expect(asked.statusCode, asked.body).toBe(200);
    const change = asked.json().pendingChange as TDestinationChange;
    expect(change).toMatchObject({ kind: 'payment_method', status: 'pending', lapsesAt: null, targetLabel: 'MTN MoMo' });
    expect(change.before).toMatchObject({ details: MOMO });
    expect(change.after).toMatchObject({ details: NEW_MOMO });
    // Nothing moved yet: buyers still pay the number in force.
    expect((await method()).details).toEqual(MOMO);
    expect(asked.json().paymentMethod.details).toEqual(MOMO);

    // The other admin is emailed, the requester is not; the request is audited with before and after.
    const [mail] = await mailsTo(SUPER_ADMIN.email);
    expect(mail?.subject).toBe('Approval needed: new payment destination for MTN MoMo');
    expect(await mailsTo(manager.email)).toHaveLength(0);
    const [requested] = await audits('destination.request');
    expect(requested).toMatchObject({ actorId: manager.id, targetType: 'payment_method', targetId: String(methodId) });
    expect(requested?.before).toMatchObject({ details: MOMO });
    expect(requested?.after).toMatchObject({ details: NEW_MOMO });

    // The requester cannot approve their own change; a wrong code is refused and changes nothing.
    const own = await approve(manager.cookie, change.id, t.secondFactorCode(manager.email));
    expect(own.statusCode).toBe(403);
    expect(own.json().error.code).toBe('OWN_CHANGE');
    const wrong = await approve(admin, change.id, '000000');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.code).toBe('INVALID_CREDENTIALS');
    expect((await changes()).find((entry) => entry.id === change.id)?.status).toBe('pending');
    expect((await method()).details).toEqual(MOMO);

    const approved = await approve(admin, change.id, t.secondFactorCode(SUPER_ADMIN.email));
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().change).toMatchObject({ status: 'applied', decidedBy: expect.any(String) });
    expect((await method()).details).toEqual(NEW_MOMO);
    const [approvedAudit] = await audits('destination.approve');
    expect(approvedAudit?.before).toMatchObject({ details: MOMO });
    expect(approvedAudit?.after).toMatchObject({ details: NEW_MOMO });
    expect((await mailsTo(manager.email)).map((entry) => entry.subject)).toEqual(['Approved: new payment destination for MTN MoMo']);

    // Applying happens once; the order made before keeps its number, a new one gets the new number.
    expect((await approve(admin, change.id, t.secondFactorCode(SUPER_ADMIN.email))).json().error.code).toBe('CHANGE_ALREADY_DECIDED');
    expect(await payToNumber(customer.cookie, before.id)).toBe(MOMO.number);
    expect(await payToNumber(customer.cookie, (await buyOrder(customer.cookie)).id)).toBe(NEW_MOMO.number);
  });

  it('asks for the second factor: without a code nothing is stored; a name-only edit applies at once', async () => {
    const missing = await editMethod(manager.cookie, MOMO);
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().error.fields ?? {})).toEqual(['code']);
    expect((await changes()).filter((entry) => entry.status === 'pending')).toHaveLength(0);

    const renamed = await t.request({
      method: 'PUT',
      url: `/api/admin/payment-methods/${methodId}`,
      cookie: manager.cookie,
      payload: { name: 'MTN Mobile Money', details: NEW_MOMO },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ pendingChange: null, paymentMethod: { name: 'MTN Mobile Money', details: NEW_MOMO } });
  });

  it('refuses a second change while one waits; the other admin rejects, the requester cancels', async () => {
    const first = (await editMethod(manager.cookie, MOMO, t.secondFactorCode(manager.email))).json().pendingChange as TDestinationChange;
    const second = await editMethod(admin, { ...MOMO, number: '0201112233' }, t.secondFactorCode(SUPER_ADMIN.email));
    expect(second.statusCode).toBe(409);
    expect(second.json().error.code).toBe('CHANGE_ALREADY_PENDING');

    expect((await reject(admin, first.id)).json().change.status).toBe('rejected');
    expect((await method()).details).toEqual(NEW_MOMO);
    expect((await reject(admin, first.id)).json().error.code).toBe('CHANGE_ALREADY_DECIDED');

    const third = (await editMethod(manager.cookie, MOMO, t.secondFactorCode(manager.email))).json().pendingChange as TDestinationChange;
    expect((await reject(manager.cookie, third.id)).json().change.status).toBe('cancelled');
    expect((await audits('destination.reject')).length).toBe(1);
    expect((await audits('destination.cancel')).length).toBe(1);
    expect((await method()).details).toEqual(NEW_MOMO);
  });

  it('holds the replacement of a deposit address and a network’s first address; removing one applies at once', async () => {
    const btc = async () =>
      ((await t.request({ method: 'GET', url: '/api/admin/coins', cookie: admin })).json() as { coins: TAdminCoin[] }).coins.find(
        (coin) => coin.symbol === 'btc',
      )!;
    const coinId = (await btc()).id;
    const patch = (cookie: string, payload: object) => t.request({ method: 'PATCH', url: `/api/admin/coins/${coinId}`, cookie, payload });

    const withoutCode = await patch(manager.cookie, { depositAddresses: { BTC: NEW_BTC_ADDRESS } });
    expect(withoutCode.statusCode).toBe(400);

    const asked = await patch(manager.cookie, { depositAddresses: { BTC: NEW_BTC_ADDRESS }, code: t.secondFactorCode(manager.email) });
    expect(asked.statusCode, asked.body).toBe(200);
    const change = asked.json().pendingChange as TDestinationChange;
    expect(change).toMatchObject({
      kind: 'deposit_address',
      before: { depositAddresses: { BTC: BTC_ADDRESS } },
      after: { depositAddresses: { BTC: NEW_BTC_ADDRESS } },
    });
    expect((await btc()).networks[0]?.depositAddress).toBe(BTC_ADDRESS);

    const approved = await approve(admin, change.id, t.secondFactorCode(SUPER_ADMIN.email));
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await btc()).networks[0]?.depositAddress).toBe(NEW_BTC_ADDRESS);
    expect((await audits('destination.approve')).at(-1)?.after).toMatchObject({ depositAddresses: { BTC: NEW_BTC_ADDRESS } });
  });

  // docs/decisions/035: before, a network's first address was set at once, without a code or a second admin.
  it('holds a coin’s first deposit address until a second admin approves: sellers are not sent there before', async () => {
    const eth = async () =>
      ((await t.request({ method: 'GET', url: '/api/admin/coins', cookie: admin })).json() as { coins: TAdminCoin[] }).coins.find(
        (coin) => coin.symbol === 'eth',
      )!;
    const ethId = (await eth()).id;
    const patch = (payload: object) => t.request({ method: 'PATCH', url: `/api/admin/coins/${ethId}`, cookie: manager.cookie, payload });
    const address = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

    expect((await patch({ depositAddresses: { ERC20: address } })).statusCode).toBe(400);
    expect((await eth()).networks[0]?.depositAddress).toBeNull();

    const asked = await patch({ depositAddresses: { ERC20: address }, code: t.secondFactorCode(manager.email) });
    expect(asked.statusCode, asked.body).toBe(200);
    const change = asked.json().pendingChange as TDestinationChange;
    expect(change).toMatchObject({ before: { depositAddresses: { ERC20: null } }, after: { depositAddresses: { ERC20: address } } });
    expect(asked.json().coin.networks[0].depositAddress).toBeNull();
    const seller = await t.signUp();
    const sell = async () => {
      const quote = await t.request({
        method: 'POST',
        url: '/api/quotes',
        cookie: seller.cookie,
        payload: { coinSymbol: 'eth', side: 'sell', fiatCurrency: 'USD', amountFiat: '5' },
      });
      return t.request({
        method: 'POST',
        url: '/api/orders',
        cookie: seller.cookie,
        payload: { type: 'sell', quoteId: quote.json().id, network: 'ERC20', payout: { ...MOMO, name: 'Ama Mensah' } },
      });
    };
    const refused = await sell();
    expect(refused.statusCode, refused.body).toBeGreaterThanOrEqual(400);
    expect(refused.body).not.toContain(address);
    expect((await mailsTo(SUPER_ADMIN.email)).at(-1)?.subject).toBe('Approval needed: new payment destination for Ethereum (eth)');

    expect((await approve(admin, change.id, t.secondFactorCode(SUPER_ADMIN.email))).statusCode).toBe(200);
    expect((await eth()).networks[0]?.depositAddress).toBe(address);
    const sold = await sell();
    expect(sold.statusCode, sold.body).toBe(201);
    expect(sold.json().order.depositTo).toMatchObject({ network: 'ERC20', address });

    // Removing an address is a safety action: at once, no code, audited.
    const removed = await patch({ depositAddresses: { ERC20: '' } });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ pendingChange: null, coin: { networks: [{ depositAddress: null }] } });
    expect((await audits('coin.wallet_change')).at(-1)?.after).toMatchObject({ depositAddresses: {} });
  });

  // docs/decisions/035: before, POST /api/admin/payment-methods offered the new account to buyers at once.
  it('a new payment method is not offered to buyers until a second admin approves', async () => {
    const customer = await t.signUp();
    const offered = async () =>
      (
        (await t.request({ method: 'GET', url: '/api/payment-methods', cookie: customer.cookie })).json() as {
          paymentMethods: { id: number }[];
        }
      ).paymentMethods.map((entry) => entry.id);
    const input = {
      name: 'Vodafone Cash',
      details: { type: 'momo', provider: 'Telecel Cash', name: 'CediCrypto Ltd', number: '0209998888' },
    };
    const add = (payload: object) => t.request({ method: 'POST', url: '/api/admin/payment-methods', cookie: manager.cookie, payload });

    const missing = await add(input);
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().error.fields ?? {})).toEqual(['code']);
    expect((await methods()).some((entry) => entry.name === 'Vodafone Cash')).toBe(false);

    const added = await add({ ...input, code: t.secondFactorCode(manager.email) });
    expect(added.statusCode, added.body).toBe(201);
    const created = added.json().paymentMethod as TAdminPaymentMethod;
    const change = added.json().pendingChange as TDestinationChange;
    expect(created).toMatchObject({ name: 'Vodafone Cash', isEnabled: false });
    expect(change).toMatchObject({ kind: 'payment_method', targetId: String(created.id), before: null, status: 'pending', lapsesAt: null });
    expect(change.after).toMatchObject({ details: input.details, isEnabled: true });
    expect(await offered()).not.toContain(created.id);
    expect((await mailsTo(SUPER_ADMIN.email)).at(-1)?.subject).toBe('Approval needed: new payment destination for Vodafone Cash');
    expect((await audits('destination.request')).at(-1)).toMatchObject({ targetId: String(created.id), before: null });

    // Nor can it be switched on past the approval: the switch asks for the same approval, which is already waiting.
    const toggled = await t.request({
      method: 'PATCH',
      url: `/api/admin/payment-methods/${created.id}`,
      cookie: manager.cookie,
      payload: { isEnabled: true, code: t.secondFactorCode(manager.email) },
    });
    expect(toggled.json().error?.code).toBe('CHANGE_ALREADY_PENDING');

    expect((await approve(admin, change.id, t.secondFactorCode(SUPER_ADMIN.email))).statusCode).toBe(200);
    expect((await methods()).find((entry) => entry.id === created.id)?.isEnabled).toBe(true);
    expect(await offered()).toContain(created.id);
  });

  // docs/decisions/035: before, PATCH { isEnabled: true } offered a disabled method's account again at once.
  it('a disabled payment method is offered again only after a second admin approves; switching it off is at once', async () => {
    const toggle = (isEnabled: boolean, code?: string) =>
      t.request({
        method: 'PATCH',
        url: `/api/admin/payment-methods/${methodId}`,
        cookie: manager.cookie,
        payload: { isEnabled, ...(code ? { code } : {}) },
      });
    const off = await toggle(false);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ paymentMethod: { isEnabled: false }, pendingChange: null });
    expect((await method()).isEnabled).toBe(false);

    expect((await toggle(true)).statusCode).toBe(400);
    const on = await toggle(true, t.secondFactorCode(manager.email));
    expect(on.statusCode, on.body).toBe(200);
    const change = on.json().pendingChange as TDestinationChange;
    expect(change).toMatchObject({ before: { isEnabled: false }, after: { isEnabled: true } });
    expect((await method()).isEnabled).toBe(false);

    expect((await approve(admin, change.id, t.secondFactorCode(SUPER_ADMIN.email))).statusCode).toBe(200);
    expect((await method()).isEnabled).toBe(true);
  });

  it('is for super admins and managers: support and compliance get 403, a customer 403, nobody 401', async () => {
    const [change] = await changes();
    for (const role of ['support', 'compliance'] as const) {
      const { cookie } = await t.createStaff(role);
      expect((await t.request({ method: 'GET', url: LIST, cookie })).statusCode, role).toBe(403);
      expect((await approve(cookie, change!.id, '123456')).statusCode, role).toBe(403);
      expect((await reject(cookie, change!.id)).statusCode, role).toBe(403);
      expect((await editMethod(cookie, MOMO, '123456')).statusCode, role).toBe(403);
    }
    const customer = await t.signUp();
    expect((await t.request({ method: 'GET', url: LIST, cookie: customer.cookie })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: LIST })).statusCode).toBe(401);
  });
  it('lets browser tests approve only the changes they name, so parallel specs leave the others waiting', async () => {
    const add = async (name: string, number: string) => {
      const added = await t.request({
        method: 'POST',
        url: '/api/admin/payment-methods',
        cookie: manager.cookie,
        payload: {
          name,
          details: { type: 'momo', provider: 'MTN MoMo', name: 'CediCrypto Ltd', number },
          code: t.secondFactorCode(manager.email),
        },
      });
      expect(added.statusCode, added.body).toBe(201);
      return (added.json() as { paymentMethod: TAdminPaymentMethod; pendingChange: { id: number } }).pendingChange.id;
    };
    const mine = await add('Scoped e2e mine', '0241113333');
    const theirs = await add('Scoped e2e theirs', '0241114444');
    const approved = await t.request({ method: 'POST', url: '/api/test/destination-changes/approve-all', payload: { ids: [mine] } });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toEqual({ approved: 1 });
    const status = async (id: number) => (await changes()).find((change) => change.id === id)?.status;
    expect(await status(mine)).toBe('applied');
    expect(await status(theirs)).toBe('pending');
  });
  // Last in this describe: it approves every change still waiting.
  it('lets browser tests approve waiting changes through the same approval, as another admin, with TEST_CLOCK only', async () => {
    const added = await t.request({
      method: 'POST',
      url: '/api/admin/payment-methods',
      cookie: manager.cookie,
      payload: {
        name: 'AirtelTigo e2e',
        details: { type: 'momo', provider: 'AirtelTigo Money', name: 'CediCrypto Ltd', number: '0271112222' },
        code: t.secondFactorCode(manager.email),
      },
    });
    expect(added.statusCode, added.body).toBe(201);
    const created = added.json().paymentMethod as TAdminPaymentMethod;
    const approved = await t.request({ method: 'POST', url: '/api/test/destination-changes/approve-all' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().approved).toBeGreaterThanOrEqual(1);
    expect((await methods()).find((entry) => entry.id === created.id)).toMatchObject({ isEnabled: true });
    const entry = (await audits('destination.approve')).find((row) => row.targetId === String(created.id));
    expect(entry?.actorId).toBeTruthy();
    expect(entry?.actorId).not.toBe(manager.id);

    const plain = await createTestApp();
    try {
      expect((await plain.request({ method: 'POST', url: '/api/test/destination-changes/approve-all' })).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});

describe('four eyes: the cooling-off period when the requester is the only admin able to approve', () => {
  let t: TTestApp;
  let methodId: number;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp({ TEST_CLOCK: 'true' });
    methodId = (await insertMomoMethod(t.database.db)).id;
    admin = await t.loginCookie(SUPER_ADMIN.email, SUPER_ADMIN.password, 'admin');
  });
  afterAll(() => t.close());

  const advanceHours = (hours: number) => t.request({ method: 'POST', url: '/api/test/clock', payload: { advanceMinutes: hours * 60 } });
  const list = async () => (await t.request({ method: 'GET', url: LIST, cookie: admin })).json().changes as TDestinationChange[];
  const details = async () =>
    (
      (await t.request({ method: 'GET', url: '/api/admin/payment-methods', cookie: admin })).json().paymentMethods as TAdminPaymentMethod[]
    )[0]!.details;

  it('takes effect after the setting’s hours (24 by default), not before, and can be cancelled meanwhile', async () => {
    const asked = await t.request({
      method: 'PUT',
      url: `/api/admin/payment-methods/${methodId}`,
      cookie: admin,
      payload: { name: 'MTN MoMo', details: NEW_MOMO, code: t.secondFactorCode(SUPER_ADMIN.email) },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const change = asked.json().pendingChange as TDestinationChange;
    const hours = (Date.parse(change.lapsesAt!) - Date.parse(change.requestedAt)) / 3_600_000;
    expect(hours).toBe(24);

    await advanceHours(23);
    expect((await list())[0]?.status).toBe('pending');
    expect(await details()).toEqual(MOMO);
    await advanceHours(2);
    expect((await list())[0]?.status).toBe('applied');
    expect(await details()).toEqual(NEW_MOMO);
    expect(await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'destination.apply_after_cooling_off'))).toHaveLength(1);
  });

  it('uses the Settings period (super admin only) and applies only while alone: a second admin means approval', async () => {
    const saved = await t.request({ method: 'PUT', url: '/api/admin/settings', cookie: admin, payload: { destinationCoolingOffHours: 2 } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().destinationCoolingOffHours).toBe(2);
    const alone = (
      await t.request({
        method: 'PUT',
        url: `/api/admin/payment-methods/${methodId}`,
        cookie: admin,
        payload: { name: 'MTN MoMo', details: MOMO, code: t.secondFactorCode(SUPER_ADMIN.email) },
      })
    ).json().pendingChange as TDestinationChange;
    expect((Date.parse(alone.lapsesAt!) - Date.parse(alone.requestedAt)) / 3_600_000).toBe(2);
    expect((await reject(admin, alone.id)).json().change.status).toBe('cancelled');

    const manager = await t.createStaff('manager');
    expect(
      (await t.request({ method: 'PUT', url: '/api/admin/settings', cookie: manager.cookie, payload: { destinationCoolingOffHours: 1 } }))
        .statusCode,
    ).toBe(403);

    // With a manager able to approve, the super admin's change waits for them, however long.
    const asked = await t.request({
      method: 'PUT',
      url: `/api/admin/payment-methods/${methodId}`,
      cookie: admin,
      payload: { name: 'MTN MoMo', details: MOMO, code: t.secondFactorCode(SUPER_ADMIN.email) },
    });
    const change = asked.json().pendingChange as TDestinationChange;
    expect(change.lapsesAt).toBeNull();
    await advanceHours(48);
    expect((await list()).find((entry) => entry.id === change.id)?.status).toBe('pending');
    expect((await reject(admin, change.id)).statusCode).toBe(200);

    // The manager alone is not: the super admin can approve, so the manager's change waits too.
    const byManager = await t.request({
      method: 'PUT',
      url: `/api/admin/payment-methods/${methodId}`,
      cookie: manager.cookie,
      payload: { name: 'MTN MoMo', details: MOMO, code: t.secondFactorCode(manager.email) },
    });
    expect((byManager.json().pendingChange as TDestinationChange).lapsesAt).toBeNull();
  });

  const reject = (cookie: string, id: number) => t.request({ method: 'POST', url: `${LIST}/${id}/reject`, cookie, payload: {} });
});
