import { randomUUID } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDayOf } from '#shared/business-day.js';
import type { TLedgerEntryKind } from '#shared/ledger.js';
import { auditLog } from '#server/db/schema/app.js';
import { ledgerHead } from '#server/db/schema/ledger.js';
import { orders, quotes } from '#server/db/schema/orders.js';
import { postEntry, type TAccountSpec, type TPostingInput } from '#server/modules/ledger/service.js';
import { createTestApp, type TTestApp } from '#test/helpers/test-app.js';
import { computeSettlement, getSettlement, type TStatementBalanceLookup } from './service.js';

/*
 * Issue 28 point 6: the daily settlement and the treasury, read from entries posted in the shapes
 * of docs/decisions/037 (the order lifecycle writes them; here the test does).
 */

const account = (code: string, kind: TAccountSpec['kind'], asset: string): TAccountSpec => ({ code, kind, asset, name: code });
const momo = account('asset:momo:901', 'asset', 'GHS');
const btcWallet = account('asset:wallet:BTC:BTC', 'asset', 'BTC');
const ethWallet = account('asset:wallet:ETH:ERC20', 'asset', 'ETH');
const openingGhs = account('equity:opening:GHS', 'equity', 'GHS');
const openingBtc = account('equity:opening:BTC', 'equity', 'BTC');
const openingEth = account('equity:opening:ETH', 'equity', 'ETH');
const feeGhs = account('revenue:fee:GHS', 'revenue', 'GHS');
const spreadGhs = account('revenue:spread:GHS', 'revenue', 'GHS');
const tradingGhs = account('trading:GHS', 'trading', 'GHS');
const tradingBtc = account('trading:BTC', 'trading', 'BTC');
const networkFeeBtc = account('expense:network_fee:BTC', 'expense', 'BTC');
const momoFee = account('expense:momo_fee:GHS', 'expense', 'GHS');
const owes = (customer: string, asset: string) => account(`liability:customer:${customer}:${asset}`, 'liability', asset);

const DAY = '2026-11-20';

