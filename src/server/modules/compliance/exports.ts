import { asc, eq } from 'drizzle-orm';
import { CASE_EXPORT_COLUMNS } from '#shared/contracts/compliance.js';
import { users } from '#server/db/schema/auth.js';
import { complianceAlerts } from '#server/db/schema/compliance.js';
import { orders, quotes } from '#server/db/schema/orders.js';
import { writeAudit } from '#server/lib/audit.js';
import { csvFileName, type TCsvCell, type TCsvExport } from '#server/lib/csv.js';
import { orderFee } from '#server/modules/treasury/order-fee.js';
import {
  alertColumns,
  iso,
  nowOf,
  readCase,
  readCustomer,
  readDocuments,
  readNotes,
  type TComplianceDeps,
  type TStaffCall,
} from './desk-reads.js';

/**
 * A case for filing with the FIC, as CSV (lib/csv.ts: formula cells behind a quote): one fact a
 * line, `section,recordId,field,value`: the case, the customer, every order of theirs, the list
 * of their KYC documents (never the files), the alerts and the notes. The download is audited.
 */
export async function exportCase(deps: TComplianceDeps, call: TStaffCall, id: number): Promise<TCsvExport> {
  const { db } = deps;
  const theCase = await readCase(db, id);
  await writeAudit(db, { actor: call.actor, action: 'compliance.case_export', targetType: 'compliance_case', targetId: id, ip: call.ip });
  const customer = await readCustomer(db, theCase.userId);
  const orderRows = await db
    .select({
      order: orders,
      quote: {
        feePercentage: quotes.feePercentage,
        unitPriceUsd: quotes.unitPriceUsd,
        baseUsd: quotes.baseUsd,
        amountCrypto: quotes.amountCrypto,
        ghsRate: quotes.ghsRate,
      },
    })
    .from(orders)
    .leftJoin(quotes, eq(quotes.id, orders.quoteId))
    .where(eq(orders.userId, theCase.userId))
    .orderBy(asc(orders.createdAt), asc(orders.id));
  const documents = await readDocuments(db, theCase.userId);
  const alerts = await db
    .select(alertColumns)
    .from(complianceAlerts)
    .innerJoin(users, eq(users.id, complianceAlerts.userId))
    .where(eq(complianceAlerts.userId, theCase.userId))
    .orderBy(asc(complianceAlerts.createdAt), asc(complianceAlerts.id));
  const notes = await readNotes(db, theCase.userId);

  const lines: TCsvCell[][] = [];
  const facts = (section: string, recordId: string | number, values: Record<string, TCsvCell | number | boolean>) => {
    for (const [field, value] of Object.entries(values)) {
      lines.push([section, String(recordId), field, value === null || value === undefined ? null : String(value)]);
    }
  };
  facts('case', theCase.id, {
    status: theCase.status,
    openedAt: theCase.openedAt,
    dueAt: theCase.dueAt,
    filedAt: theCase.filedAt,
    ficReference: theCase.ficReference,
    alertIds: theCase.alertIds.join(' '),
  });
  facts('customer', customer.id, {
    fullName: customer.fullName,
    username: customer.username,
    email: customer.email,
    phone: customer.phone,
    tier: customer.tier,
    kycStatus: customer.kycStatus,
    registeredAt: customer.createdAt,
    closedAt: customer.closedAt,
  });
  for (const { order, quote } of orderRows) {
    // Issue 28 point 6: the fee of each order, as every export has it (modules/treasury/order-fee.ts).
    const fee = quote ? orderFee(quote, order.fiatCurrency) : null;
    facts('order', order.id, {
      createdAt: order.createdAt.toISOString(),
      type: order.type,
      status: order.status,
      coin: order.coinSymbol.toUpperCase(),
      amountCrypto: order.amountCrypto,
      amountGhs: order.amountGhs,
      amountUsd: order.amountUsd,
      paymentMethod: order.paymentMethod,
      paymentReference: order.paymentReference,
      paymentTxId: order.paymentTxId,
      payerNumber: order.payerNumber,
      payerName: order.payerName,
      recordedPayerName: order.recordedPayerName,
      recordedPayerNumber: order.recordedPayerNumber,
      payoutNumber: order.payout?.type === 'momo' ? order.payout.number : (order.payout?.accountNumber ?? null),
      walletAddress: order.walletAddress,
      payoutReference: order.payoutReference,
      decidedAt: iso(order.decidedAt),
      feePercentage: fee?.percentage ?? null,
      fee: fee?.amount ?? null,
      feeCurrency: fee?.currency ?? null,
      feeGhs: fee?.ghs ?? null,
    });
  }
  for (const document of documents) {
    facts('document', document.id, {
      idType: document.idType,
      level: document.level,
      status: document.status,
      files: document.files.join('; '),
      submittedAt: document.submittedAt,
      decidedAt: document.decidedAt,
    });
  }
  for (const { alert } of alerts) {
    facts('alert', alert.id, {
      rule: alert.rule,
      action: alert.action,
      status: alert.status,
      orderId: alert.orderId,
      createdAt: alert.createdAt.toISOString(),
      decidedAt: iso(alert.decidedAt),
      releasedAt: iso(alert.releasedAt),
      details: JSON.stringify(alert.details),
    });
  }
  for (const note of notes) {
    facts('note', note.id, {
      createdAt: note.createdAt,
      author: note.authorName,
      alertId: note.alertId,
      caseId: note.caseId,
      body: note.body,
    });
  }
  return {
    fileName: csvFileName(`case-${id}`, nowOf(deps)),
    columns: CASE_EXPORT_COLUMNS,
    batches: (async function* () {
      yield lines;
    })(),
  };
}
