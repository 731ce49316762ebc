import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATEMENT_MSG } from '#shared/contracts/statements.js';
import { Dec } from '#shared/money.js';
import { auditLog } from '#server/db/schema/app.js';
import { users } from '#server/db/schema/auth.js';
import { ledgerEntries } from '#server/db/schema/ledger.js';
import { orders } from '#server/db/schema/orders.js';
import { statementExceptions, statementImports, statementLines } from '#server/db/schema/statements.js';
import { balances, verifyLedger } from '#server/modules/ledger/service.js';
import type { TActor } from '#server/plugins/access.js';
import type { TFakePriceServer } from '#test/helpers/fake-price-server.js';
import { payOrder, placeBuyOrder, TEST_BTC_ADDRESS, tierTwoCustomer } from '#test/helpers/orders.js';
import { createOrderTestApp, type TTestApp } from '#test/helpers/test-app.js';
import { MTN_HEADER, mtnLine } from '#test/helpers/statements.js';
import { importStatement, lastStatementBalance, type TConfirmMatchedPayment } from './service.js';

/**
 * Statement import and reconciliation through the API on the real database (issue 28 point 5,
 * docs/decisions/039): parsing errors per line, re-import changes nothing, the matching rules,
 * the queue's resolutions once and audited, the suspense account of the ledger.
 */

const OWN = 'FRI:233241112222/MSISDN';
let t: TTestApp;
let fake: TFakePriceServer;
let methodId: number;
let manager: { id: string; email: string; cookie: string };
let customer: { cookie: string; id: string };
let idCounter = 48_100_000_000;
const newId = () => String((idCounter += 1));

/** An order of the customer paid ("I have paid") from `payer`, with what a statement would show. */
async function paidOrder(payer = '0244000111', amountFiat = '300') {
  const order = await placeBuyOrder(t, customer.cookie, { methodId, amountFiat });
  await payOrder(t, customer.cookie, order.id, payer);
  const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
  return row!;
}

function upload(csv: string, options: { account?: string; format?: 'mtn' | 'mapped' | 'coin'; cookie?: string } = {}) {
  return t.request({
    method: 'POST',
    url: '/api/admin/statements',
    cookie: options.cookie ?? manager.cookie,
    payload: { account: options.account ?? `pm:${methodId}`, format: options.format ?? 'mtn', fileName: 'statement.csv', csv },
  });
}

const at = (date: Date | null) => (date ?? new Date()).toISOString().replace('T', ' ').slice(0, 19);

