import { asc, eq } from 'drizzle-orm';
import { GOAML_MSG } from '#shared/contracts/goaml.js';
import { railOfOrder } from '#shared/transaction-id.js';
import type { TDb, TTx } from '#server/db/client.js';
import { firstOrThrow } from '#server/db/rows.js';
import { settings } from '#server/db/schema/app.js';
import { users } from '#server/db/schema/auth.js';
import { complianceAlerts, complianceNotes } from '#server/db/schema/compliance.js';
import { orders } from '#server/db/schema/orders.js';
import { writeAudit } from '#server/lib/audit.js';
import { AppError } from '#server/lib/errors.js';
import { el, optionalEl, xmlDocument, type TXmlNode } from '#server/lib/xml.js';
import { nowOf, readCase, type TComplianceDeps, type TStaffCall } from './desk-reads.js';

/**
 * goAML reports for the FIC (issue 34 point 3, docs/decisions/077-goaml-export.md): a
 * suspicious-activity case as an STR, and a day's large orders as a CTR, in the element order of
 * the UNODC goAML Schema 5.0.x `report` element (the fields used and why are in decision 077; the
 * structure test is goaml.test.ts). Only what the exchange knows is written: no guessed birth
 * dates, ID numbers or addresses.
 */

export type TOrderRow = typeof orders.$inferSelect;
type TCustomer = { id: string; fullName: string; email: string; phone: string | null };

/** goAML's date type (sql_date, an xs:dateTime without zone): Accra time, which is UTC all year. */
export const goamlDate = (at: Date) => at.toISOString().slice(0, 19);

/**
 * goAML's name elements allow letters, digits, space and . ' - only (the schema's name pattern):
 * accents are taken off (Adjoa Ɔwusu-Ansah keeps her letters as Adjoa Owusu-Ansah where Unicode
 * can), anything else becomes a space.
 */
