import { and, asc, desc, eq, gte, lt, notInArray, sql } from 'drizzle-orm';
import {
  GOAML_MSG,
  LARGE_CASH_COLUMNS,
  type TGoamlSettings,
  type TGoamlSettingsUpdate,
  type TLargeCashReportList,
} from '#shared/contracts/goaml.js';
import type { TDb } from '#server/db/client.js';
import { firstOrThrow } from '#server/db/rows.js';
import { settings } from '#server/db/schema/app.js';
import { users } from '#server/db/schema/auth.js';
import { largeCashReports } from '#server/db/schema/compliance.js';
import { orders } from '#server/db/schema/orders.js';
import { writeAudit } from '#server/lib/audit.js';
import { csvLine, UTF8_BOM } from '#server/lib/csv.js';
import { Dec } from '#shared/money.js';
import { AppError } from '#server/lib/errors.js';
import { el, xmlDocument } from '#server/lib/xml.js';
import { nowOf, type TComplianceDeps, type TStaffCall } from './desk-reads.js';
import { cedisOf, GOAML_CODES, orderTransaction, reportHead } from './goaml.js';

/**
 * The daily large cash transaction report (issue 34 point 3, docs/decisions/077-goaml-export.md):
 * every order of an Accra day (Africa/Accra is UTC all year, no daylight saving) whose cedis are at
 * or above the setting, as CSV and, once the FIC reporting entity id is set, goAML XML with
 * report_code CTR. The job writes the previous day's report once (the day is the key), with the
 * threshold of that moment, so what was produced stays as it was.
 */

const DAY_MS = 86_400_000;

/** Orders that moved no money are not in the report: never paid or sent, cancelled before, or expired. */
const NO_MONEY_STATUSES = ['awaiting_payment', 'awaiting_deposit', 'cancelled', 'expired'] as const;

/** The Accra day before `now`, as YYYY-MM-DD. */
export const previousAccraDay = (now: Date) => new Date(now.getTime() - DAY_MS).toISOString().slice(0, 10);

async function settingsRow(db: TDb) {
  await db.insert(settings).values({ id: 1 }).onConflictDoNothing();
  return firstOrThrow(await db.select().from(settings).where(eq(settings.id, 1)));
}

/**
 * Writes the report of `day` unless it exists: the orders created that day from 00:00 (included)
 * to the next 00:00 (excluded), Accra time, with at least the threshold in cedis (exactly the
 * threshold is in). Answers whether a report was written.
 */
export async function produceLargeCashReport(deps: TComplianceDeps, day: string): Promise<boolean> {
  const { db } = deps;
  const [existing] = await db.select({ day: largeCashReports.day }).from(largeCashReports).where(eq(largeCashReports.day, day));
  if (existing) return false;
  const row = await settingsRow(db);
  const threshold = row.largeCashThresholdGhs;
  const from = new Date(`${day}T00:00:00.000Z`);
  const to = new Date(from.getTime() + DAY_MS);
  const found = await db
    .select({ order: orders, customer: { id: users.id, fullName: users.fullName, email: users.email, phone: users.phone } })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(
      and(
        gte(orders.createdAt, from),
        lt(orders.createdAt, to),
        notInArray(orders.status, [...NO_MONEY_STATUSES]),
        // The cedis compared as numbers in the database (numeric), never as floats.
        sql`coalesce(${orders.amountGhs}, case when ${orders.fiatCurrency} = 'GHS' then ${orders.amountFiat} end) >= ${threshold}::numeric`,
      ),
    )
    .orderBy(asc(orders.createdAt), asc(orders.id));
  const lines = found.map(({ order, customer }) =>
    csvLine([
      String(order.id),
      order.createdAt.toISOString(),
      order.type,
      order.status,
      order.coinSymbol.toUpperCase(),
      order.network,
      order.amountCrypto,
      cedisOf(order),
      customer.id,
      customer.fullName,
      customer.phone,
      order.paymentMethod,
      order.type === 'buy'
        ? (order.recordedPayerNumber ?? order.payerNumber)
        : order.payout?.type === 'momo'
          ? order.payout.number
          : (order.payout?.accountNumber ?? null),
      order.type === 'buy' ? order.walletAddress : order.depositAddress,
    ]),
  );
  // Stored without the byte order mark (a database driver's text decoder drops a leading one); the download adds it.
  const csv = [csvLine(LARGE_CASH_COLUMNS), ...lines].join('');
  const total = found.reduce((sum, { order }) => sum.plus(cedisOf(order)), new Dec(0)).toFixed(2);
  // goAML XML only with a reporting entity id, and only with a transaction to report (goAML needs one).
  const xml =
    /^[1-9]\d*$/.test(row.ficReportingEntityId) && found.length > 0
      ? xmlDocument(
          el('report', [
            ...reportHead({ entityId: row.ficReportingEntityId, code: 'CTR', reference: `CTR-${day}`, at: nowOf(deps), person: null }),
            el('reason', `Orders of ${day} (Africa/Accra) of GHS ${threshold} or more.`),
            ...found.map(({ order, customer }) => orderTransaction(order, customer)),
            el('report_indicators', [el('indicator', GOAML_CODES.ctrIndicator)]),
          ]),
        )
      : null;
  const inserted = await db
    .insert(largeCashReports)
    .values({ day, thresholdGhs: threshold, orderCount: found.length, totalGhs: total, csv, xml })
    .onConflictDoNothing()
    .returning({ day: largeCashReports.day });
  return inserted.length > 0;
}