async function linesOf(importId: number) {
  const response = await t.request({ method: 'GET', url: `/api/admin/statements/${importId}/lines`, cookie: manager.cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().lines as { id: number; result: string; orderId: number | null; lineNumber: number }[];
}

async function openExceptions() {
  const response = await t.request({ method: 'GET', url: '/api/admin/statements/exceptions', cookie: manager.cookie });
  expect(response.statusCode).toBe(200);
  return response.json().exceptions as { id: number; kind: string; orderId: number | null; line: { id: number } | null; status: string }[];
}

beforeAll(async () => {
  ({ t, fake, methodId } = await createOrderTestApp(TEST_BTC_ADDRESS));
  manager = await t.createStaff('manager');
  customer = await tierTwoCustomer(t);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

describe('statement import', () => {
  it('matches a payment by its reference, keeps the rest in the queue, and a second import changes nothing', async () => {
    const order = await paidOrder();
    const csv = [
      MTN_HEADER,
      mtnLine({
        id: newId(),
        date: at(order.submittedAt),
        note: `Payment ${order.paymentReference}`,
        from: 'FRI:233244000111/MSISDN',
        to: OWN,
        amount: order.amountGhs!,
        balance: '1300.00',
      }),
      mtnLine({
        id: newId(),
        date: at(order.submittedAt),
        note: 'school fees',
        from: 'FRI:233209999999/MSISDN',
        to: OWN,
        amount: '75.00',
        balance: '1375.00',
      }),
      mtnLine({ id: newId(), date: at(order.submittedAt), from: OWN, to: 'FRI:233200000001/MSISDN', amount: '-20.00', balance: '1355.00' }),
    ].join('\n');
    const first = await upload(csv);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ duplicate: false, results: { matched: 1, no_order: 1, outgoing: 1 }, confirmed: 0 });
    const importId = first.json().import.id as number;
    expect(first.json().import.closingBalance).toBe('1355');
    const lines = await linesOf(importId);
    expect(lines.map((l) => [l.result, l.orderId])).toEqual([
      ['matched', order.id],
      ['no_order', null],
      ['outgoing', null],
    ]);
    const queue = await openExceptions();
    expect(queue.filter((item) => item.line?.id === lines[1]!.id).map((item) => item.kind)).toEqual(['no_order']);

    const [entriesBefore] = await t.database.db.select({ n: count() }).from(ledgerEntries);
    const [linesBefore] = await t.database.db.select({ n: count() }).from(statementLines);
    const again = await upload(csv);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ duplicate: true, message: STATEMENT_MSG.alreadyImported, import: { id: importId } });
    // The same lines in another file (one more line at the end): only the new line is added.
    const overlapping = await upload(
      `${csv}\n${mtnLine({ id: newId(), date: at(order.submittedAt), from: 'FRI:233209999998/MSISDN', to: OWN, amount: '5', balance: '1360' })}`,
    );
    expect(overlapping.json()).toMatchObject({ duplicate: false, import: { lineCount: 4, newLineCount: 1 }, results: { no_order: 1 } });
    // The same lines exported again in another form (semicolons, CRLF): nothing new, nothing written.
    const [importsBefore] = await t.database.db.select({ n: count() }).from(statementImports);
    const reExported = await upload(csv.replace(/,/g, ';').replace(/\n/g, '\r\n'));
    expect(reExported.json()).toMatchObject({ duplicate: true, message: STATEMENT_MSG.alreadyImported, import: { id: importId } });
    const [importCount] = await t.database.db.select({ n: count() }).from(statementImports);
    const [entriesAfter] = await t.database.db.select({ n: count() }).from(ledgerEntries);
    const [linesAfter] = await t.database.db.select({ n: count() }).from(statementLines);
    expect(linesAfter!.n).toBe(linesBefore!.n + 1);
    expect(entriesAfter!.n).toBe(entriesBefore!.n + 1);
    expect(importCount!.n).toBe(importsBefore!.n);
    expect((await verifyLedger(t.database.db)).ok).toBe(true);

    expect(await lastStatementBalance(t.database.db, { paymentMethodId: methodId }, new Date(Date.now() + 60_000))).toEqual({
      balance: '1360',
      at: new Date(at(order.submittedAt).replace(' ', 'T') + 'Z'),
    });
    expect(await lastStatementBalance(t.database.db, { paymentMethodId: methodId }, new Date('2000-01-01'))).toBeNull();
  });

  it('refuses a file with bad lines, naming each, and keeps nothing of it', async () => {
    const [importsBefore] = await t.database.db.select({ n: count() }).from(statementImports);
    const csv = [
      MTN_HEADER,
      mtnLine({ id: newId(), date: '2026-11-28 10:00', from: 'a', to: OWN, amount: '10' }),
      mtnLine({ id: newId(), date: 'tomorrow', from: 'a', to: OWN, amount: '1O.00' }),
    ].join('\n');
    const response = await upload(csv);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      code: 'VALIDATION',
      message: STATEMENT_MSG.badLines(1),
      fields: { 'line 3': `Line 3: ${STATEMENT_MSG.lineDate('tomorrow')} ${STATEMENT_MSG.lineAmount('1O.00')}` },
    });
    const [importsAfter] = await t.database.db.select({ n: count() }).from(statementImports);
    expect(importsAfter!.n).toBe(importsBefore!.n);
    const noColumns = await upload('Date,Value\n2026-11-28,10');
    expect(noColumns.json().error.message).toBe(STATEMENT_MSG.missingColumns(['Id', 'Amount']));
    const wrongFormat = await upload(csv, { format: 'coin' });
    expect(wrongFormat.json().error.message).toBe(STATEMENT_MSG.formatForAccount);
  });

  it('matches by the transaction id the customer typed, and tells short and over payments', async () => {
    const byTxId = await paidOrder('0244000222');
    const short = await paidOrder('0244000333');
    const over = await paidOrder('0244000444');
    const response = await upload(
      [
        MTN_HEADER,
        // MTN's id is what the customer typed as their transaction id.
        mtnLine({
          id: byTxId.paymentTxId!,
          date: at(byTxId.submittedAt),
          from: 'FRI:233240000000/MSISDN',
          to: OWN,
          amount: byTxId.amountGhs!,
        }),
        mtnLine({
          id: newId(),
          date: at(short.submittedAt),
          note: short.paymentReference!.toLowerCase(),
          from: 'x',
          to: OWN,
          amount: '100',
        }),
        mtnLine({ id: newId(), date: at(over.submittedAt), note: over.paymentReference!, from: 'x', to: OWN, amount: '1000' }),
      ].join('\n'),
    );
    expect(response.json().results).toEqual({ matched: 1, short_payment: 1, over_payment: 1 });
    const lines = await linesOf(response.json().import.id);
    expect(lines.map((l) => [l.result, l.orderId])).toEqual([
      ['matched', byTxId.id],
      ['short_payment', null],
      ['over_payment', null],
    ]);
    const queue = await openExceptions();
    expect(queue.find((item) => item.line?.id === lines[1]!.id)).toMatchObject({ kind: 'short_payment', orderId: short.id });
    expect(queue.find((item) => item.line?.id === lines[2]!.id)).toMatchObject({ kind: 'over_payment', orderId: over.id });
  });

  it('matches by payer number and amount inside the window only, and never guesses between two orders', async () => {
    const one = await paidOrder('0245550001', '410');
    const twinA = await paidOrder('0245550002', '420');
    const twinB = await paidOrder('0245550002', '420');
    const late = await paidOrder('0245550003', '430');
    const lateAt = new Date(late.submittedAt!.getTime() + 49 * 3_600_000);
    const response = await upload(
      [
        MTN_HEADER,
        mtnLine({ id: newId(), date: at(one.submittedAt), from: 'FRI:233245550001/MSISDN', to: OWN, amount: one.amountGhs! }),
        mtnLine({ id: newId(), date: at(twinA.submittedAt), from: '0245550002', to: OWN, amount: twinA.amountGhs! }),
        mtnLine({ id: newId(), date: at(lateAt), from: '233245550003', to: OWN, amount: late.amountGhs! }),
      ].join('\n'),
    );
    const lines = await linesOf(response.json().import.id);
    expect(lines.map((l) => [l.result, l.orderId])).toEqual([
      ['matched', one.id],
      ['ambiguous', null],
      ['no_order', null],
    ]);
    expect(twinB.amountGhs).toBe(twinA.amountGhs);
  });
});

