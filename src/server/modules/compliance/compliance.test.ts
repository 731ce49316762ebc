import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, settings } from '#server/db/schema/app.js';
import { users } from '#server/db/schema/auth.js';
import { complianceAlerts, complianceCases } from '#server/db/schema/compliance.js';
import { kycSubmissions } from '#server/db/schema/kyc.js';
import { orders } from '#server/db/schema/orders.js';
import { firstOrThrow } from '#server/db/rows.js';
import { createLocalStorage } from '#server/lib/storage.js';
import type { TFakePriceServer } from '#test/helpers/fake-price-server.js';
import { parseCsv } from '#test/helpers/csv.js';
import { createOrderTestApp, createTestApp, SUPER_ADMIN, TINY_PNG, type TTestApp } from '#test/helpers/test-app.js';
import { checkPlacedOrder, comparableName } from './rules.js';
import { anonymiseDueAccounts } from './retention.js';

const BTC_ADDRESS = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const PAYOUT_HASH = 'a'.repeat(64);
const DAY_MS = 86_400_000;

/*
 * The monitoring rules, the hold, the compliance desk and records retention (issue 18,
 * docs/decisions/017-compliance-desk.md), against the real app and database.
 */
describe('compliance desk', () => {
  let t: TTestApp;
  let fake: TFakePriceServer;
  let methodId: number;
  const staff: Record<'super_admin' | 'manager' | 'support' | 'compliance', string> = {
    super_admin: '',
    manager: '',
    support: '',
    compliance: '',
  };

  beforeAll(async () => {
    ({ t, fake, methodId } = await createOrderTestApp(BTC_ADDRESS));
    staff.super_admin = await t.loginCookie(SUPER_ADMIN.email, SUPER_ADMIN.password, 'admin');
    for (const role of ['manager', 'support', 'compliance'] as const) staff[role] = (await t.createStaff(role)).cookie;
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const db = () => t.database.db;

  /** A customer at Tier 2 (identity, address and source of funds verified), as the tiers would set it. */
  async function verifiedCustomer(fullName = 'Ama Mensah') {
    const customer = await t.signUp({ fullName });
    await db().update(users).set({ kycStatus: 'verified', tier: 2 }).where(eq(users.id, customer.id));
    return customer;
  }

  async function placeBuy(cookie: string, amountGhs: string) {
    const quote = await t.request({
      method: 'POST',
      url: '/api/quotes',
      cookie,
      payload: { coinSymbol: 'btc', side: 'buy', fiatCurrency: 'GHS', amountFiat: amountGhs },
    });
    expect(quote.statusCode, quote.body).toBe(201);
    const response = await t.request({
      method: 'POST',
      url: '/api/orders',
      cookie,
      payload: { type: 'buy', quoteId: quote.json().id, walletAddress: BTC_ADDRESS, paymentMethodId: methodId },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().order as { id: number; amountGhs: string };
  }

  async function pay(cookie: string, id: number, payerNumber?: string) {
    const response = await t.request({
      method: 'POST',
      url: `/api/orders/${id}/payment`,
      cookie,
      payload: { paymentTxId: `MP${randomUUID().slice(0, 8)}`, ...(payerNumber ? { payerNumber } : {}) },
    });
    expect(response.statusCode, response.body).toBe(200);
  }

  const approve = (cookie: string, id: number, extra: Record<string, string> = {}) =>
    t.request({ method: 'POST', url: `/api/admin/orders/${id}/approve`, cookie, payload: { payoutReference: PAYOUT_HASH, ...extra } });

  const alertsOf = (userId: string, rule?: string) =>
    db()
      .select()
      .from(complianceAlerts)
      .where(
        rule
          ? and(eq(complianceAlerts.userId, userId), eq(complianceAlerts.rule, rule as 'large_order'))
          : eq(complianceAlerts.userId, userId),
      )
      .orderBy(complianceAlerts.id);

  async function withSettings<T>(values: Partial<typeof settings.$inferInsert>, run: () => Promise<T>): Promise<T> {
    const [before] = await db().select().from(settings).where(eq(settings.id, 1));
    await db().insert(settings).values({ id: 1 }).onConflictDoNothing();
    await db().update(settings).set(values).where(eq(settings.id, 1));
    try {
      return await run();
    } finally {
      if (before) await db().update(settings).set(before).where(eq(settings.id, 1));
    }
  }

  /** Places the rules of an order's placement again, as a second look at the same facts would. */
  async function checkAgain(orderId: number) {
    const order = firstOrThrow(await db().select().from(orders).where(eq(orders.id, orderId)));
    await db().transaction((tx) => checkPlacedOrder(tx, order, order.createdAt));
  }

  it('holds a GHS 60,000 order with one large-order alert until compliance clears it, then it can be approved', async () => {
    const customer = await verifiedCustomer();
    const order = await placeBuy(customer.cookie, '60000');
    await pay(customer.cookie, order.id);
    await checkAgain(order.id);
    const alerts = await alertsOf(customer.id);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ rule: 'large_order', action: 'hold', status: 'open', orderId: order.id });

    const refused = await approve(staff.manager, order.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'ORDER_ON_HOLD', message: expect.stringContaining('on compliance hold') });
    expect(firstOrThrow(await db().select().from(orders).where(eq(orders.id, order.id))).status).toBe('payment_submitted');
    // Staff see the hold; the customer's own view of the order says nothing of it.
    const detail = await t.request({ method: 'GET', url: `/api/admin/orders/${order.id}`, cookie: staff.support });
    expect(detail.json().order.complianceHold).toBe(true);
    const list = await t.request({ method: 'GET', url: `/api/admin/orders?q=%23${order.id}`, cookie: staff.support });
    expect(list.json().orders[0].complianceHold).toBe(true);
    const own = await t.request({ method: 'GET', url: `/api/orders/${order.id}`, cookie: customer.cookie });
    expect(own.body).not.toMatch(/hold|compliance|alert/i);

    const cleared = await t.request({
      method: 'POST',
      url: `/api/admin/compliance/alerts/${alerts[0]!.id}/clear`,
      cookie: staff.compliance,
      payload: { note: 'Salary and savings, documents seen.' },
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().alert.status).toBe('cleared');
    const approved = await approve(staff.manager, order.id);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().order).toMatchObject({ status: 'completed', complianceHold: false });
  });

  it('raises one daily-volume alert per customer and day, however many orders pass the threshold', async () => {
    const customer = await verifiedCustomer();
    await withSettings({ dailyVolumeAlertGhs: '1000' }, async () => {
      await placeBuy(customer.cookie, '600');
      expect(await alertsOf(customer.id, 'daily_volume')).toHaveLength(0);
      const second = await placeBuy(customer.cookie, '600');
      await placeBuy(customer.cookie, '600');
      await checkAgain(second.id);
      const alerts = await alertsOf(customer.id, 'daily_volume');
      expect(alerts).toHaveLength(1);
      expect(alerts[0]).toMatchObject({ action: 'flag', orderId: second.id, details: { volumeGhs: '1200.00', thresholdGhs: '1000.00' } });
    });
  });

  it('raises a structuring alert at the third order just under the threshold within 24 hours, once per order', async () => {
    const customer = await verifiedCustomer();
    await withSettings({ largeOrderGhs: '1000', structuringBandPercent: 10, structuringOrderCount: 3 }, async () => {
      await placeBuy(customer.cookie, '950');
      await placeBuy(customer.cookie, '500'); // below the band: not counted
      await placeBuy(customer.cookie, '960');
      expect(await alertsOf(customer.id, 'structuring')).toHaveLength(0);
      const third = await placeBuy(customer.cookie, '999.99');
      await checkAgain(third.id);
      const alerts = await alertsOf(customer.id, 'structuring');
      expect(alerts).toHaveLength(1);
      expect(alerts[0]).toMatchObject({ action: 'hold', orderId: third.id, details: { bandFromGhs: '900.00' } });
      expect((alerts[0]!.details as { orderIds: number[] }).orderIds).toHaveLength(3);
      expect(await alertsOf(customer.id, 'large_order')).toHaveLength(0);
    });
  });

  it('raises a shared-number alert for every customer once a payer number has more than two customers, once each', async () => {
    const customers = [await verifiedCustomer(), await verifiedCustomer(), await verifiedCustomer()];
    // One number however it is typed.
    const forms = ['024 555 0101', '+233245550101', '0245550101'];
    for (const [index, customer] of customers.slice(0, 2).entries())
      await pay(customer.cookie, (await placeBuy(customer.cookie, '100')).id, forms[index]);
    expect(await alertsOf(customers[0]!.id, 'shared_account')).toHaveLength(0);
    const third = await placeBuy(customers[2]!.cookie, '100');
    await pay(customers[2]!.cookie, third.id, forms[2]);
    // The same customer paying from the number again: no second alert.
    await pay(customers[2]!.cookie, (await placeBuy(customers[2]!.cookie, '100')).id, forms[0]);
    for (const customer of customers) {
      const alerts = await alertsOf(customer.id, 'shared_account');
      expect(alerts, customer.id).toHaveLength(1);
      expect(alerts[0]).toMatchObject({ action: 'hold', details: { number: '0245550101', customers: 3, maxCustomers: 2 } });
    }
    expect((await alertsOf(customers[2]!.id, 'shared_account'))[0]!.orderId).toBe(third.id);
  });

  it('compares the name on the payment with the KYC name, ignoring case, accents and order; a mismatch alerts once', async () => {
    expect(comparableName('MENSAH  Amá')).toBe(comparableName('Ama Mensah'));
    expect(comparableName('Kofi Boateng')).not.toBe(comparableName('Ama Mensah'));

    const customer = await verifiedCustomer('Ama Mensah');
    const same = await placeBuy(customer.cookie, '100');
    await pay(customer.cookie, same.id);
    expect((await approve(staff.support, same.id, { recordedPayerName: 'MENSAH Amá' })).statusCode).toBe(200);
    expect(await alertsOf(customer.id, 'name_mismatch')).toHaveLength(0);

    // Flag (the default): the approval goes through, the alert is raised, the name kept.
    const flagged = await placeBuy(customer.cookie, '100');
    await pay(customer.cookie, flagged.id);
    const approved = await approve(staff.support, flagged.id, { recordedPayerName: 'Kofi Boateng' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().order.recordedPayerName).toBe('Kofi Boateng');
    expect(await alertsOf(customer.id, 'name_mismatch')).toMatchObject([{ orderId: flagged.id, action: 'flag' }]);

    // Hold: the approval is refused, again and again, with one alert.
    await withSettings(
      { ruleActions: { large_order: 'hold', daily_volume: 'flag', structuring: 'hold', shared_account: 'hold', name_mismatch: 'hold' } },
      async () => {
        const held = await placeBuy(customer.cookie, '100');
        await pay(customer.cookie, held.id);
        for (let attempt = 0; attempt < 2; attempt += 1) {
          const refused = await approve(staff.support, held.id, { recordedPayerName: 'Kofi Boateng' });
          expect(refused.statusCode).toBe(409);
          expect(refused.json().error.code).toBe('ORDER_ON_HOLD');
        }
        const alerts = (await alertsOf(customer.id, 'name_mismatch')).filter((alert) => alert.orderId === held.id);
        expect(alerts).toMatchObject([{ action: 'hold', status: 'open' }]);
        expect(firstOrThrow(await db().select().from(orders).where(eq(orders.id, held.id)))).toMatchObject({
          status: 'payment_submitted',
          recordedPayerName: 'Kofi Boateng',
        });
      },
    );
  });

  it('clears an alert once and escalates one once under two simultaneous requests; an escalated hold still holds', async () => {
    const customer = await verifiedCustomer();
    const [first, second] = await withSettings({ largeOrderGhs: '1000' }, async () => [
      await placeBuy(customer.cookie, '5000'),
      await placeBuy(customer.cookie, '6000'),
    ]);
    const [toClear, toEscalate] = await alertsOf(customer.id, 'large_order');

    const clears = await Promise.all(
      [staff.compliance, staff.super_admin].map((cookie) =>
        t.request({ method: 'POST', url: `/api/admin/compliance/alerts/${toClear!.id}/clear`, cookie, payload: {} }),
      ),
    );
    expect(clears.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(clears.find((r) => r.statusCode === 409)!.json().error.code).toBe('ALERT_ALREADY_DECIDED');

    const before = Date.now();
    const escalations = await Promise.all(
      [staff.compliance, staff.super_admin].map((cookie) =>
        t.request({
          method: 'POST',
          url: `/api/admin/compliance/alerts/${toEscalate!.id}/escalate`,
          cookie,
          payload: { note: 'Unexplained funds.' },
        }),
      ),
    );
    expect(escalations.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const escalated = escalations.find((r) => r.statusCode === 200)!.json();
    expect(escalated.alert).toMatchObject({ status: 'escalated', caseId: escalated.case.id });
    expect(Date.parse(escalated.case.dueAt) - Date.parse(escalated.case.openedAt)).toBe(DAY_MS);
    expect(Date.parse(escalated.case.openedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(await db().select().from(complianceCases).where(eq(complianceCases.userId, customer.id))).toHaveLength(1);

    const audits = (action: string, id: number) =>
      db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, action), eq(auditLog.targetId, String(id))));
    expect(await audits('compliance.alert_clear', toClear!.id)).toHaveLength(1);
    expect(await audits('compliance.alert_escalate', toEscalate!.id)).toHaveLength(1);

    // The escalated order stays held; the cleared one is not.
    await pay(customer.cookie, first!.id);
    await pay(customer.cookie, second!.id);
    expect((await approve(staff.manager, second!.id)).json().error.code).toBe('ORDER_ON_HOLD');
    expect((await approve(staff.manager, first!.id)).statusCode).toBe(200);

    // Cases with their timer; filed once with the FIC reference.
    const cases = await t.request({ method: 'GET', url: '/api/admin/compliance/cases', cookie: staff.compliance });
    const listed = cases.json().cases.find((c: { id: number }) => c.id === escalated.case.id);
    expect(listed).toMatchObject({ status: 'open', alertIds: [toEscalate!.id], dueAt: escalated.case.dueAt });
    expect(Date.parse(cases.json().now)).toBeLessThan(Date.parse(listed.dueAt));
    const fileIt = () =>
      t.request({
        method: 'POST',
        url: `/api/admin/compliance/cases/${escalated.case.id}/file`,
        cookie: staff.compliance,
        payload: { ficReference: 'FIC-STR-2026-0042' },
      });
    const filed = await fileIt();
    expect(filed.statusCode, filed.body).toBe(200);
    expect(filed.json().case).toMatchObject({ status: 'filed', ficReference: 'FIC-STR-2026-0042' });
    expect((await fileIt()).json().error.code).toBe('CASE_ALREADY_FILED');
  });

  it('shows the queue open first and oldest first, and an alert with the profile, orders, documents and notes', async () => {
    const customer = await verifiedCustomer('Yaw Asante');
    await db().insert(kycSubmissions).values({
      userId: customer.id,
      idType: 'passport',
      idNumber: 'G1234567',
      address: '1 Ring Road',
      city: 'Accra',
      country: 'Ghana',
      frontKey: null,
      status: 'approved',
    });
    const order = await placeBuy(customer.cookie, '70000');
    const [alert] = await alertsOf(customer.id, 'large_order');
    const note = await t.request({
      method: 'POST',
      url: `/api/admin/compliance/alerts/${alert!.id}/notes`,
      cookie: staff.compliance,
      payload: { body: 'Called the bank.' },
    });
    expect(note.statusCode, note.body).toBe(201);
    const empty = await t.request({
      method: 'POST',
      url: `/api/admin/compliance/alerts/${alert!.id}/notes`,
      cookie: staff.compliance,
      payload: { body: '  ' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields.body).toBe('Write the note.');

    const detail = await t.request({ method: 'GET', url: `/api/admin/compliance/alerts/${alert!.id}`, cookie: staff.compliance });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json()).toMatchObject({
      alert: { id: alert!.id, rule: 'large_order', customerName: 'Yaw Asante' },
      customer: { fullName: 'Yaw Asante', email: customer.email, tier: 2, kycStatus: 'verified' },
      orders: [{ id: order.id, amountGhs: '70000.00' }],
      documents: [{ idType: 'passport', status: 'approved' }],
      notes: [{ body: 'Called the bank.', authorName: 'Staff compliance' }],
      case: null,
    });

    const queue = (
      await t.request({ method: 'GET', url: '/api/admin/compliance/alerts?status=all&rule=large_order', cookie: staff.compliance })
    ).json();
    const statuses: string[] = queue.alerts.map((a: { status: string }) => a.status);
    expect(statuses.indexOf('open')).toBe(0);
    expect(statuses.lastIndexOf('open')).toBeLessThan(
      statuses.findIndex((s) => s !== 'open') === -1 ? Infinity : statuses.findIndex((s) => s !== 'open'),
    );
    const open = queue.alerts
      .filter((a: { status: string }) => a.status === 'open')
      .map((a: { createdAt: string }) => Date.parse(a.createdAt));
    expect(open).toEqual([...open].sort((a, b) => a - b));
    expect(queue.alerts.every((a: { rule: string }) => a.rule === 'large_order')).toBe(true);
  });

  it('exports a case as CSV with the customer, orders, documents, alerts and notes, formula cells quoted, audited', async () => {
    const customer = await verifiedCustomer('Efua Owusu');
    await db()
      .insert(kycSubmissions)
      .values({
        userId: customer.id,
        idType: 'national_id',
        idNumber: 'GHA-123456789-0',
        address: 'Osu',
        city: 'Accra',
        country: 'Ghana',
        frontKey: 'f'.repeat(32) + '.png',
        status: 'approved',
      });
    const order = await placeBuy(customer.cookie, '60000');
    await pay(customer.cookie, order.id, '0244000111');
    const [alert] = await alertsOf(customer.id, 'large_order');
    await t.request({
      method: 'POST',
      url: `/api/admin/compliance/alerts/${alert!.id}/notes`,
      cookie: staff.compliance,
      payload: { body: '=HYPERLINK("http://x")' },
    });
    const escalated = await t.request({
      method: 'POST',
      url: `/api/admin/compliance/alerts/${alert!.id}/escalate`,
      cookie: staff.compliance,
      payload: {},
    });
    const caseId = escalated.json().case.id as number;

    const response = await t.request({ method: 'GET', url: `/api/admin/compliance/cases/${caseId}/export`, cookie: staff.compliance });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toMatch(
      new RegExp(`attachment; filename="cedicrypto-case-${caseId}-\\d{4}-\\d{2}-\\d{2}\\.csv"`),
    );
    const [header, ...rows] = parseCsv(response.body);
    expect(header).toEqual(['section', 'recordId', 'field', 'value']);
    const value = (section: string, recordId: string | number, field: string) =>
      rows.find((row) => row[0] === section && row[1] === String(recordId) && row[2] === field)?.[3];
    expect(value('case', caseId, 'status')).toBe('open');
    expect(value('customer', customer.id, 'fullName')).toBe('Efua Owusu');
    expect(value('customer', customer.id, 'email')).toBe(customer.email);
    expect(value('order', order.id, 'amountGhs')).toBe('60000.00');
    expect(value('order', order.id, 'payerNumber')).toBe('0244000111');
    expect(rows.some((row) => row[0] === 'document' && row[2] === 'files' && row[3] === 'ID front')).toBe(true);
    expect(value('alert', alert!.id, 'rule')).toBe('large_order');
    expect(value('alert', alert!.id, 'status')).toBe('escalated');
    expect(rows.find((row) => row[0] === 'note' && row[2] === 'body')?.[3]).toBe(`'=HYPERLINK("http://x")`);
    expect(
      await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'compliance.case_export'), eq(auditLog.targetId, String(caseId)))),
    ).toHaveLength(1);
  });

  it('lets compliance read orders but never approve or cancel them, and keeps every new route to its roles', async () => {
    const customer = await verifiedCustomer();
    const order = await placeBuy(customer.cookie, '100');
    await pay(customer.cookie, order.id);
    expect((await t.request({ method: 'GET', url: '/api/admin/orders', cookie: staff.compliance })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: `/api/admin/orders/${order.id}`, cookie: staff.compliance })).statusCode).toBe(200);
    expect((await approve(staff.compliance, order.id)).statusCode).toBe(403);
    const cancel = await t.request({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/cancel`,
      cookie: staff.compliance,
      payload: { reason: 'No.' },
    });
    expect(cancel.statusCode).toBe(403);
    expect(firstOrThrow(await db().select().from(orders).where(eq(orders.id, order.id))).status).toBe('payment_submitted');

    const routes: [string, string, (string | null)[]][] = [
      ['GET', '/api/admin/compliance/alerts', ['compliance', 'super_admin']],
      ['GET', '/api/admin/compliance/alerts/1', ['compliance', 'super_admin']],
      ['POST', '/api/admin/compliance/alerts/1/notes', ['compliance', 'super_admin']],
      ['POST', '/api/admin/compliance/alerts/1/clear', ['compliance', 'super_admin']],
      ['POST', '/api/admin/compliance/alerts/1/escalate', ['compliance', 'super_admin']],
      ['GET', '/api/admin/compliance/cases', ['compliance', 'super_admin']],
      ['POST', '/api/admin/compliance/cases/1/file', ['compliance', 'super_admin']],
      ['GET', '/api/admin/compliance/cases/1/export', ['compliance', 'super_admin']],
      ['GET', '/api/admin/compliance/settings', ['compliance', 'super_admin']],
      ['PUT', '/api/admin/compliance/settings', ['super_admin']],
      ['POST', `/api/admin/users/${customer.id}/close`, ['super_admin']],
    ];
    for (const [method, url, allowed] of routes) {
      const anonymous = await t.request({ method: method as 'GET', url, ...(method === 'GET' ? {} : { payload: {} }) });
      expect(anonymous.statusCode, `${method} ${url} anonymous`).toBe(401);
      for (const persona of ['customer', 'manager', 'support', 'compliance'] as const) {
        if (allowed.includes(persona)) continue;
        const cookie = persona === 'customer' ? customer.cookie : staff[persona];
        const response = await t.request({ method: method as 'GET', url, cookie, ...(method === 'GET' ? {} : { payload: {} }) });
        expect(response.statusCode, `${method} ${url} as ${persona}`).toBe(403);
      }
    }
  });

  it('shows the settings to compliance and lets only the super admin change them, with field errors, audited', async () => {
    const read = await t.request({ method: 'GET', url: '/api/admin/compliance/settings', cookie: staff.compliance });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({
      largeOrderGhs: '50000.00',
      structuringOrderCount: 3,
      sharedNumberMaxCustomers: 2,
      retentionYears: 5,
      ruleActions: { large_order: 'hold', daily_volume: 'flag' },
    });
    const body = {
      ...read.json(),
      largeOrderGhs: '0',
      retentionYears: 2,
      ruleActions: { ...read.json().ruleActions, structuring: 'block' },
    };
    const bad = await t.request({ method: 'PUT', url: '/api/admin/compliance/settings', cookie: staff.super_admin, payload: body });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toMatchObject({
      largeOrderGhs: 'Enter an amount in GHS greater than 0, with at most 2 decimals.',
      retentionYears: 'Enter a whole number of years from 5 to 30 (the law asks for at least 5).',
    });
    const good = { ...read.json(), largeOrderGhs: '50000', retentionYears: 7 };
    const asCompliance = await t.request({ method: 'PUT', url: '/api/admin/compliance/settings', cookie: staff.compliance, payload: good });
    expect(asCompliance.statusCode).toBe(403);
    const saved = await t.request({ method: 'PUT', url: '/api/admin/compliance/settings', cookie: staff.super_admin, payload: good });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().retentionYears).toBe(7);
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.action, 'compliance.settings_update'));
    expect(entry).toMatchObject({ before: { retentionYears: 5 }, after: { retentionYears: 7 } });
    await t.request({
      method: 'PUT',
      url: '/api/admin/compliance/settings',
      cookie: staff.super_admin,
      payload: { ...good, retentionYears: 5 },
    });
  });

  it('refuses to delete orders, their events, KYC submissions and the desk records', async () => {
    const customer = await verifiedCustomer();
    const order = await placeBuy(customer.cookie, '60000');
    /** The database's own words for a refused statement (Drizzle wraps them as the cause). */
    const refusal = (statement: Promise<unknown>) =>
      statement.then(
        () => 'deleted',
        (error: unknown) => String((error as { cause?: { message?: string } }).cause?.message ?? error),
      );
    for (const table of ['orders', 'order_events', 'compliance_alerts', 'compliance_cases', 'compliance_notes']) {
      expect(await refusal(db().execute(sql.raw(`DELETE FROM ${table} WHERE true`))), table).toMatch(
        `${table} rows are kept for the retention period`,
      );
      expect(await refusal(db().execute(sql.raw(`TRUNCATE ${table} CASCADE`))), table).toMatch('retention period');
    }
    await db()
      .insert(kycSubmissions)
      .values({ userId: customer.id, idType: 'passport', idNumber: 'P1', address: 'a', city: 'b', country: 'Ghana' });
    expect(await refusal(db().delete(kycSubmissions).where(eq(kycSubmissions.userId, customer.id)))).toMatch('retention period');
    // A customer with orders cannot be deleted either (the foreign key).
    await expect(db().delete(users).where(eq(users.id, customer.id))).rejects.toThrow();
    expect(await db().select().from(orders).where(eq(orders.id, order.id))).toHaveLength(1);
  });

  it('sets a Tier 2 customer for browser tests only with TEST_CLOCK (no such route otherwise)', async () => {
    const customer = await t.signUp();
    const plain = await t.request({ method: 'POST', url: '/api/test/customer-verification', payload: { email: customer.email, tier: 2 } });
    expect(plain.statusCode).toBe(404);
    const clocked = await createTestApp({ TEST_CLOCK: 'true' });
    try {
      const other = await clocked.signUp();
      const set = await clocked.request({
        method: 'POST',
        url: '/api/test/customer-verification',
        payload: { email: other.email, tier: 2 },
      });
      expect(set.statusCode, set.body).toBe(200);
      const row = firstOrThrow(await clocked.database.db.select().from(users).where(eq(users.id, other.id)));
      expect(row).toMatchObject({ tier: 2, kycStatus: 'verified' });
    } finally {
      await clocked.close();
    }
  });

  it('closes an account (sign-in refused) and anonymises it only after the retention period, its KYC files deleted', async () => {
    const customer = await verifiedCustomer('Akosua Darko');
    await placeBuy(customer.cookie, '100');
    const storage = createLocalStorage(t.app.config.documentsDir);
    const frontKey = await storage.put(TINY_PNG, 'png');
    await db().insert(kycSubmissions).values({
      userId: customer.id,
      idType: 'passport',
      idNumber: 'G7654321',
      address: '2 Oxford St',
      city: 'Accra',
      country: 'Ghana',
      frontKey,
      frontType: 'image/png',
    });

    const closed = await t.request({ method: 'POST', url: `/api/admin/users/${customer.id}/close`, cookie: staff.super_admin });
    expect(closed.statusCode, closed.body).toBe(200);
    const again = await t.request({ method: 'POST', url: `/api/admin/users/${customer.id}/close`, cookie: staff.super_admin });
    expect(again.json().error.code).toBe('ACCOUNT_ALREADY_CLOSED');
    expect((await t.login(customer.email, customer.password)).statusCode).toBe(403);

    const closedAt = new Date(closed.json().closedAt as string);
    const yearsLater = (years: number, days: number) => {
      const at = new Date(closedAt);
      at.setUTCFullYear(at.getUTCFullYear() + years);
      return new Date(at.getTime() + days * DAY_MS);
    };
    expect(await anonymiseDueAccounts({ db: db(), storage, now: () => yearsLater(5, -1) })).toBe(0);
    const kept = firstOrThrow(await db().select().from(users).where(eq(users.id, customer.id)));
    expect(kept).toMatchObject({ fullName: 'Akosua Darko', email: customer.email, anonymisedAt: null });
    expect(await storage.get(frontKey)).not.toBeNull();

    expect(await anonymiseDueAccounts({ db: db(), storage, now: () => yearsLater(5, 1) })).toBe(1);
    const gone = firstOrThrow(await db().select().from(users).where(eq(users.id, customer.id)));
    expect(gone.fullName).toBe('Anonymised customer');
    expect(gone.email).not.toContain(customer.email.split('@')[0]!);
    expect(gone.username).not.toBe(customer.username.toLowerCase());
    expect(gone.phone).toBeNull();
    expect(gone.anonymisedAt).not.toBeNull();
    expect(await storage.get(frontKey)).toBeNull();
    const [submission] = await db().select().from(kycSubmissions).where(eq(kycSubmissions.userId, customer.id));
    expect(submission).toMatchObject({ frontKey: null, idNumber: '' });
    // Its orders stay.
    expect(await db().select().from(orders).where(eq(orders.userId, customer.id))).toHaveLength(1);
    // Once only.
    expect(await anonymiseDueAccounts({ db: db(), storage, now: () => yearsLater(6, 0) })).toBe(0);
  });
});
