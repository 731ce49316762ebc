import { and, asc, eq } from 'drizzle-orm';
import { Dec } from '#shared/money.js';
import type { TDb } from '#server/db/client.js';
import { ledgerAccounts, ledgerEntries, ledgerPostings } from '#server/db/schema/ledger.js';

/**
 * The ledger entries of kind `kind` an order has (src/shared/ledger.ts LEDGER_ENTRY_KINDS), each
 * with who wrote it (null: the system) and its postings by account code
 * (src/server/modules/ledger/order-entries.ts), amounts as plain decimals ('-300', '0.0042').
 */
export async function orderEntries(db: TDb, orderId: number, kind: string) {
  const rows = await db
    .select({ entryId: ledgerEntries.id, createdBy: ledgerEntries.createdBy, code: ledgerAccounts.code, amount: ledgerPostings.amount })
    .from(ledgerEntries)
    .innerJoin(ledgerPostings, eq(ledgerPostings.entryId, ledgerEntries.id))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .where(and(eq(ledgerEntries.orderId, orderId), eq(ledgerEntries.kind, kind)))
    .orderBy(asc(ledgerEntries.id), asc(ledgerPostings.id));
  const entries = new Map<number, { createdBy: string | null; postings: Record<string, string> }>();
  for (const row of rows) {
    const entry = entries.get(row.entryId) ?? { createdBy: row.createdBy, postings: {} };
    entry.postings[row.code] = new Dec(row.amount).toFixed();
    entries.set(row.entryId, entry);
  }
  return [...entries.values()];
}