describe('the exceptions queue', () => {
  it('refunds, writes off and links once each, audited, with the ledger telling the truth', async () => {
    const order = await paidOrder('0246660001', '510');
    const suspense = async () => (await balances(t.database.db, { codes: ['liability:suspense:GHS'] }))[0]?.balance ?? '0';
    const before = await suspense();
    const response = await upload(
      [
        MTN_HEADER,
        mtnLine({ id: newId(), date: at(order.submittedAt), note: 'no idea', from: 'FRI:233209990001/MSISDN', to: OWN, amount: '60' }),
        mtnLine({ id: newId(), date: at(order.submittedAt), note: 'gift', from: 'FRI:233209990002/MSISDN', to: OWN, amount: '7.5' }),
        // The customer paid from a number they did not give, without the reference.
        mtnLine({ id: newId(), date: at(order.submittedAt), from: 'FRI:233209990003/MSISDN', to: OWN, amount: order.amountGhs! }),
      ].join('\n'),
    );
    const lines = await linesOf(response.json().import.id);
    expect(lines.map((l) => l.result)).toEqual(['no_order', 'no_order', 'no_order']);
    const queue = await openExceptions();
    const itemOf = (lineId: number) => queue.find((item) => item.line?.id === lineId)!;
    const resolve = (id: number, payload: object, cookie = manager.cookie) =>
      t.request({ method: 'POST', url: `/api/admin/statements/exceptions/${id}/resolve`, cookie, payload });

    const refund = await resolve(itemOf(lines[0]!.id).id, { resolution: 'refund', reference: '48100999999', reason: 'Sent by mistake' });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(refund.json()).toMatchObject({
      message: STATEMENT_MSG.resolvedRefunded,
      exception: { status: 'refunded', resolution: { reference: '48100999999' } },
    });
    const twice = await resolve(itemOf(lines[0]!.id).id, { resolution: 'write_off', reason: 'again' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toMatchObject({ code: 'EXCEPTION_ALREADY_RESOLVED', message: STATEMENT_MSG.exceptionResolved });

    const writeOff = await resolve(itemOf(lines[1]!.id).id, { resolution: 'write_off', reason: 'No one claimed it in 90 days' });
    expect(writeOff.json().exception.status).toBe('written_off');
    const noReason = await resolve(itemOf(lines[2]!.id).id, { resolution: 'write_off', reason: ' ' });
    expect(noReason.json().error.fields).toEqual({ reason: STATEMENT_MSG.reasonRequired });

    const link = await resolve(itemOf(lines[2]!.id).id, { resolution: 'link', orderId: order.id });
    expect(link.json()).toMatchObject({
      message: STATEMENT_MSG.resolvedLinked,
      exception: { status: 'linked', resolution: { orderId: order.id } },
    });
    const [linked] = await t.database.db.select().from(statementLines).where(eq(statementLines.id, lines[2]!.id));
    expect(linked).toMatchObject({ orderId: order.id, result: 'linked' });
    // The order has its line now: no other line can be linked to it.
    const other = queue.find(
      (item) => item.status === 'open' && item.line && ![lines[0]!.id, lines[1]!.id, lines[2]!.id].includes(item.line.id),
    )!;
    const taken = await resolve(other.id, { resolution: 'link', orderId: order.id });
    expect(taken.json().error).toMatchObject({ code: 'STATEMENT_LINE_TAKEN', message: STATEMENT_MSG.orderHasLine });

    // 67.50 + 510 went to suspense at import; all three left it: refunded, written off, reversed on the link.
    expect(await suspense()).toBe(before);
    const written = await balances(t.database.db, { codes: ['revenue:written_off:GHS'] });
    expect(written[0]?.balance).toBe('-7.5');
    expect((await verifyLedger(t.database.db)).ok).toBe(true);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'statement_exception'), eq(auditLog.actorId, manager.id)));
    expect(audits.map((a) => a.action).sort()).toEqual(['statements.link', 'statements.refund', 'statements.write_off']);
  });

  it('resolves an item once when two staff resolve it at the same time', async () => {
    const response = await upload(
      [MTN_HEADER, mtnLine({ id: newId(), date: at(new Date()), from: 'FRI:233209990100/MSISDN', to: OWN, amount: '12' })].join('\n'),
    );
    const [line] = await linesOf(response.json().import.id);
    const item = (await openExceptions()).find((candidate) => candidate.line?.id === line!.id)!;
    const other = await t.createStaff('super_admin');
    const answers = await Promise.all(
      [manager.cookie, other.cookie].map((cookie) =>
        t.request({
          method: 'POST',
          url: `/api/admin/statements/exceptions/${item.id}/resolve`,
          cookie,
          payload: { resolution: 'write_off', reason: 'Unclaimed' },
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const entries = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.kind, 'suspense_write_off'));
    expect(entries.filter((entry) => entry.memo.startsWith(`Statement line ${line!.id} `))).toHaveLength(1);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'statement_exception'), eq(auditLog.targetId, String(item.id))));
    expect(audits).toHaveLength(1);
  });

  it('lists an order marked paid with no statement line after the setting, and closes it when a line is linked', async () => {
    const order = await paidOrder('0247770001', '610');
    await t.database.db
      .update(orders)
      .set({ submittedAt: new Date(Date.now() - 30 * 3_600_000) })
      .where(eq(orders.id, order.id));
    const settings = await t.request({
      method: 'PUT',
      url: '/api/admin/statements/settings',
      cookie: manager.cookie,
      payload: { confirmMatchedPayments: false, matchWindowHours: 48, unpaidAfterHours: 24 },
    });
    expect(settings.statusCode).toBe(200);
    const response = await upload(
      [MTN_HEADER, mtnLine({ id: newId(), date: at(new Date()), from: 'FRI:233209990009/MSISDN', to: OWN, amount: '610' })].join('\n'),
    );
    const [line] = await linesOf(response.json().import.id);
    const queue = await openExceptions();
    const unpaid = queue.find((item) => item.kind === 'no_statement_line' && item.orderId === order.id)!;
    expect(unpaid).toBeDefined();
    const resolved = await t.request({
      method: 'POST',
      url: `/api/admin/statements/exceptions/${unpaid.id}/resolve`,
      cookie: manager.cookie,
      payload: { resolution: 'link', lineId: line!.id },
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    const [lineItem] = await t.database.db.select().from(statementExceptions).where(eq(statementExceptions.lineId, line!.id));
    expect(lineItem).toMatchObject({ status: 'linked', resolvedOrderId: order.id });
  });

  it('refuses support and customers', async () => {
    const support = await t.createStaff('support');
    for (const cookie of [support.cookie, customer.cookie]) {
      expect((await upload(`${MTN_HEADER}\n`, { cookie })).statusCode).toBe(403);
      expect((await t.request({ method: 'GET', url: '/api/admin/statements/exceptions', cookie })).statusCode).toBe(403);
      expect(
        (
          await t.request({
            method: 'POST',
            url: '/api/admin/statements/exceptions/1/resolve',
            cookie,
            payload: { resolution: 'write_off', reason: 'x' },
          })
        ).statusCode,
      ).toBe(403);
    }
  });
});

