import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SANCTIONS_OPERATOR_ENTRIES_PATH, SANCTIONS_LISTS_PATH } from '#shared/contracts/sanctions.js';
import { auditLog, emailLog, settings } from '#server/db/schema/app.js';
import { users } from '#server/db/schema/auth.js';
import { complianceAlerts, smsLog } from '#server/db/schema/compliance.js';
import { orders } from '#server/db/schema/orders.js';
import { sanctionsEntries, sanctionsLists } from '#server/db/schema/sanctions.js';
import { firstOrThrow } from '#server/db/rows.js';
import type { TFakePriceServer } from '#test/helpers/fake-price-server.js';
import { foreignPassport, uniqueGhanaPhone } from '#test/helpers/kyc-fixtures.js';
import { placeBuyOrder, tierTwoCustomer } from '#test/helpers/orders.js';
import { createOrderTestApp, multipart, SUPER_ADMIN, TINY_JPEG, TINY_PNG, type TTestApp } from '#test/helpers/test-app.js';
import { loadSanctionsList, OFAC_LIST_NAME, parseSanctionsFile } from './lists.js';
import { screenCustomerName, screenOrderAddress } from './screening.js';

const SHIPPED = path.join(import.meta.dirname, 'lists/ofac-sdn-2024-09-27.json');
/** Listed in the shipped copy: a base58 Bitcoin address, an Ethereum one (lower case there), a name. */
const LISTED_BTC = '12QtD5BFwRsdNsAZY76UVE1xyCGNTojH9h';
const LISTED_ETH = '0x19aa5fe80d33a56d56c78e82ea5e50e5d80b4dff';
const LISTED_NAME = 'BIN LADIN, Usama bin Muhammad bin Awad';
const CLEAN_BTC = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';

/*
 * Sanctions screening (issue 34 point 2, docs/decisions/075-sanctions-screening.md) against the
 * real app and database (PGlite, and PostgreSQL under with-postgres), with the shipped OFAC copy.
 */
