import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GOAML_MSG,
  GOAML_SETTINGS_PATH,
  LARGE_CASH_COLUMNS,
  LARGE_CASH_REPORTS_PATH,
  caseGoamlPath,
  largeCashFilePath,
} from '#shared/contracts/goaml.js';
import { auditLog, settings } from '#server/db/schema/app.js';
import { users } from '#server/db/schema/auth.js';
import { complianceAlerts, complianceCases, complianceNotes, largeCashReports } from '#server/db/schema/compliance.js';
import { orders } from '#server/db/schema/orders.js';
import { escapeXml } from '#server/lib/xml.js';
import type { TFakePriceServer } from '#test/helpers/fake-price-server.js';
import { csvObjects } from '#test/helpers/csv.js';
import { goamlProblems, parseXml, textAt, type TXmlElement } from '#test/helpers/goaml-schema.js';
import { uniqueGhanaPhone } from '#test/helpers/kyc-fixtures.js';
import { payOrder, placeBuyOrder, tierTwoCustomer } from '#test/helpers/orders.js';
import { createOrderTestApp, SUPER_ADMIN, type TTestApp } from '#test/helpers/test-app.js';
import { goamlName, splitName } from './goaml.js';
import { previousAccraDay, produceDueLargeCashReport, produceLargeCashReport } from './large-cash.js';

const BTC_ADDRESS = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const WALLET = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

describe('the XML escaper and goAML names', () => {
  it('escapes the five special characters and drops characters XML forbids', () => {
    expect(escapeXml(`a & b < c > d " e ' f`)).toBe('a &amp; b &lt; c &gt; d &quot; e &apos; f');
    expect(escapeXml('x\u0000y\u0008z\u000Bw\tv\nu')).toBe('xyzw\tv\nu');
    expect(escapeXml('lone \uD800 surrogate, pair 😀')).toBe('lone  surrogate, pair 😀');
    // Already escaped text is escaped again: the reader gets back exactly what was written.
    expect(escapeXml('&amp;')).toBe('&amp;amp;');
  });

  it('writes names in goAML’s letters (accents and Ghanaian letters folded, others spaced)', () => {
    expect(goamlName('Adjoa Ɔwusu-Ansah')).toBe('Adjoa Owusu-Ansah');
    expect(goamlName('Kwamé <Nkrumah> & Sons')).toBe('Kwame Nkrumah Sons');
    expect(goamlName('李')).toBe('Unknown');
    expect(splitName('Ama Serwaa Mensah')).toEqual({ first: 'Ama Serwaa', last: 'Mensah' });
    expect(splitName('Mensah')).toEqual({ first: 'Mensah', last: 'Mensah' });
  });
});

describe('the goAML structure check', () => {
  const report = (inner: string) =>
    `<?xml version="1.0" encoding="UTF-8"?>\n<report><rentity_id>7</rentity_id>${inner}<report_indicators><indicator>CTR</indicator></report_indicators></report>`;
  const head =
    '<submission_code>E</submission_code><report_code>CTR</report_code><entity_reference>X</entity_reference><submission_date>2026-01-01T00:00:00</submission_date><currency_code_local>GHS</currency_code_local>';
  const transaction = (from: string) =>
    `<transaction><transactionnumber>1</transactionnumber><transaction_location>Online</transaction_location><transaction_description>d</transaction_description><date_transaction>2026-01-01T00:00:00</date_transaction><transmode_code>INTRN</transmode_code><amount_local>10.00</amount_local>${from}<t_to><to_funds_code>CRPTC</to_funds_code><to_account><institution_code>BTC</institution_code><account>bc1q</account><account_name>A</account_name></to_account><to_country>-</to_country></t_to></transaction>`;
  const from =
    '<t_from><from_funds_code>ELCFT</from_funds_code><from_account><institution_code>MTN</institution_code><account>024</account><account_name>A</account_name></from_account><from_country>GH</from_country></t_from>';

  it('passes a minimal report and names each departure from the schema', () => {
    expect(goamlProblems(parseXml(report(head + transaction(from))))).toEqual([]);
    // Two elements swapped, a required one missing, no transaction, a bad value.
    expect(
      goamlProblems(
        parseXml(
          report(
            head.replace(
              '<submission_code>E</submission_code><report_code>CTR</report_code>',
              '<report_code>CTR</report_code><submission_code>E</submission_code>',
            ) + transaction(from),
          ),
        ),
      ),
    ).toHaveLength(1);
    expect(goamlProblems(parseXml(report(head + transaction(from.replace('<from_country>GH</from_country>', '')))))[0]).toMatch(
      /^report\/transaction\[6\]\/t_from\[6\]: children/,
    );
    expect(goamlProblems(parseXml(report(head)))).toHaveLength(1);
    expect(goamlProblems(parseXml(report(head.replace('GHS', 'cedis') + transaction(from))))).toEqual([
      'report/currency_code_local[5]: "cedis" is not a currency code',
    ]);
    expect(
      goamlProblems(
        parseXml(report(head + transaction(from.replace('<account_name>A</account_name>', '<account_name>A&amp;B</account_name>')))),
      ),
    ).toHaveLength(1);
  });

  it('refuses XML that is not well formed', () => {
    expect(() => parseXml(report(`${head.replace('X', 'A & B')}${transaction(from)}`))).toThrow('a bare &');
    expect(() => parseXml(report(`${head.replace('X', 'A < B')}${transaction(from)}`))).toThrow();
    expect(() => parseXml(report(`${head}<reason>open${transaction(from)}`))).toThrow();
    expect(
      parseXml('<?xml version="1.0" encoding="UTF-8"?>\n<report><reason>a &lt;b&gt; &amp; &quot;c&quot; &apos;d&apos;</reason></report>')
        .children[0]!.text,
    ).toBe(`a <b> & "c" 'd'`);
  });
});