describe('other accounts', () => {
  it('imports a bank CSV through the saved column mapping', async () => {
    const mapping = {
      date: 'Txn Date',
      credit: 'Credit',
      debit: 'Debit',
      reference: 'Ref No',
      description: 'Narration',
      balance: 'Balance',
    };
    const without = await upload('Txn Date,Narration\n28/11/2026,x', { format: 'mapped' });
    expect(without.json().error.message).toBe(STATEMENT_MSG.mappingMissing);
    const saved = await t.request({
      method: 'PUT',
      url: `/api/admin/statements/mappings/${methodId}`,
      cookie: manager.cookie,
      payload: mapping,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const order = await paidOrder('0248880001', '700');
    const csv = [
      'Txn Date,Narration,Ref No,Debit,Credit,Balance',
      `${at(order.submittedAt)},TRF ${order.paymentReference} KOFI,FT${newId()},,"${order.amountGhs}","9,000.00"`,
      `${at(order.submittedAt)},CHARGES,FT${newId()},2.50,,"8,997.50"`,
    ].join('\n');
    const response = await upload(csv, { format: 'mapped' });
    expect(response.json()).toMatchObject({ results: { matched: 1, outgoing: 1 }, import: { closingBalance: '8997.5' } });
  });

  it("imports a coin wallet's export: money in with no order waits in the coin's suspense", async () => {
    const hash = `${newId()}`.padStart(64, 'c');
    const csv = ['Date,Hash,Amount,Direction,Balance', `2026-11-28T08:00:00Z,${hash},0.0015,received,0.5`].join('\n');
    const response = await upload(csv, { account: 'wallet:BTC:BTC', format: 'coin' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ results: { no_order: 1 }, import: { accountLabel: 'BTC wallet (BTC)' } });
    expect((await balances(t.database.db, { codes: ['liability:suspense:BTC'] }))[0]?.balance).toBe('-0.0015');
    expect(await lastStatementBalance(t.database.db, { coin: 'BTC', network: 'BTC' }, new Date('2026-11-29'))).toEqual({
      balance: '0.5',
      at: new Date('2026-11-28T08:00:00Z'),
    });

    // A BTC sell the customer says they sent: the export's line with its hash and amount is its deposit.
    const quote = await t.request({
      method: 'POST',
      url: '/api/quotes',
      cookie: customer.cookie,
      payload: { coinSymbol: 'btc', side: 'sell', fiatCurrency: 'GHS', amountFiat: '200' },
    });
    const sell = await t.request({
      method: 'POST',
      url: '/api/orders',
      cookie: customer.cookie,
      payload: {
        type: 'sell',
        quoteId: quote.json().id,
        payout: { type: 'momo', provider: 'MTN MoMo', name: 'Ama Mensah', number: '0241234567' },
      },
    });
    expect(sell.statusCode, sell.body).toBe(201);
    const sentHash = `${newId()}`.padStart(64, 'd');
    const sent = await t.request({
      method: 'POST',
      url: `/api/orders/${sell.json().order.id}/payment`,
      cookie: customer.cookie,
      payload: { paymentTxId: sentHash },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const deposit = await upload(
      ['Date,Hash,Amount,Direction,Balance', `${at(new Date())},${sentHash.toUpperCase()},${sell.json().order.amountCrypto},in,0.6`].join(
        '\n',
      ),
      { account: 'wallet:BTC:BTC', format: 'coin' },
    );
    expect(deposit.json().results).toEqual({ matched: 1 });
    expect((await linesOf(deposit.json().import.id)).map((l) => l.orderId)).toEqual([sell.json().order.id]);
    const unknown = await upload(csv, { account: 'wallet:BTC:TRC20', format: 'coin' });
    expect(unknown.json().error.message).toBe(STATEMENT_MSG.walletUnknown);
  });
});

describe('confirm payments matched by a statement', () => {
  it('confirms a clean match through the real lifecycle (app.ts wiring): the statement line is the evidence, the entry posted', async () => {
    const settings = { confirmMatchedPayments: true, matchWindowHours: 48, unpaidAfterHours: 24 };
    expect(
      (await t.request({ method: 'PUT', url: '/api/admin/statements/settings', cookie: manager.cookie, payload: settings })).statusCode,
    ).toBe(200);
    try {
      const order = await paidOrder('0249990003', '830');
      const csv = [
        MTN_HEADER,
        mtnLine({ id: newId(), date: at(order.submittedAt), note: order.paymentReference!, from: 'x', to: OWN, amount: order.amountGhs! }),
      ].join('\n');
      const imported = await upload(csv);
      expect(imported.statusCode, imported.body).toBe(200);
      const [confirmed] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
      expect(confirmed).toMatchObject({
        status: 'payment_confirmed',
        evidenceKind: 'statement_line',
        confirmedBy: null,
        receivedAccount: `asset:momo:${methodId}`,
      });
      const entries = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, order.id));
      expect(entries.map((entry) => entry.kind)).toEqual(['payment_received']);
      const mine = await t.request({ method: 'GET', url: `/api/orders/${order.id}`, cookie: customer.cookie });
      expect(mine.json().timeline.at(-1)).toMatchObject({ to: 'payment_confirmed', actor: 'system' });
    } finally {
      await t.request({
        method: 'PUT',
        url: '/api/admin/statements/settings',
        cookie: manager.cookie,
        payload: { ...settings, confirmMatchedPayments: false },
      });
    }
  });

  it('confirms a clean match through the lifecycle when the setting is on, and only then', async () => {
    const calls: Parameters<TConfirmMatchedPayment>[0][] = [];
    const confirmMatchedPayment: TConfirmMatchedPayment = async (input) => {
      calls.push(input);
    };
    const [row] = await t.database.db.select().from(users).where(eq(users.id, manager.id));
    const actor: TActor = { id: manager.id, email: manager.email, role: 'manager', user: row! };
    const deps = { db: t.database.db, confirmMatchedPayment };
    const off = await paidOrder('0249990001', '810');
    const on = await paidOrder('0249990002', '820');
    const statement = (order: typeof off) =>
      [
        MTN_HEADER,
        mtnLine({ id: newId(), date: at(order.submittedAt), note: order.paymentReference!, from: 'x', to: OWN, amount: order.amountGhs! }),
      ].join('\n');

    const settings = { confirmMatchedPayments: false, matchWindowHours: 48, unpaidAfterHours: 24 };
    await t.request({ method: 'PUT', url: '/api/admin/statements/settings', cookie: manager.cookie, payload: settings });
    const first = await importStatement(
      deps,
      actor,
      { account: `pm:${methodId}`, format: 'mtn', fileName: '', csv: statement(off) },
      '127.0.0.1',
    );
    expect(first).toMatchObject({ results: { matched: 1 }, confirmed: 0 });
    expect(calls).toEqual([]);

    await t.request({
      method: 'PUT',
      url: '/api/admin/statements/settings',
      cookie: manager.cookie,
      payload: { ...settings, confirmMatchedPayments: true },
    });
    const second = await importStatement(
      deps,
      actor,
      { account: `pm:${methodId}`, format: 'mtn', fileName: '', csv: statement(on) },
      '127.0.0.1',
    );
    expect(second).toMatchObject({ results: { matched: 1 }, confirmed: 1 });
    expect(calls).toEqual([
      {
        actor: 'system',
        id: on.id,
        ip: '127.0.0.1',
        confirmation: {
          amountReceived: new Dec(on.amountGhs!).toFixed(),
          accountId: methodId,
          receivedAt: new Date(at(on.submittedAt).replace(' ', 'T') + 'Z'),
          evidenceKind: 'statement_line',
          evidence: expect.stringContaining('Statement line'),
        },
      },
    ]);
  });
});