describe('sanctions screening', () => {
  let t: TTestApp;
  let fake: TFakePriceServer;
  let methodId: number;
  let compliance: string;
  let manager: string;
  let support: string;

  beforeAll(async () => {
    ({ t, fake, methodId } = await createOrderTestApp(CLEAN_BTC));
    compliance = (await t.createStaff('compliance')).cookie;
    manager = (await t.createStaff('manager')).cookie;
    support = (await t.createStaff('support')).cookie;
    const bytes = readFileSync(SHIPPED);
    await loadSanctionsList(t.database.db, bytes, parseSanctionsFile(bytes.toString('utf8'), 'ofac-sdn-2024-09-27.json'), new Date());
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const db = () => t.database.db;
  const sanctionsAlertsOf = (userId: string) =>
    db()
      .select()
      .from(complianceAlerts)
      .where(and(eq(complianceAlerts.userId, userId), eq(complianceAlerts.rule, 'sanctions')))
      .orderBy(complianceAlerts.id);
  const adminHold = async (orderId: number) =>
    (await t.request({ method: 'GET', url: `/api/admin/orders/${orderId}`, cookie: compliance })).json().order.complianceHold;

  it('ships a dated list with its source, loaded with its SHA-256, and shows it to the desk', async () => {
    const file = JSON.parse(readFileSync(SHIPPED, 'utf8'));
    expect(file).toMatchObject({ format: 'cedicrypto-sanctions-list/1', name: OFAC_LIST_NAME, listDate: '2024-09-27' });
    expect(file.source).toContain('0xB10C/ofac-sanctioned-digital-currency-addresses');
    expect(file.source).toContain('f2aee2265956bf28ce71824c2c2c8cab02c2e173');
    const lists = await t.request({ method: 'GET', url: SANCTIONS_LISTS_PATH, cookie: compliance });
    expect(lists.statusCode, lists.body).toBe(200);
    const [list] = lists.json().lists;
    expect(list).toMatchObject({ kind: 'published', name: OFAC_LIST_NAME, listDate: '2024-09-27', supersededAt: null });
    expect(list.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(list.entries).toBe(file.addresses.length + file.names.length);
  });

  it('holds a buy to a listed address, and the desk sees the entry, the list and the score', async () => {
    const customer = await tierTwoCustomer(t, 'Kwabena Asante');
    const order = await placeBuyOrder(t, customer.cookie, { methodId, walletAddress: LISTED_BTC });
    const [alert, ...more] = await sanctionsAlertsOf(customer.id);
    expect(more).toHaveLength(0);
    expect(alert).toMatchObject({ orderId: order.id, action: 'hold', status: 'open' });
    expect(alert!.details).toMatchObject({
      subject: 'address',
      screened: LISTED_BTC,
      matched: LISTED_BTC,
      ref: 'XBT',
      listName: OFAC_LIST_NAME,
      listDate: '2024-09-27',
      score: '1.000',
      at: 'order',
    });
    expect(await adminHold(order.id)).toBe(true);
    const detail = await t.request({ method: 'GET', url: `/api/admin/compliance/alerts/${alert!.id}`, cookie: compliance });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.body).toContain(LISTED_BTC);
    expect(detail.body).toContain(OFAC_LIST_NAME);
  });

  it('compares EVM addresses without case and base58 ones exactly', async () => {
    const customer = await tierTwoCustomer(t, 'Efua Quaye');
    const order = await placeBuyOrder(t, customer.cookie, { methodId });
    const row = firstOrThrow(await db().select().from(orders).where(eq(orders.id, order.id)));
    // A deposit's sender as the chain watcher would give it: the EIP-55 capitals do not hide it.
    const checksummed = '0x19AA5FE80D33A56D56C78E82EA5E50E5D80B4DFF';
    expect(await db().transaction((tx) => screenOrderAddress(tx, row, checksummed, 'deposit', new Date()))).toBe(1);
    // A base58 address differing only in case is another address.
    expect(await db().transaction((tx) => screenOrderAddress(tx, row, LISTED_BTC.toLowerCase(), 'deposit', new Date()))).toBe(0);
    const alerts = await sanctionsAlertsOf(customer.id);
    expect(alerts.map((alert) => alert.details)).toMatchObject([{ screened: checksummed, matched: LISTED_ETH, at: 'deposit' }]);
    expect(await adminHold(order.id)).toBe(true);
  });

  it('raises an alert at sign-up for a transliterated listed name, and holds every order of the customer', async () => {
    const customer = await t.signUp({ fullName: 'Osama bin Mohammed bin Awad Bin Laden' });
    // Sign-up screens in the background (the answer does not wait for it): wait for its alert.
    await vi.waitFor(async () => expect(await sanctionsAlertsOf(customer.id)).toHaveLength(1), { timeout: 10_000, interval: 50 });
    const [alert] = await sanctionsAlertsOf(customer.id);
    expect(alert).toMatchObject({ orderId: null, action: 'hold', status: 'open' });
    expect(alert!.details).toMatchObject({ subject: 'name', matched: LISTED_NAME, ref: 'SDN 6365', at: 'sign_up' });
    expect(Number(alert!.details.score)).toBeGreaterThanOrEqual(0.9);
    expect(Number(alert!.details.score)).toBeLessThan(1);

    await db().update(users).set({ kycStatus: 'verified', tier: 2 }).where(eq(users.id, customer.id));
    const order = await placeBuyOrder(t, customer.cookie, { methodId });
    expect(await adminHold(order.id)).toBe(true);
  });

  it('screens the name at KYC submission, romanisation variants included', async () => {
    const customer = await t.signUp({ fullName: 'Kofi Boateng' });
    // The operator's entry, written as a list writes it; the customer's name as their ID has it.
    const [operator] = await db()
      .insert(sanctionsLists)
      .values({ kind: 'operator', name: 'Operator list', source: 'test' })
      .onConflictDoNothing()
      .returning();
    const listId = operator?.id ?? firstOrThrow(await db().select().from(sanctionsLists).where(eq(sanctionsLists.kind, 'operator'))).id;
    const { normalizeName } = await import('./matching.js');
    await db()
      .insert(sanctionsEntries)
      .values({ listId, kind: 'name', value: 'KARIMOV, Akhmad Yousef', normalized: normalizeName('KARIMOV, Akhmad Yousef') });
    await db()
      .update(users)
      .set({ fullName: 'Ahmed Yusuf Karimov', phone: uniqueGhanaPhone(), phoneVerifiedAt: new Date() })
      .where(eq(users.id, customer.id));
    const body = multipart(foreignPassport(), {
      front: { name: 'front.png', type: 'image/png', data: TINY_PNG },
      back: { name: 'back.jpg', type: 'image/jpeg', data: TINY_JPEG },
      selfie: { name: 'selfie.jpg', type: 'image/jpeg', data: TINY_JPEG },
    });
    const submitted = await t.request({
      method: 'POST',
      url: '/api/kyc',
      cookie: customer.cookie,
      payload: body.payload,
      headers: body.headers,
    });
    expect(submitted.statusCode, submitted.body).toBe(201);
    expect(submitted.body).not.toMatch(/sanction|alert|hold/i);
    const alerts = await sanctionsAlertsOf(customer.id);
    expect(alerts.map((alert) => alert.details)).toMatchObject([
      {
        subject: 'name',
        screened: 'Ahmed Yusuf Karimov',
        matched: 'KARIMOV, Akhmad Yousef',
        listName: 'Operator list',
        score: '1.000',
        at: 'kyc',
      },
    ]);
  });

  it('raises nothing under the threshold setting, and raises at the default', async () => {
    const customer = await t.signUp({ fullName: 'Kojo Mensah' });
    // Two letters off the listed spelling beyond what the variant table knows.
    const near = 'Usama bin Muhamad bin Awad Bin Ladn';
    const screen = () => db().transaction((tx) => screenCustomerName(tx, { userId: customer.id, name: near }, 'kyc', new Date()));
    await db().update(settings).set({ sanctionsNameMatchPercent: 99 }).where(eq(settings.id, 1));
    try {
      expect(await screen()).toBe(0);
      expect(await sanctionsAlertsOf(customer.id)).toHaveLength(0);
    } finally {
      await db().update(settings).set({ sanctionsNameMatchPercent: 90 }).where(eq(settings.id, 1));
    }
    // An unrelated name scores about 0.8 against the closest listed one: under the default.
    expect(await db().transaction((tx) => screenCustomerName(tx, { userId: customer.id, name: 'Ama Mensah' }, 'kyc', new Date()))).toBe(0);
    expect(await sanctionsAlertsOf(customer.id)).toHaveLength(0);
    expect(await screen()).toBe(1);
    expect(await sanctionsAlertsOf(customer.id)).toHaveLength(1);
  });

  it('loads a newer list: the older one superseded, customers and open orders rescreened', async () => {
    const customer = await tierTwoCustomer(t, 'Yaw Darko Owusu');
    const wallet = '1BoatSLRHtKNngkdXEeobR76b53LETtpyT';
    const order = await placeBuyOrder(t, customer.cookie, { methodId, walletAddress: wallet });
    expect(await sanctionsAlertsOf(customer.id)).toHaveLength(0);
    expect(await adminHold(order.id)).toBe(false);

    const newer = {
      format: 'cedicrypto-sanctions-list/1',
      name: OFAC_LIST_NAME,
      source: 'test: a newer OFAC SDN extract',
      listDate: '2026-11-28',
      addresses: [
        { value: wallet, coin: 'XBT' },
        { value: LISTED_BTC, coin: 'XBT' },
      ],
      names: [{ value: 'OWUSU, Yaw Darko', ref: 'SDN 99999' }],
    };
    const bytes = Buffer.from(JSON.stringify(newer));
    const result = await loadSanctionsList(db(), bytes, parseSanctionsFile(bytes.toString('utf8'), 'newer.json'), new Date());
    expect(result).toMatchObject({ addresses: 2, names: 1, superseded: 1 });
    expect(result.rescreen.nameHits).toBeGreaterThanOrEqual(1);
    expect(result.rescreen.addressHits).toBeGreaterThanOrEqual(1);

    const alerts = await sanctionsAlertsOf(customer.id);
    expect(alerts.map((alert) => [alert.orderId, alert.details.subject, alert.details.at, alert.details.listDate])).toEqual(
      expect.arrayContaining([
        [null, 'name', 'list_loaded', '2026-11-28'],
        [order.id, 'address', 'list_loaded', '2026-11-28'],
      ]),
    );
    expect(await adminHold(order.id)).toBe(true);
    // The older copy is superseded and its entries gone: its names no longer screen.
    const published = await db()
      .select()
      .from(sanctionsLists)
      .where(and(eq(sanctionsLists.kind, 'published'), isNull(sanctionsLists.supersededAt)));
    expect(published.map((list) => list.listDate)).toEqual(['2026-11-28']);
    const other = await t.signUp({ fullName: 'Talal Muhammad Rashid Naji' });
    expect(
      await db().transaction((tx) => screenCustomerName(tx, { userId: other.id, name: 'Talal Muhammad Rashid Naji' }, 'kyc', new Date())),
    ).toBe(0);
    // The same file again is refused.
    await expect(loadSanctionsList(db(), bytes, parseSanctionsFile(bytes.toString('utf8'), 'newer.json'), new Date())).rejects.toThrow(
      /loaded already/,
    );
  });

  it('tells the customer nothing: a sanctions hold looks exactly like a large-order hold', async () => {
    /** What the customer can see of their order: the answers of placing it, reading it and their list, their emails and texts. */
    const customerView = async (cookie: string, email: string, userId: string, walletAddress: string, amountFiat: string) => {
      const quote = await t.request({
        method: 'POST',
        url: '/api/quotes',
        cookie,
        payload: { coinSymbol: 'btc', side: 'buy', fiatCurrency: 'GHS', amountFiat },
      });
      const placed = await t.request({
        method: 'POST',
        url: '/api/orders',
        cookie,
        payload: { type: 'buy', quoteId: quote.json().id, walletAddress, paymentMethodId: methodId },
      });
      const id = placed.json().order.id as number;
      const read = await t.request({ method: 'GET', url: `/api/orders/${id}`, cookie });
      const list = await t.request({ method: 'GET', url: '/api/orders', cookie });
      const emails = await db().select({ subject: emailLog.subject }).from(emailLog).where(eq(emailLog.to, email)).orderBy(emailLog.id);
      const texts = await db()
        .select({ kind: smsLog.kind, body: smsLog.body })
        .from(smsLog)
        .where(eq(smsLog.userId, userId))
        .orderBy(smsLog.id);
      return { id, placed, read, list, emails, texts };
    };
    /** Every key path of a JSON value, with each leaf's type: the answer's shape. */
    const shape = (value: unknown, at = ''): string[] =>
      value !== null && typeof value === 'object'
        ? Object.entries(value).flatMap(([key, inner]) => shape(inner, `${at}.${Array.isArray(value) ? '[]' : key}`))
        : [`${at}:${value === null ? 'null' : typeof value}`];

    const held = await tierTwoCustomer(t, 'Akosua Frimpong');
    const large = await tierTwoCustomer(t, 'Abena Frimpong');
    await db().update(settings).set({ largeOrderGhs: '1000' }).where(eq(settings.id, 1));
    let sanctioned: Awaited<ReturnType<typeof customerView>>;
    let bigOrder: Awaited<ReturnType<typeof customerView>>;
    try {
      // The same amount (above the lowered large-order threshold) for both, so only the reason differs.
      sanctioned = await customerView(held.cookie, held.email, held.id, LISTED_BTC, '1200');
      bigOrder = await customerView(large.cookie, large.email, large.id, CLEAN_BTC, '1200');
    } finally {
      await db().update(settings).set({ largeOrderGhs: '50000' }).where(eq(settings.id, 1));
    }
    const rulesOf = async (userId: string) =>
      (await db().select().from(complianceAlerts).where(eq(complianceAlerts.userId, userId))).map((a) => a.rule).sort();
    expect(await rulesOf(held.id)).toEqual(['large_order', 'sanctions']);
    expect(await rulesOf(large.id)).toEqual(['large_order']);
    // Both held for the desk.
    expect(await adminHold(sanctioned.id)).toBe(true);
    expect(await adminHold(bigOrder.id)).toBe(true);

    for (const view of [sanctioned, bigOrder]) {
      expect(view.placed.statusCode).toBe(201);
      expect(view.read.statusCode).toBe(200);
      for (const response of [view.placed, view.read, view.list]) expect(response.body).not.toMatch(/sanction|ofac|hold|alert|compliance/i);
    }
    expect(sanctioned.read.json().order.status).toBe(bigOrder.read.json().order.status);
    expect(shape(sanctioned.placed.json())).toEqual(shape(bigOrder.placed.json()));
    expect(shape(sanctioned.read.json())).toEqual(shape(bigOrder.read.json()));
    expect(shape(sanctioned.list.json())).toEqual(shape(bigOrder.list.json()));
    expect(sanctioned.placed.headers['content-type']).toBe(bigOrder.placed.headers['content-type']);
    // The same emails and texts, word for word but for the order's own number, wallet and name.
    const neutral = (text: string, view: typeof sanctioned, name: string, wallet: string) =>
      text.replaceAll(String(view.id), '#ID').replaceAll(wallet, 'WALLET').replaceAll(name, 'NAME');
    expect(sanctioned.emails.map((email) => neutral(email.subject, sanctioned, 'Akosua', LISTED_BTC))).toEqual(
      bigOrder.emails.map((email) => neutral(email.subject, bigOrder, 'Abena', CLEAN_BTC)),
    );
    expect(sanctioned.texts.map((sms) => [sms.kind, neutral(sms.body, sanctioned, 'Akosua', LISTED_BTC)])).toEqual(
      bigOrder.texts.map((sms) => [sms.kind, neutral(sms.body, bigOrder, 'Abena', CLEAN_BTC)]),
    );
  });

  describe('the operator list', () => {
    it('lets compliance and the super admin add an entry, which rescreens at once, audited', async () => {
      const customer = await tierTwoCustomer(t, 'Nana Ama Serwaa');
      const wallet = '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy';
      const order = await placeBuyOrder(t, customer.cookie, { methodId, walletAddress: wallet });
      const added = await t.request({
        method: 'POST',
        url: SANCTIONS_OPERATOR_ENTRIES_PATH,
        cookie: compliance,
        payload: { kind: 'address', value: wallet, ref: 'FIC circular 2026/7' },
      });
      expect(added.statusCode, added.body).toBe(200);
      expect(added.json()).toMatchObject({ entry: { kind: 'address', value: wallet, ref: 'FIC circular 2026/7' }, hits: 1 });
      expect((await sanctionsAlertsOf(customer.id)).map((alert) => alert.details)).toMatchObject([
        { subject: 'address', matched: wallet, listName: 'Operator list', at: 'operator_entry' },
      ]);
      expect(await adminHold(order.id)).toBe(true);

      const admin = await t.loginCookie(SUPER_ADMIN.email, SUPER_ADMIN.password, 'admin');
      const listed = await t.request({ method: 'GET', url: SANCTIONS_OPERATOR_ENTRIES_PATH, cookie: admin });
      expect(listed.statusCode).toBe(200);
      const entry = listed.json().entries.find((item: { value: string }) => item.value === wallet);
      const removed = await t.request({ method: 'DELETE', url: `${SANCTIONS_OPERATOR_ENTRIES_PATH}/${entry.id}`, cookie: admin });
      expect(removed.statusCode, removed.body).toBe(200);
      const again = await t.request({ method: 'DELETE', url: `${SANCTIONS_OPERATOR_ENTRIES_PATH}/${entry.id}`, cookie: admin });
      expect(again.statusCode).toBe(404);
      const audited = await db()
        .select()
        .from(auditLog)
        .where(eq(auditLog.targetId, String(entry.id)))
        .orderBy(auditLog.id);
      expect(audited.map((row) => [row.action, row.targetType])).toEqual([
        ['sanctions.operator_entry_add', 'sanctions_entry'],
        ['sanctions.operator_entry_remove', 'sanctions_entry'],
      ]);
    });

    it('is refused to a customer, to support and to a manager, and without a session', async () => {
      const customer = await t.signUp({ fullName: 'Esi Ankrah' });
      const payload = { kind: 'name', value: 'Someone Listed' };
      for (const cookie of [customer.cookie, support, manager]) {
        expect((await t.request({ method: 'POST', url: SANCTIONS_OPERATOR_ENTRIES_PATH, cookie, payload })).statusCode).toBe(403);
        expect((await t.request({ method: 'GET', url: SANCTIONS_OPERATOR_ENTRIES_PATH, cookie })).statusCode).toBe(403);
        expect((await t.request({ method: 'GET', url: SANCTIONS_LISTS_PATH, cookie })).statusCode).toBe(403);
      }
      expect((await t.request({ method: 'POST', url: SANCTIONS_OPERATOR_ENTRIES_PATH, payload })).statusCode).toBe(401);
      const entries = await db().select().from(sanctionsEntries).where(eq(sanctionsEntries.value, 'Someone Listed'));
      expect(entries).toHaveLength(0);
    });
  });
});