describe('treasury and the daily settlement', () => {
  let t: TTestApp;
  let manager: { id: string; email: string; cookie: string };
  let superAdmin: { cookie: string };
  let support: { cookie: string };
  let compliance: { cookie: string };
  let customer: { id: string; cookie: string };
  let buyId: number;
  let sellId: number;

  const post = (kind: TLedgerEntryKind, at: string, postings: TPostingInput[], orderId: number | null = null) =>
    t.database.db.transaction((tx) => postEntry(tx, { kind, at: new Date(at), orderId, postings }));

  /** An order as the lifecycle writes it (its quote first), in a status of the test's choosing. */
  async function insertOrder(input: {
    type: 'buy' | 'sell';
    coin: string;
    network: string | null;
    amountCrypto: string;
    amountGhs: string;
    status: string;
    decidedAt?: Date;
  }): Promise<number> {
    const quoteId = randomUUID();
    const numbers = {
      amountFiat: input.amountGhs,
      amountUsd: '10.00',
      amountCrypto: input.amountCrypto,
      unitPriceUsd: '1',
      ghsRate: '11.5',
    };
    await t.database.db.insert(quotes).values({
      id: quoteId,
      userId: customer.id,
      coinSymbol: input.coin,
      side: input.type,
      fiatCurrency: 'GHS',
      ...numbers,
      baseUsd: '1',
      feePercentage: '2.5',
      feeUsd: '0.25',
      expiresAt: new Date(),
    });
    const [row] = await t.database.db
      .insert(orders)
      .values({
        userId: customer.id,
        quoteId,
        type: input.type,
        coinSymbol: input.coin,
        network: input.network,
        fiatCurrency: 'GHS',
        ...numbers,
        amountGhs: input.amountGhs,
        paymentMethod: 'MTN MoMo',
        status: input.status as typeof orders.$inferInsert.status,
        decidedAt: input.decidedAt ?? null,
      })
      .returning({ id: orders.id });
    return row!.id;
  }

  beforeAll(async () => {
    t = await createTestApp();
    manager = await t.createStaff('manager');
    superAdmin = await t.createStaff('super_admin');
    support = await t.createStaff('support');
    compliance = await t.createStaff('compliance');
    customer = await t.signUp();
    buyId = await insertOrder({
      type: 'buy',
      coin: 'btc',
      network: 'BTC',
      amountCrypto: '0.001',
      amountGhs: '1000.00',
      status: 'completed',
    });
    sellId = await insertOrder({
      type: 'sell',
      coin: 'btc',
      network: 'BTC',
      amountCrypto: '0.002',
      amountGhs: '1950.00',
      status: 'completed',
    });

    // Opening balances, the day before.
    await post('opening_balance', '2026-11-19T12:00:00Z', [
      { account: momo, amount: '5000' },
      { account: openingGhs, amount: '-5000' },
    ]);
    await post('opening_balance', '2026-11-19T12:00:00Z', [
      { account: btcWallet, amount: '0.5' },
      { account: openingBtc, amount: '-0.5' },
    ]);
    // A buy: GHS 1,000 received at Accra midnight exactly (the 20th's first instant), 0.001 BTC
    // paid out with a GHS 20 fee and GHS 2 of spread, and the network's fee from the wallet.
    await post(
      'payment_received',
      '2026-11-20T00:00:00.000Z',
      [
        { account: momo, amount: '1000' },
        { account: owes('c1', 'GHS'), amount: '-1000' },
      ],
      buyId,
    );
    await post(
      'payout_sent',
      '2026-11-20T10:20:00Z',
      [
        { account: owes('c1', 'GHS'), amount: '1000' },
        { account: feeGhs, amount: '-20' },
        { account: spreadGhs, amount: '-2' },
        { account: tradingGhs, amount: '-978' },
        { account: tradingBtc, amount: '0.001' },
        { account: btcWallet, amount: '-0.001' },
      ],
      buyId,
    );
    await post(
      'network_fee',
      '2026-11-20T10:21:00Z',
      [
        { account: networkFeeBtc, amount: '0.0000085' },
        { account: btcWallet, amount: '-0.0000085' },
      ],
      buyId,
    );
    // A sell: 0.002 BTC in, GHS 1,950 out by MoMo (GHS 50 fee), and MoMo's charge of GHS 1.50.
    await post(
      'payment_received',
      '2026-11-20T11:00:00Z',
      [
        { account: btcWallet, amount: '0.002' },
        { account: owes('c1', 'BTC'), amount: '-0.002' },
      ],
      sellId,
    );
    await post(
      'payout_sent',
      '2026-11-20T11:30:00Z',
      [
        { account: owes('c1', 'BTC'), amount: '0.002' },
        { account: tradingBtc, amount: '-0.002' },
        { account: tradingGhs, amount: '2000' },
        { account: feeGhs, amount: '-50' },
        { account: momo, amount: '-1950' },
      ],
      sellId,
    );
    await post(
      'momo_fee',
      '2026-11-20T11:31:00Z',
      [
        { account: momoFee, amount: '1.50' },
        { account: momo, amount: '-1.50' },
      ],
      sellId,
    );
    // The day's last millisecond belongs to it; the next midnight to the 21st.
    await post('payment_received', '2026-11-20T23:59:59.999Z', [
      { account: momo, amount: '5' },
      { account: owes('c2', 'GHS'), amount: '-5' },
    ]);
    await post('payment_received', '2026-11-21T00:00:00.000Z', [
      { account: momo, amount: '7' },
      { account: owes('c2', 'GHS'), amount: '-7' },
    ]);
  });
  afterAll(async () => {
    await t.close();
  });

  it('settles a day per account: opening + in - out - fees = closing, with the day bounded at Accra midnight', async () => {
    const report = await t.request({ method: 'GET', url: `/api/admin/treasury/settlement?day=${DAY}`, cookie: manager.cookie });
    expect(report.statusCode).toBe(200);
    const body = report.json();
    expect(body).toMatchObject({ status: 'ready', signOff: null, changedSinceSignOff: false });
    expect(body.figures).toMatchObject({ day: DAY, start: '2026-11-20T00:00:00.000Z', end: '2026-11-21T00:00:00.000Z' });
    expect(body.figures.accounts).toEqual([
      {
        code: 'asset:momo:901',
        name: 'asset:momo:901',
        asset: 'GHS',
        kind: 'momo',
        opening: '5000',
        in: '1005',
        out: '1950',
        fees: '1.5',
        closing: '4053.5',
        balances: true,
        statement: null,
      },
      {
        code: 'asset:wallet:BTC:BTC',
        name: 'asset:wallet:BTC:BTC',
        asset: 'BTC',
        kind: 'wallet',
        opening: '0.5',
        in: '0.002',
        out: '0.001',
        fees: '0.0000085',
        closing: '0.5009915',
        balances: true,
        statement: null,
      },
    ]);
    // Revenue per coin and side, from the orders of the entries.
    expect(body.figures.revenue).toEqual([
      { coin: 'BTC', side: 'buy', asset: 'GHS', fee: '20', spread: '2', total: '22' },
      { coin: 'BTC', side: 'sell', asset: 'GHS', fee: '50', spread: '0', total: '50' },
    ]);

    // The next day opens where the 20th closed and holds the midnight payment only.
    const next = await t.request({ method: 'GET', url: '/api/admin/treasury/settlement?day=2026-11-21', cookie: manager.cookie });
    expect(next.json().figures.accounts[0]).toMatchObject({
      code: 'asset:momo:901',
      opening: '4053.5',
      in: '7',
      out: '0',
      closing: '4060.5',
    });
    expect(next.json().figures.revenue).toEqual([]);
    // The day before: the opening balances only.
    const before = await t.request({ method: 'GET', url: '/api/admin/treasury/settlement?day=2026-11-19', cookie: manager.cookie });
    expect(before.json().figures.accounts[0]).toMatchObject({ opening: '0', in: '5000', closing: '5000' });
  });

  it('flags a difference against the last imported statement, and says when there is none', async () => {
    // Statement import (issue 28 point 5) is its own module; its lookup is the treasury's optional dependency.
    const lastStatementBalance: TStatementBalanceLookup = async (_db, { code }, asOf) => {
      expect(asOf.toISOString()).toBe('2026-11-20T23:59:59.999Z');
      return code === momo.code ? { balance: '4050.00', at: new Date('2026-11-20T23:00:00Z') } : null;
    };
    const figures = await computeSettlement({ db: t.database.db, lastStatementBalance }, DAY);
    // The day's books close at 4053.50 (the entry at 23:59:59.999 included: entries carry the time they were
    // written, not the statement's); the statement's last balance of the day says GHS 3.50 less.
    expect(figures.accounts.find((row) => row.code === momo.code)?.statement).toEqual({
      balance: '4050',
      at: '2026-11-20T23:00:00.000Z',
      ledgerBalance: '4053.5',
      difference: '-3.5',
    });
    expect(figures.accounts.find((row) => row.code === momo.code)?.closing).toBe('4053.5');
    expect(figures.accounts.find((row) => row.code === btcWallet.code)?.statement).toBeNull();
  });

  it('refuses to sign off a day that is not over, and who may not sign', async () => {
    const today = businessDayOf(new Date());
    const open = await t.request({
      method: 'POST',
      url: `/api/admin/treasury/settlement/${today}/sign-off`,
      cookie: manager.cookie,
      payload: {},
    });
    expect(open.statusCode).toBe(409);
    expect(open.json().error).toMatchObject({
      code: 'SETTLEMENT_DAY_NOT_OVER',
      message: 'This day is not over yet. A day can be signed off from midnight (Ghana time) after it.',
    });
    const report = await t.request({ method: 'GET', url: `/api/admin/treasury/settlement?day=${today}`, cookie: manager.cookie });
    expect(report.json().status).toBe('open');
    const future = await t.request({
      method: 'POST',
      url: '/api/admin/treasury/settlement/2999-01-01/sign-off',
      cookie: manager.cookie,
      payload: {},
    });
    expect(future.json().error.code).toBe('SETTLEMENT_DAY_NOT_OVER');

    for (const cookie of [support.cookie, compliance.cookie, customer.cookie]) {
      const refused = await t.request({ method: 'POST', url: `/api/admin/treasury/settlement/${DAY}/sign-off`, cookie, payload: {} });
      expect(refused.statusCode).toBe(403);
      expect((await t.request({ method: 'GET', url: `/api/admin/treasury/settlement?day=${DAY}`, cookie })).statusCode).toBe(403);
      expect((await t.request({ method: 'GET', url: '/api/admin/treasury', cookie })).statusCode).toBe(403);
    }
    expect((await t.request({ method: 'POST', url: `/api/admin/treasury/settlement/${DAY}/sign-off`, payload: {} })).statusCode).toBe(401);
    const badDay = await t.request({ method: 'GET', url: '/api/admin/treasury/settlement?day=2026-02-30', cookie: manager.cookie });
    expect(badDay.statusCode).toBe(400);
    expect(badDay.json().error.message).toMatch('Enter a valid date (YYYY-MM-DD).');
    expect(await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'settlement.sign_off'))).toHaveLength(0);
  });

  it('signs a day off once, audited, and then shows its frozen figures even when a late entry changes the day', async () => {
    const [first, second] = await Promise.all([
      t.request({ method: 'POST', url: `/api/admin/treasury/settlement/${DAY}/sign-off`, cookie: manager.cookie, payload: {} }),
      t.request({ method: 'POST', url: `/api/admin/treasury/settlement/${DAY}/sign-off`, cookie: superAdmin.cookie, payload: {} }),
    ]);
    const answers = [first, second].sort((a, b) => a.statusCode - b.statusCode);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 409]);
    expect(answers[1]!.json().error).toMatchObject({ code: 'SETTLEMENT_ALREADY_SIGNED', message: 'This day has already been signed off.' });
    const signed = answers[0]!.json();
    expect(signed).toMatchObject({
      status: 'signed',
      changedSinceSignOff: false,
      signOff: { byName: 'Staff ' + (first.statusCode === 200 ? 'manager' : 'super_admin') },
    });
    expect(signed.figures.accounts[0]).toMatchObject({ code: 'asset:momo:901', closing: '4053.5' });

    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'settlement.sign_off'));
    expect(audits).toHaveLength(1);

    // The chain heads at sign-off (docs/decisions/073): the ledger's as it stands (no entry since),
    // and a real link of the audit chain that covers every row written before the sign-off's own
    // (the refused second sign-off may have sealed that one since).
    const [ledger] = await t.database.db.select().from(ledgerHead);
    expect(ledger!.seq).toBeGreaterThan(0);
    expect(signed.figures.chainHeads.ledger).toEqual({ seq: ledger!.seq, hash: ledger!.hash });
    const head = signed.figures.chainHeads.audit;
    expect(head.seq).toBeGreaterThan(0);
    const [link] = await t.database.db.select().from(auditLog).where(eq(auditLog.seq, head.seq));
    expect(link!.hash).toBe(head.hash);
    const before = await t.database.db.select().from(auditLog).where(lt(auditLog.id, audits[0]!.id));
    expect(before.length).toBeGreaterThan(0);
    expect(before.filter((row) => row.seq === null || row.seq > head.seq)).toEqual([]);
    expect(audits[0]!.after).toMatchObject({ chainHeads: signed.figures.chainHeads });
    expect(audits[0]).toMatchObject({ targetType: 'settlement', targetId: DAY });
    expect(audits[0]!.after).toMatchObject({
      day: DAY,
      accounts: expect.arrayContaining([expect.objectContaining({ code: 'asset:momo:901', closing: '4053.5' })]),
    });

    // An entry written later with a time in the signed day: the report keeps the signed figures and says so.
    await post('momo_fee', '2026-11-20T15:00:00Z', [
      { account: momoFee, amount: '0.50' },
      { account: momo, amount: '-0.50' },
    ]);
    const after = await getSettlement({ db: t.database.db }, DAY);
    expect(after).toMatchObject({ status: 'signed', changedSinceSignOff: true });
    expect(after.figures.accounts[0]).toMatchObject({ fees: '1.5', closing: '4053.5' });
    expect((await computeSettlement({ db: t.database.db }, DAY)).accounts[0]).toMatchObject({ fees: '2', closing: '4053' });
  });

  it('shows every business account now, what customers are owed, and warns when a wallet cannot cover its waiting orders', async () => {
    await post('opening_balance', '2026-11-19T12:00:00Z', [
      { account: ethWallet, amount: '1' },
      { account: openingEth, amount: '-1' },
    ]);
    await post('payment_received', '2026-11-22T09:00:00Z', [
      { account: momo, amount: '300' },
      { account: owes('c3', 'GHS'), amount: '-300' },
    ]);
    // Buys whose payment is in need their coins: 1.1 ETH on ERC20 from a wallet of 1 ETH; USDT on
    // TRC20 from a wallet the ledger does not have. A sell whose coins are in needs GHS 10.
    await insertOrder({
      type: 'buy',
      coin: 'eth',
      network: 'ERC20',
      amountCrypto: '0.6',
      amountGhs: '100.00',
      status: 'payment_submitted',
    });
    await insertOrder({
      type: 'buy',
      coin: 'eth',
      network: 'ERC20',
      amountCrypto: '0.5',
      amountGhs: '100.00',
      status: 'payment_submitted',
    });
    await insertOrder({
      type: 'buy',
      coin: 'usdt',
      network: 'TRC20',
      amountCrypto: '10',
      amountGhs: '120.00',
      status: 'payment_submitted',
    });
    await insertOrder({
      type: 'sell',
      coin: 'btc',
      network: 'BTC',
      amountCrypto: '0.0001',
      amountGhs: '10.00',
      status: 'deposit_submitted',
    });
    // A BTC buy names no network (BTC has one): it is paid from the BTC wallet on BTC.
    await insertOrder({ type: 'buy', coin: 'btc', network: null, amountCrypto: '0.1', amountGhs: '100.00', status: 'payment_submitted' });
    // Not waiting on a payout: not counted.
    await insertOrder({ type: 'buy', coin: 'eth', network: 'ERC20', amountCrypto: '5', amountGhs: '100.00', status: 'awaiting_payment' });

    const answer = await t.request({ method: 'GET', url: '/api/admin/treasury', cookie: superAdmin.cookie });
    expect(answer.statusCode).toBe(200);
    const treasury = answer.json();
    expect(treasury.accounts).toEqual([
      { code: 'asset:momo:901', name: 'asset:momo:901', asset: 'GHS', kind: 'momo', balance: '4360' },
      { code: 'asset:wallet:BTC:BTC', name: 'asset:wallet:BTC:BTC', asset: 'BTC', kind: 'wallet', balance: '0.5009915' },
      { code: 'asset:wallet:ETH:ERC20', name: 'asset:wallet:ETH:ERC20', asset: 'ETH', kind: 'wallet', balance: '1' },
    ]);
    // Owed: GHS 5 + 7 to one customer, GHS 300 to another; the first customer's cedis and coins were settled.
    expect(treasury.owed).toEqual([
      { asset: 'BTC', amount: '0', customers: 0 },
      { asset: 'GHS', amount: '312', customers: 2 },
    ]);
    expect(treasury.coverage).toEqual([
      { asset: 'BTC', network: 'BTC', accountCode: 'asset:wallet:BTC:BTC', orders: 1, needed: '0.1', balance: '0.5009915', isShort: false },
      { asset: 'ETH', network: 'ERC20', accountCode: 'asset:wallet:ETH:ERC20', orders: 2, needed: '1.1', balance: '1', isShort: true },
      { asset: 'USDT', network: 'TRC20', accountCode: null, orders: 1, needed: '10', balance: '0', isShort: true },
      { asset: 'GHS', network: null, accountCode: null, orders: 1, needed: '10', balance: '4360', isShort: false },
    ]);
  });
});