/** The job's run: the previous Accra day's report, once (run hourly; the first run after midnight writes it). */
export async function produceDueLargeCashReport(deps: TComplianceDeps): Promise<boolean> {
  return produceLargeCashReport(deps, previousAccraDay(nowOf(deps)));
}

/** The last 90 days' reports, newest first. */
export async function listLargeCashReports(db: TDb): Promise<TLargeCashReportList> {
  const rows = await db
    .select({
      day: largeCashReports.day,
      thresholdGhs: largeCashReports.thresholdGhs,
      orderCount: largeCashReports.orderCount,
      totalGhs: largeCashReports.totalGhs,
      hasXml: sql<boolean>`${largeCashReports.xml} is not null`,
      createdAt: largeCashReports.createdAt,
    })
    .from(largeCashReports)
    .orderBy(desc(largeCashReports.day))
    .limit(90);
  return { reports: rows.map((row) => ({ ...row, hasXml: Boolean(row.hasXml), createdAt: row.createdAt.toISOString() })) };
}

/** One day's file, audited. */
export async function largeCashFile(
  db: TDb,
  call: TStaffCall,
  day: string,
  format: 'csv' | 'xml',
): Promise<{ fileName: string; contentType: string; body: string }> {
  const [row] = await db.select().from(largeCashReports).where(eq(largeCashReports.day, day));
  if (!row) throw new AppError('NOT_FOUND', GOAML_MSG.reportNotFound);
  if (format === 'xml' && row.xml === null) throw new AppError('NOT_FOUND', GOAML_MSG.noXml);
  await writeAudit(db, {
    actor: call.actor,
    action: 'compliance.large_cash_download',
    targetType: 'large_cash_report',
    targetId: day,
    after: { format },
    ip: call.ip,
  });
  return format === 'csv'
    ? { fileName: `large-cash-${day}.csv`, contentType: 'text/csv; charset=utf-8', body: UTF8_BOM + row.csv }
    : { fileName: `goaml-ctr-${day}.xml`, contentType: 'application/xml; charset=utf-8', body: row.xml! };
}

export async function getGoamlSettings(db: TDb): Promise<TGoamlSettings> {
  const row = await settingsRow(db);
  return { ficReportingEntityId: row.ficReportingEntityId, largeCashThresholdGhs: row.largeCashThresholdGhs };
}

/** The reporting entity id and the threshold (super admin only), audited with before and after. */
export async function updateGoamlSettings(db: TDb, call: TStaffCall, update: TGoamlSettingsUpdate): Promise<TGoamlSettings> {
  return db.transaction(async (tx) => {
    await tx.insert(settings).values({ id: 1 }).onConflictDoNothing();
    const before = firstOrThrow(await tx.select().from(settings).where(eq(settings.id, 1)).for('update'));
    const after = firstOrThrow(
      await tx
        .update(settings)
        .set({
          ficReportingEntityId: update.ficReportingEntityId,
          largeCashThresholdGhs: update.largeCashThresholdGhs,
          updatedAt: new Date(),
        })
        .where(eq(settings.id, 1))
        .returning(),
    );
    const view = (row: typeof after) => ({
      ficReportingEntityId: row.ficReportingEntityId,
      largeCashThresholdGhs: row.largeCashThresholdGhs,
    });
    await writeAudit(tx, {
      actor: call.actor,
      action: 'compliance.goaml_settings_update',
      targetType: 'settings',
      targetId: 1,
      before: view(before),
      after: view(after),
      ip: call.ip,
    });
    return view(after);
  });
}