/*
 * goAML reports (issue 34 point 3, docs/decisions/077-goaml-export.md) against the real app and
 * database, the XML checked against the goAML Schema 5.0.2 `report` structure
 * (tests/helpers/goaml-schema.ts).
 */
describe('goAML export of a case and the large cash transaction report', () => {
  let t: TTestApp;
  let fake: TFakePriceServer;
  let methodId: number;
  let admin: string;
  let officer: { id: string; email: string; cookie: string };
  beforeAll(async () => {
    ({ t, fake, methodId } = await createOrderTestApp(BTC_ADDRESS));
    admin = await t.loginCookie(SUPER_ADMIN.email, SUPER_ADMIN.password, 'admin');
    officer = await t.createStaff('compliance');
    await t.database.db.update(users).set({ fullName: 'Efua Ɔfori Boateng' }).where(eq(users.id, officer.id));
    await t.database.db.update(settings).set({ twoPeopleAboveGhs: '100000000' }).where(eq(settings.id, 1));
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  const db = () => t.database.db;

  const setGoaml = (cookie: string, payload: Record<string, unknown>) =>
    t.request({ method: 'PUT', url: GOAML_SETTINGS_PATH, cookie, payload });
  const exportGoaml = (id: number, cookie?: string) => t.request({ method: 'POST', url: caseGoamlPath(id), cookie });

  /** A customer with a paid buy (from a MoMo number, to a wallet) and a case with an alert and a note. */
  async function caseWithOrder(noteBody: string) {
    const customer = await tierTwoCustomer(t, 'Kofi Ɛsi Asante');
    const order = await placeBuyOrder(t, customer.cookie, { methodId, amountFiat: '750', walletAddress: WALLET });
    const payer = uniqueGhanaPhone('24');
    await payOrder(t, customer.cookie, order.id, payer);
    const [theCase] = await db()
      .insert(complianceCases)
      .values({ userId: customer.id, openedBy: officer.id, dueAt: new Date(Date.now() + 86_400_000) })
      .returning();
    await db()
      .insert(complianceAlerts)
      .values({
        userId: customer.id,
        orderId: order.id,
        caseId: theCase!.id,
        rule: 'large_order',
        action: 'hold',
        status: 'escalated',
        dedupeKey: `goaml-test-${order.id}`,
      });
    await db().insert(complianceNotes).values({ userId: customer.id, caseId: theCase!.id, authorId: officer.id, body: noteBody });
    return { customer, order, payer, caseId: theCase!.id };
  }

  it('refuses the export until the FIC reporting entity id is set (empty by default), and takes only a whole number', async () => {
    const { caseId } = await caseWithOrder('first look');
    expect((await t.request({ method: 'GET', url: GOAML_SETTINGS_PATH, cookie: officer.cookie })).json()).toEqual({
      ficReportingEntityId: '',
      largeCashThresholdGhs: '50000.00',
    });
    const refused = await exportGoaml(caseId, officer.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({ code: 'GOAML_NOT_CONFIGURED', message: GOAML_MSG.noEntityId });

    const wrong = await setGoaml(admin, { ficReportingEntityId: 'GH-123', largeCashThresholdGhs: '50000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain(GOAML_MSG.entityIdFormat);
    // Compliance reads the settings; only the super admin changes them.
    expect((await setGoaml(officer.cookie, { ficReportingEntityId: '4711', largeCashThresholdGhs: '50000' })).statusCode).toBe(403);
    const set = await setGoaml(admin, { ficReportingEntityId: '4711', largeCashThresholdGhs: '50000' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ ficReportingEntityId: '4711', largeCashThresholdGhs: '50000.00' });
    expect((await exportGoaml(caseId, officer.cookie)).statusCode).toBe(200);
  });

  it('exports a case as a goAML STR that follows the schema: the entity, the reporting officer, the orders with their accounts, the reason', async () => {
    await setGoaml(admin, { ficReportingEntityId: '4711', largeCashThresholdGhs: '50000' });
    const note = `Paid from a number <not theirs> & "shared" with 'others' </reason>`;
    const { customer, order, payer, caseId } = await caseWithOrder(note);
    const response = await exportGoaml(caseId, officer.cookie);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="goaml-str-case-${caseId}-\\d{4}-\\d{2}-\\d{2}\\.xml"$`),
    );

    const report = parseXml(response.body);
    expect(goamlProblems(report)).toEqual([]);
    expect(textAt(report, 'rentity_id')).toBe('4711');
    expect(textAt(report, 'submission_code')).toBe('E');
    expect(textAt(report, 'report_code')).toBe('STR');
    expect(textAt(report, 'entity_reference')).toBe(`CASE-${caseId}`);
    expect(textAt(report, 'currency_code_local')).toBe('GHS');
    // The reporting person is the staff member who exported, in goAML's letters.
    expect(textAt(report, 'reporting_person/first_name')).toBe('Efua Ofori');
    expect(textAt(report, 'reporting_person/last_name')).toBe('Boateng');
    expect(textAt(report, 'reporting_person/email')).toBe(officer.email);
    // The note's special characters are escaped in the file and read back exactly.
    expect(response.body).not.toContain('<not theirs>');
    expect(textAt(report, 'reason')).toContain(`Note `);
    expect(textAt(report, 'reason')).toContain(note);
    expect(textAt(report, 'reason')).toContain(`Alert `);

    const transactions = report.children.filter((child) => child.name === 'transaction');
    expect(transactions).toHaveLength(1);
    const [transaction] = transactions as [TXmlElement];
    const [row] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(textAt(transaction, 'transactionnumber')).toBe(`ORDER-${order.id}`);
    expect(textAt(transaction, 'amount_local')).toBe(row!.amountGhs);
    expect(textAt(transaction, 'date_transaction')).toBe(row!.createdAt.toISOString().slice(0, 19));
    // A buy: cedis from the customer's MoMo number, coins to their wallet.
    expect(textAt(transaction, 't_from/from_funds_code')).toBe('ELCFT');
    expect(textAt(transaction, 't_from/from_account/account')).toBe(payer);
    expect(textAt(transaction, 't_from/from_account/currency_code')).toBe('GHS');
    expect(textAt(transaction, 't_to/to_funds_code')).toBe('CRPTC');
    expect(textAt(transaction, 't_to/to_account/account')).toBe(WALLET);
    expect(textAt(transaction, 't_to/to_account/account_name')).toBe('Kofi Esi Asante');
    expect(report.children.find((child) => child.name === 'report_indicators')?.children.map((child) => child.text)).toEqual([
      'LARGE_ORDER',
    ]);

    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'compliance.case_export_goaml'), eq(auditLog.targetId, String(caseId))));
    expect(entry).toMatchObject({ actorId: officer.id, after: { transactions: 1, reportingEntityId: '4711' } });
    expect(customer.id).toBeTruthy();
  });

  it('is refused to everyone but compliance and the super admin, and for no such case', async () => {
    await setGoaml(admin, { ficReportingEntityId: '4711', largeCashThresholdGhs: '50000' });
    const { customer, caseId } = await caseWithOrder('denials');
    expect((await exportGoaml(caseId)).statusCode).toBe(401);
    expect((await exportGoaml(caseId, customer.cookie)).statusCode).toBe(403);
    for (const role of ['manager', 'support'] as const) {
      const staff = await t.createStaff(role);
      expect((await exportGoaml(caseId, staff.cookie)).statusCode, role).toBe(403);
      expect((await t.request({ method: 'GET', url: LARGE_CASH_REPORTS_PATH, cookie: staff.cookie })).statusCode, role).toBe(403);
      expect(
        (await t.request({ method: 'POST', url: largeCashFilePath('2026-01-01', 'csv'), cookie: staff.cookie })).statusCode,
        role,
      ).toBe(403);
    }
    expect((await exportGoaml(caseId, admin)).statusCode).toBe(200);
    expect((await exportGoaml(999_999, officer.cookie)).statusCode).toBe(404);
  });

  it('writes the large cash report of the previous Accra day once: exactly the threshold is in, a cedi less is not, the day runs 00:00 to 24:00 UTC', async () => {
    await setGoaml(admin, { ficReportingEntityId: '4711', largeCashThresholdGhs: '800' });
    const customer = await tierTwoCustomer(t, 'Yaw Darko');
    const day = '2026-03-14';
    const place = async (amountFiat: string, createdAt: string, paid = true) => {
      const order = await placeBuyOrder(t, customer.cookie, { methodId, amountFiat, walletAddress: WALLET });
      if (paid) await payOrder(t, customer.cookie, order.id, uniqueGhanaPhone('24'));
      await db()
        .update(orders)
        .set({ createdAt: new Date(createdAt) })
        .where(eq(orders.id, order.id));
      const [row] = await db().select({ amountGhs: orders.amountGhs }).from(orders).where(eq(orders.id, order.id));
      return { id: order.id, amountGhs: row!.amountGhs };
    };
    const atThreshold = await place('800', `${day}T00:00:00.000Z`);
    const below = await place('799.99', `${day}T12:00:00.000Z`);
    const above = await place('1200', `${day}T23:59:59.999Z`);
    const dayBefore = await place('900', '2026-03-13T23:59:59.999Z');
    const dayAfter = await place('900', '2026-03-15T00:00:00.000Z');
    const unpaid = await place('5000', `${day}T10:00:00.000Z`, false);
    expect([atThreshold.amountGhs, below.amountGhs]).toEqual(['800.00', '799.99']);

    // The job's day: the Accra (UTC) day before now.
    expect(previousAccraDay(new Date('2026-03-15T00:00:00.000Z'))).toBe(day);
    expect(previousAccraDay(new Date('2026-03-15T23:59:59.999Z'))).toBe(day);
    const deps = { db: db(), now: () => new Date('2026-03-15T00:30:00.000Z') };
    expect(await produceDueLargeCashReport(deps)).toBe(true);
    // Once: a second run (another hour, another process) writes nothing, even with a new threshold.
    await setGoaml(admin, { ficReportingEntityId: '4711', largeCashThresholdGhs: '10' });
    expect(await produceDueLargeCashReport(deps)).toBe(false);

    const list = await t.request({ method: 'GET', url: LARGE_CASH_REPORTS_PATH, cookie: officer.cookie });
    expect(list.statusCode).toBe(200);
    expect(list.json().reports.find((report: { day: string }) => report.day === day)).toMatchObject({
      day,
      thresholdGhs: '800.00',
      orderCount: 2,
      totalGhs: '2000.00',
      hasXml: true,
    });

    const csv = await t.request({ method: 'POST', url: largeCashFilePath(day, 'csv'), cookie: officer.cookie });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="large-cash-${day}.csv"`);
    const { header, rows } = csvObjects(csv.body);
    expect(header).toEqual([...LARGE_CASH_COLUMNS]);
    expect(rows.map((row) => Number(row.orderId))).toEqual([atThreshold.id, above.id]);
    expect(rows[0]).toMatchObject({ amountGhs: '800.00', customerName: 'Yaw Darko', walletAddress: WALLET, type: 'buy' });
    for (const left of [below, dayBefore, dayAfter, unpaid]) expect(rows.map((row) => Number(row.orderId))).not.toContain(left.id);

    const xml = await t.request({ method: 'POST', url: largeCashFilePath(day, 'xml'), cookie: admin });
    expect(xml.statusCode, xml.body).toBe(200);
    const report = parseXml(xml.body);
    expect(goamlProblems(report)).toEqual([]);
    expect(textAt(report, 'report_code')).toBe('CTR');
    expect(textAt(report, 'entity_reference')).toBe(`CTR-${day}`);
    expect(report.children.filter((child) => child.name === 'transaction').map((child) => textAt(child, 'amount_local'))).toEqual([
      '800.00',
      '1200.00',
    ]);

    expect((await t.request({ method: 'POST', url: largeCashFilePath('2026-03-16', 'csv'), cookie: officer.cookie })).json().error).toEqual(
      {
        code: 'NOT_FOUND',
        message: GOAML_MSG.reportNotFound,
      },
    );
    const downloads = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'compliance.large_cash_download'), eq(auditLog.targetId, day)));
    expect(downloads.map((entry) => entry.after)).toEqual([{ format: 'csv' }, { format: 'xml' }]);
  });

  it('writes the CSV only while no reporting entity id is set, and an empty day as a header line', async () => {
    await setGoaml(admin, { ficReportingEntityId: '', largeCashThresholdGhs: '50000' });
    const day = '2025-01-02';
    expect(await produceLargeCashReport({ db: db() }, day)).toBe(true);
    const [row] = await db().select().from(largeCashReports).where(eq(largeCashReports.day, day));
    expect(row).toMatchObject({ orderCount: 0, totalGhs: '0.00', xml: null });
    expect(csvObjects(`\uFEFF${row!.csv}`)).toEqual({ header: [...LARGE_CASH_COLUMNS], rows: [] });
    const xml = await t.request({ method: 'POST', url: largeCashFilePath(day, 'xml'), cookie: officer.cookie });
    expect(xml.statusCode).toBe(404);
    expect(xml.json().error.message).toBe(GOAML_MSG.noXml);
  });
});