export function goamlName(name: string): string {
  const plain = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[ƆɔƐɛŊŋ]/g, (char) => ({ Ɔ: 'O', ɔ: 'o', Ɛ: 'E', ɛ: 'e', Ŋ: 'N', ŋ: 'n' })[char]!)
    .replace(/[^a-zA-Z0-9 .'-]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.slice(0, 100) || 'Unknown';
}

/** A full name as goAML's first_name and last_name (the schema needs both): the last word is the last name. */
export function splitName(fullName: string): { first: string; last: string } {
  const words = goamlName(fullName).split(' ');
  if (words.length === 1) return { first: words[0]!, last: words[0]! };
  return { first: words.slice(0, -1).join(' '), last: words[words.length - 1]! };
}

/**
 * goAML codes used (docs/decisions/077): funds types of the FIU's lookup `funds_type` (ELCFT
 * electronic funds transfer, CRPTC crypto), the conduction type `transmode_code` INTRN (internet:
 * every order is placed online), and the report indicators. The FIC's own lookup lists are checked
 * in goAML's web portal on registration; the codes are here, in one place, to be changed there.
 */
export const GOAML_CODES = {
  fundsFiat: 'ELCFT',
  fundsCrypto: 'CRPTC',
  transmode: 'INTRN',
  country: 'GH',
  unknownCountry: '-',
  /** The large cash transaction report's one indicator. */
  ctrIndicator: 'CTR',
} as const;

/** The reporting entity id, or the export's refusal: goAML needs it on every report. */
export async function reportingEntityId(db: TDb | TTx): Promise<string> {
  await db.insert(settings).values({ id: 1 }).onConflictDoNothing();
  const row = firstOrThrow(await db.select({ id: settings.ficReportingEntityId }).from(settings).where(eq(settings.id, 1)));
  if (!/^[1-9]\d*$/.test(row.id)) throw new AppError('GOAML_NOT_CONFIGURED', GOAML_MSG.noEntityId);
  return row.id;
}

function account(
  prefix: 'from' | 'to',
  fields: { institution: string; code: string; account: string; name: string; currency?: string },
): TXmlNode {
  return el(`${prefix}_account`, [
    el('institution_name', fields.institution.slice(0, 255)),
    el('institution_code', fields.code.slice(0, 50)),
    el('non_bank_institution', fields.code === 'BANK' ? 'false' : 'true'),
    el('account', fields.account.slice(0, 255)),
    optionalEl('currency_code', fields.currency),
    el('account_name', goamlName(fields.name)),
  ]);
}

/** The rail's institution: the MoMo provider or the bank as the order names it. */
function fiatAccount(order: TOrderRow, customer: TCustomer, prefix: 'from' | 'to'): TXmlNode {
  if (order.type === 'buy') {
    // What the customer paid from: the payer number they gave or staff recorded (modules/orders).
    const number = order.recordedPayerNumber ?? order.payerNumber;
    return account(prefix, {
      institution: order.paymentMethod,
      code: railOfOrder({ type: 'buy', payTo: order.payTo, paymentMethod: order.paymentMethod }).toUpperCase(),
      account: number ?? 'not stated',
      name: order.recordedPayerName ?? order.payerName ?? customer.fullName,
      currency: 'GHS',
    });
  }
  const payout = order.payout;
  if (payout?.type === 'momo') {
    return account(prefix, {
      institution: payout.provider,
      code: payout.provider.split(' ')[0]!.toUpperCase(),
      account: payout.number,
      name: payout.name,
      currency: 'GHS',
    });
  }
  return account(prefix, {
    institution: payout?.bankName ?? order.paymentMethod,
    code: 'BANK',
    account: payout?.accountNumber ?? 'not stated',
    name: payout?.name ?? customer.fullName,
    currency: 'GHS',
  });
}

/** The coin side: the customer's wallet address (buy) or the exchange's deposit address they sent to (sell), on its network. */
function coinAccount(order: TOrderRow, customer: TCustomer, prefix: 'from' | 'to'): TXmlNode {
  const coin = order.coinSymbol.toUpperCase();
  const network = order.network ?? coin;
  return account(prefix, {
    institution: `${coin} on ${network}`,
    code: network.toUpperCase(),
    account: (order.type === 'buy' ? order.walletAddress : order.depositAddress) ?? 'not stated',
    name: order.type === 'buy' ? customer.fullName : 'CediCrypto deposit address',
  });
}

/** The cedis of an order: amount_ghs, or the fiat amount of an older GHS order. */
export const cedisOf = (order: TOrderRow) => order.amountGhs ?? (order.fiatCurrency === 'GHS' ? order.amountFiat : '0');

/**
 * One order as a goAML bi-party transaction: a buy moves cedis from the customer's MoMo or bank
 * account (t_from) and coins to their wallet (t_to); a sell moves coins to the exchange's deposit
 * address (t_from, the on-chain id in the comment) and cedis to their payout account (t_to).
 */
export function orderTransaction(order: TOrderRow, customer: TCustomer): TXmlNode {
  const coin = order.coinSymbol.toUpperCase();
  const cedis = cedisOf(order);
  const coinText = `${order.amountCrypto} ${coin}${order.network ? ` on ${order.network}` : ''}`;
  const description = `${order.type === 'buy' ? 'Buy' : 'Sell'} of ${coinText} for GHS ${cedis} (order ${order.id}, ${order.status})`;
  const fiat = (prefix: 'from' | 'to') => [
    el(`${prefix}_funds_code`, GOAML_CODES.fundsFiat),
    optionalEl(
      `${prefix}_funds_comment`,
      order.type === 'buy'
        ? order.paymentTxId
          ? `Payment id ${order.paymentTxId}`
          : null
        : order.payoutReference
          ? `Payout reference ${order.payoutReference}`
          : null,
    ),
    fiatAccount(order, customer, prefix),
    el(`${prefix}_country`, GOAML_CODES.country),
  ];
  const crypto = (prefix: 'from' | 'to') => [
    el(`${prefix}_funds_code`, GOAML_CODES.fundsCrypto),
    el(
      `${prefix}_funds_comment`,
      `${coinText}${order.type === 'sell' && order.paymentTxId ? `, transaction ${order.paymentTxId}` : ''}${order.type === 'buy' && order.payoutReference ? `, transaction ${order.payoutReference}` : ''}`.slice(
        0,
        255,
      ),
    ),
    coinAccount(order, customer, prefix),
    el(`${prefix}_country`, GOAML_CODES.unknownCountry),
  ];
  return el('transaction', [
    el('transactionnumber', `ORDER-${order.id}`),
    el('internal_ref_number', String(order.id)),
    el('transaction_location', 'Online (CediCrypto)'),
    el('transaction_description', description),
    el('date_transaction', goamlDate(order.createdAt)),
    el('transmode_code', GOAML_CODES.transmode),
    el('amount_local', cedis),
    el('t_from', order.type === 'buy' ? fiat('from') : crypto('from')),
    el('t_to', order.type === 'buy' ? crypto('to') : fiat('to')),
  ]);
}

/** The staff member exporting, as goAML's reporting_person (first and last name, email). */
export function reportingPerson(call: TStaffCall): TXmlNode {
  const { first, last } = splitName(call.actor.user.fullName || call.actor.email.split('@')[0]!);
  return el('reporting_person', [
    el('first_name', first),
    el('last_name', last),
    el('email', call.actor.email),
    el('occupation', 'Compliance officer'),
  ]);
}

/** The report element's head: the entity, the codes, the date, the currency, who reports. */
export function reportHead(input: {
  entityId: string;
  code: 'STR' | 'CTR';
  reference: string;
  at: Date;
  person: TXmlNode | null;
}): TXmlNode[] {
  return [
    el('rentity_id', input.entityId),
    el('submission_code', 'E'),
    el('report_code', input.code),
    el('entity_reference', input.reference),
    el('submission_date', goamlDate(input.at)),
    el('currency_code_local', 'GHS'),
    ...(input.person ? [input.person] : []),
  ];
}

/**
 * A case as a goAML STR (docs/decisions/077): the customer's orders as transactions, the reason
 * from the case's alerts and notes, the action taken, the alerts' rules as report indicators. The
 * export is audited; it refuses while the reporting entity id is not set.
 */
export async function exportCaseGoaml(deps: TComplianceDeps, call: TStaffCall, id: number): Promise<{ fileName: string; xml: string }> {
  const { db } = deps;
  const theCase = await readCase(db, id);
  const entityId = await reportingEntityId(db);
  const at = nowOf(deps);
  const customer = firstOrThrow(
    await db
      .select({ id: users.id, fullName: users.fullName, email: users.email, phone: users.phone })
      .from(users)
      .where(eq(users.id, theCase.userId)),
  );
  const orderRows = await db.select().from(orders).where(eq(orders.userId, theCase.userId)).orderBy(asc(orders.createdAt), asc(orders.id));
  const alerts = await db
    .select({
      id: complianceAlerts.id,
      rule: complianceAlerts.rule,
      orderId: complianceAlerts.orderId,
      createdAt: complianceAlerts.createdAt,
    })
    .from(complianceAlerts)
    .where(eq(complianceAlerts.userId, theCase.userId))
    .orderBy(asc(complianceAlerts.createdAt), asc(complianceAlerts.id));
  const caseAlerts = alerts.filter((alert) => theCase.alertIds.includes(alert.id));
  const notes = await db
    .select({ body: complianceNotes.body, createdAt: complianceNotes.createdAt })
    .from(complianceNotes)
    .where(eq(complianceNotes.caseId, id))
    .orderBy(asc(complianceNotes.createdAt), asc(complianceNotes.id));
  // goAML needs at least one transaction: a case is opened from an alert on the customer, who has orders.
  const transactions = orderRows.map((order) => orderTransaction(order, customer));
  if (transactions.length === 0)
    throw new AppError('GOAML_NO_TRANSACTIONS', 'This customer has no orders, so there is no transaction to report in goAML.');

  const reason = [
    `Suspicious activity case ${id} on customer ${customer.fullName} (${customer.email}${customer.phone ? `, ${customer.phone}` : ''}), opened ${theCase.openedAt}.`,
    ...caseAlerts.map(
      (alert) => `Alert ${alert.id}: ${alert.rule}${alert.orderId ? ` on order ${alert.orderId}` : ''} (${alert.createdAt.toISOString()}).`,
    ),
    ...notes.map((note) => `Note ${note.createdAt.toISOString()}: ${note.body}`),
  ]
    .join('\n')
    .slice(0, 8000);
  const rules = [...new Set((caseAlerts.length > 0 ? caseAlerts : alerts).map((alert) => alert.rule))];
  const report = el('report', [
    ...reportHead({ entityId, code: 'STR', reference: `CASE-${id}`, at, person: reportingPerson(call) }),
    el('reason', reason),
    el('action', 'The orders concerned were held for compliance review; the customer was not told (tipping off).'),
    ...transactions,
    el(
      'report_indicators',
      (rules.length > 0 ? rules : ['manual']).map((rule) => el('indicator', rule.toUpperCase())),
    ),
  ]);
  const xml = xmlDocument(report);
  await writeAudit(db, {
    actor: call.actor,
    action: 'compliance.case_export_goaml',
    targetType: 'compliance_case',
    targetId: id,
    after: { transactions: transactions.length, reportingEntityId: entityId },
    ip: call.ip,
  });
  return { fileName: `goaml-str-case-${id}-${at.toISOString().slice(0, 10)}.xml`, xml };
}
