import { chainHash, GENESIS_HASH } from '#server/lib/hash-chain.js';
import { and, asc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import { Dec, type TDecimal } from '#shared/money.js';
import { ledgerAsset, type TLedgerAccountKind, type TLedgerEntryKind } from '#shared/ledger.js';
import type { TDbOrTx, TTx } from '#server/db/client.js';
import { firstOrThrow } from '#server/db/rows.js';
import { ledgerAccounts, ledgerEntries, ledgerHead, ledgerPostings } from '#server/db/schema/ledger.js';

/**
 * The double-entry ledger (issue 28 point 4, docs/decisions/037): accounts, balanced entries
 * written in the caller's transaction (the order's transition, so a movement of money and the
 * change it comes with commit together or not at all), balances from the postings, and the
 * verification of the hash chain.
 */

/** An account as code names it; created on first use (`ensureAccount`). */
export type TAccountSpec = { code: string; kind: TLedgerAccountKind; asset: string; name: string };

/** One line of an entry: positive a debit, negative a credit, as a decimal string. */
export type TPostingInput = { account: TAccountSpec; amount: string };

export type TEntryInput = {
  kind: TLedgerEntryKind;
  orderId?: number | null;
  reversesEntryId?: number | null;
  memo?: string;
  createdBy?: string | null;
  at: Date;
  postings: TPostingInput[];
};

/** A mistake in an entry the code built: a programming error, never a customer's. */
export class LedgerError extends Error {
  override name = 'LedgerError';
}

/** numeric(38,18) keeps 20 digits before the point. */
const MAX_AMOUNT = new Dec(10).pow(20);

/** The genesis of the chain: the head's hash before the first entry (migration 0028). */
export { GENESIS_HASH };

/** An amount as the chain hashes it: plain digits, no exponent, no trailing zeros ('100', '-0.5'). */
export function canonicalAmount(amount: string | TDecimal): string {
  return new Dec(amount).toFixed();
}

type TChainedEntry = {
  seq: number;
  kind: string;
  orderId: number | null;
  reversesEntryId: number | null;
  memo: string;
  createdBy: string | null;
  createdAt: Date;
  postings: { accountCode: string; asset: string; amount: string }[];
};

/**
 * The hash of an entry: SHA-256 of the previous hash and the entry's fields and postings in a
 * fixed form (postings sorted by account code, asset and amount), so that changing any stored
 * fact of any entry breaks every hash after it.
 */
export function entryHash(prevHash: string, entry: TChainedEntry): string {
  const postings = entry.postings
    .map((posting) => [posting.accountCode, posting.asset, canonicalAmount(posting.amount)] as const)
    .sort((a, b) => (a.join('\u0000') < b.join('\u0000') ? -1 : a.join('\u0000') > b.join('\u0000') ? 1 : 0));
  // lib/hash-chain.ts writes this array as JSON.stringify did when the chain began: old hashes still verify.
  return chainHash(prevHash, [
    entry.seq,
    entry.kind,
    entry.orderId,
    entry.reversesEntryId,
    entry.memo,
    entry.createdBy,
    entry.createdAt.toISOString(),
    postings,
  ]);
}

/** The account of `spec.code`, created when new; an existing code with another kind or asset is a mistake. */
export async function ensureAccount(tx: TDbOrTx, spec: TAccountSpec): Promise<{ id: number; asset: string }> {
  return firstOrThrow([...(await ensureAccounts(tx, [spec])).values()]);
}

/**
 * Every account of `specs` by code, created when missing, in two statements for any number of
 * them (one read; one insert of those missing, and a read again only when another writer created
 * one first). Refused (LedgerError) when a code exists with another kind or asset.
 */
export async function ensureAccounts(tx: TDbOrTx, specs: TAccountSpec[]): Promise<Map<string, { id: number; asset: string }>> {
  const wanted = new Map(specs.map((spec) => [spec.code, { ...spec, asset: ledgerAsset(spec.asset) }]));
  const codes = [...wanted.keys()];
  const rows = await tx.select().from(ledgerAccounts).where(inArray(ledgerAccounts.code, codes));
  const missing = codes.filter((code) => !rows.some((row) => row.code === code));
  if (missing.length > 0) {
    const created = await tx
      .insert(ledgerAccounts)
      .values(missing.map((code) => wanted.get(code)!))
      .onConflictDoNothing()
      .returning();
    rows.push(...created);
    const raced = missing.filter((code) => !created.some((row) => row.code === code));
    if (raced.length > 0) rows.push(...(await tx.select().from(ledgerAccounts).where(inArray(ledgerAccounts.code, raced))));
  }
  const found = new Map<string, { id: number; asset: string }>();
  for (const row of rows) {
    const spec = wanted.get(row.code)!;
    if (row.kind !== spec.kind || row.asset !== spec.asset) {
      throw new LedgerError(`ledger account ${spec.code} is ${row.kind} in ${row.asset}, not ${spec.kind} in ${spec.asset}`);
    }
    found.set(row.code, { id: row.id, asset: row.asset });
  }
  return found;
}

/** The sums of `postings` per asset that are not zero ('GHS 0.01'), empty when the entry balances. */
export function unbalancedAssets(postings: { asset: string; amount: string | TDecimal }[]): string[] {
  const sums = new Map<string, TDecimal>();
  for (const posting of postings) sums.set(posting.asset, (sums.get(posting.asset) ?? new Dec(0)).plus(posting.amount));
  return [...sums].filter(([, total]) => !total.isZero()).map(([asset, total]) => `${asset} ${total.toFixed()}`);
}

/** An entry's postings checked before anything is written (LedgerError otherwise). */
function checkedLines(input: TEntryInput) {
  if (input.postings.length < 2) throw new LedgerError(`a ${input.kind} entry needs at least two postings`);
  const lines = input.postings.map((posting) => {
    let amount: TDecimal;
    try {
      amount = new Dec(posting.amount);
    } catch {
      throw new LedgerError(`posting amount ${JSON.stringify(posting.amount)} is not a decimal`);
    }
    if (!amount.isFinite() || amount.isZero())
      throw new LedgerError(`posting amount ${posting.amount} on ${posting.account.code} is zero or not finite`);
    if (amount.decimalPlaces() > 18 || amount.abs().gte(MAX_AMOUNT)) {
      throw new LedgerError(`posting amount ${posting.amount} does not fit numeric(38,18)`);
    }
    return { account: posting.account, asset: ledgerAsset(posting.account.asset), amount };
  });
  const unbalanced = unbalancedAssets(lines);
  if (unbalanced.length > 0) throw new LedgerError(`a ${input.kind} entry does not balance: ${unbalanced.join(', ')}`);
  return lines;
}

/**
 * Writes one balanced entry in the caller's transaction and returns its id and sequence number.
 * Refused (LedgerError) before anything is written: fewer than two postings, an amount that is
 * zero or not a decimal, or sums per asset that are not zero. The head row is locked until the
 * caller commits, so entries are chained one at a time in commit order; the database checks the
 * balance again at commit (migration 0028).
 */
export async function postEntry(tx: TTx, input: TEntryInput): Promise<{ id: number; seq: number; hash: string }> {
  return firstOrThrow(await postEntries(tx, [input]));
}

/**
 * Several entries of one decision (a payment confirmed and paid out in one step, a payout and its
 * network fee) chained one after another in the order given, with one lock of the head, one read
 * of their accounts and one insert each of entries and postings: what postEntry does, in a fixed
 * number of statements whatever the count (bench:orders measures the approval's).
 */
export async function postEntries(tx: TTx, inputs: TEntryInput[]): Promise<{ id: number; seq: number; hash: string }[]> {
  if (inputs.length === 0) return [];
  const checked = inputs.map((input) => ({ input, lines: checkedLines(input) }));
  const accounts = await ensureAccounts(
    tx,
    checked.flatMap(({ lines }) => lines.map((line) => line.account)),
  );
  const head = firstOrThrow(await tx.select().from(ledgerHead).where(eq(ledgerHead.id, 1)).for('update'));
  let prevHash = head.hash;
  const chain = checked.map(({ input, lines }, index) => {
    const chained: TChainedEntry = {
      seq: head.seq + 1 + index,
      kind: input.kind,
      orderId: input.orderId ?? null,
      reversesEntryId: input.reversesEntryId ?? null,
      memo: input.memo ?? '',
      createdBy: input.createdBy ?? null,
      // The chain hashes milliseconds: what PostgreSQL keeps (microseconds) is cut to what JavaScript has.
      createdAt: new Date(input.at.getTime()),
      postings: lines.map((line) => ({ accountCode: line.account.code, asset: line.asset, amount: line.amount.toFixed() })),
    };
    const hash = entryHash(prevHash, chained);
    const link = { chained, lines, prevHash, hash };
    prevHash = hash;
    return link;
  });
  const inserted = await tx
    .insert(ledgerEntries)
    .values(
      chain.map(({ chained, prevHash: previous, hash }) => ({
        seq: chained.seq,
        kind: chained.kind,
        orderId: chained.orderId,
        reversesEntryId: chained.reversesEntryId,
        memo: chained.memo,
        createdBy: chained.createdBy,
        createdAt: chained.createdAt,
        prevHash: previous,
        hash,
      })),
    )
    .returning({ id: ledgerEntries.id, seq: ledgerEntries.seq });
  // Matched by sequence number, not by the order the database returned the rows in.
  const idOfSeq = new Map(inserted.map((row) => [row.seq, row.id]));
  await tx.insert(ledgerPostings).values(
    chain.flatMap(({ chained, lines }) =>
      lines.map((line) => ({
        entryId: idOfSeq.get(chained.seq)!,
        accountId: accounts.get(line.account.code)!.id,
        asset: line.asset,
        amount: line.amount.toFixed(),
      })),
    ),
  );
  const last = chain.at(-1)!;
  await tx.update(ledgerHead).set({ seq: last.chained.seq, hash: last.hash }).where(eq(ledgerHead.id, 1));
  return chain.map(({ chained, hash }) => ({ id: idOfSeq.get(chained.seq)!, seq: chained.seq, hash }));
}

/** The postings of an entry with their accounts' codes and kinds. */
async function postingsOf(db: TDbOrTx, entryIds: number[]) {
  if (entryIds.length === 0) return [];
  return db
    .select({
      entryId: ledgerPostings.entryId,
      accountCode: ledgerAccounts.code,
      kind: ledgerAccounts.kind,
      name: ledgerAccounts.name,
      asset: ledgerPostings.asset,
      amount: ledgerPostings.amount,
    })
    .from(ledgerPostings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .where(inArray(ledgerPostings.entryId, entryIds))
    .orderBy(asc(ledgerPostings.id));
}

/**
 * A correction: a new entry with every posting of `entryId` negated, naming it. An entry is
 * reversed once (a unique index); the reversed entry itself never changes.
 */
export async function reverseEntry(tx: TTx, entryId: number, input: { memo: string; createdBy: string | null; at: Date }) {
  const original = firstOrThrow(await tx.select().from(ledgerEntries).where(eq(ledgerEntries.id, entryId)));
  const postings = await postingsOf(tx, [entryId]);
  return postEntry(tx, {
    kind: 'reversal',
    orderId: original.orderId,
    reversesEntryId: original.id,
    memo: input.memo,
    createdBy: input.createdBy,
    at: input.at,
    postings: postings.map((posting) => ({
      account: { code: posting.accountCode, kind: posting.kind, asset: posting.asset, name: posting.name },
      amount: new Dec(posting.amount).negated().toFixed(),
    })),
  });
}

/**
 * The balance of every account that has postings, at an instant (entries written up to and
 * including `at`) or now: the sum of its postings, as a decimal string without trailing zeros.
 */
export async function balances(db: TDbOrTx, options: { at?: Date; codes?: string[] } = {}) {
  const conditions = [];
  if (options.at) conditions.push(lte(ledgerEntries.createdAt, options.at));
  if (options.codes) conditions.push(inArray(ledgerAccounts.code, options.codes));
  const rows = await db
    .select({
      code: ledgerAccounts.code,
      kind: ledgerAccounts.kind,
      asset: ledgerAccounts.asset,
      name: ledgerAccounts.name,
      balance: sql<string>`sum(${ledgerPostings.amount})`,
    })
    .from(ledgerPostings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .innerJoin(ledgerEntries, eq(ledgerEntries.id, ledgerPostings.entryId))
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .groupBy(ledgerAccounts.code, ledgerAccounts.kind, ledgerAccounts.asset, ledgerAccounts.name)
    .orderBy(asc(ledgerAccounts.code));
  return rows.map((row) => ({ ...row, balance: canonicalAmount(row.balance) }));
}

export type TLedgerProblem = { seq: number | null; problem: string };

/**
 * Walks the chain from the first entry: each entry's sequence number follows the one before, its
 * `prev_hash` is the hash before it, its hash is what `entryHash` computes from what is stored
 * now, and its postings balance in every asset; the head names the last entry. Reads in pages,
 * so a large ledger is verified in constant memory. `npm run ledger:verify` prints the result.
 */
export async function verifyLedger(db: TDbOrTx, options: { pageSize?: number } = {}) {
  const pageSize = options.pageSize ?? 2000;
  const problems: TLedgerProblem[] = [];
  let prevHash = GENESIS_HASH;
  let lastSeq = 0;
  let entries = 0;
  for (;;) {
    const page = await db
      .select()
      .from(ledgerEntries)
      .where(gt(ledgerEntries.seq, lastSeq))
      .orderBy(asc(ledgerEntries.seq))
      .limit(pageSize);
    if (page.length === 0) break;
    const postings = await postingsOf(
      db,
      page.map((entry) => entry.id),
    );
    const byEntry = new Map<number, typeof postings>();
    for (const posting of postings) byEntry.set(posting.entryId, [...(byEntry.get(posting.entryId) ?? []), posting]);
    for (const entry of page) {
      entries += 1;
      if (entry.seq !== lastSeq + 1) problems.push({ seq: entry.seq, problem: `follows entry ${lastSeq}: entries are missing` });
      if (entry.prevHash !== prevHash)
        problems.push({ seq: entry.seq, problem: 'its previous hash is not the hash of the entry before it' });
      const lines = byEntry.get(entry.id) ?? [];
      const recomputed = entryHash(entry.prevHash, {
        seq: entry.seq,
        kind: entry.kind,
        orderId: entry.orderId,
        reversesEntryId: entry.reversesEntryId,
        memo: entry.memo,
        createdBy: entry.createdBy,
        createdAt: entry.createdAt,
        postings: lines.map((line) => ({ accountCode: line.accountCode, asset: line.asset, amount: line.amount })),
      });
      if (recomputed !== entry.hash)
        problems.push({ seq: entry.seq, problem: 'its hash does not match what it holds: changed after it was written' });
      if (lines.length < 2) problems.push({ seq: entry.seq, problem: 'it has fewer than two postings' });
      const unbalanced = unbalancedAssets(lines);
      if (unbalanced.length > 0) problems.push({ seq: entry.seq, problem: `it does not balance: ${unbalanced.join(', ')}` });
      prevHash = entry.hash;
      lastSeq = entry.seq;
    }
  }
  const [head] = await db.select().from(ledgerHead).where(eq(ledgerHead.id, 1));
  if (!head) problems.push({ seq: null, problem: 'the head row is missing' });
  else if (head.seq !== lastSeq || head.hash !== prevHash)
    problems.push({ seq: null, problem: `the head names entry ${head.seq}, the chain ends at ${lastSeq}` });
  const totals = await db
    .select({ asset: ledgerPostings.asset, total: sql<string>`sum(${ledgerPostings.amount})` })
    .from(ledgerPostings)
    .groupBy(ledgerPostings.asset);
  for (const row of totals) {
    if (!new Dec(row.total).isZero())
      problems.push({ seq: null, problem: `all postings in ${row.asset} sum to ${canonicalAmount(row.total)}, not zero` });
  }
  return { entries, lastSeq, ok: problems.length === 0, problems };
}
