import { and, asc, eq, gte, inArray, like, lt, sql } from 'drizzle-orm';
import { businessDayBounds } from '#shared/business-day.js';
import {
  TREASURY_MSG,
  type TSettlementAccount,
  type TSettlementFigures,
  type TSettlementReport,
  type TSettlementRevenue,
  type TTreasury,
  type TTreasuryAccountKind,
  type TTreasuryCoverage,
} from '#shared/contracts/treasury.js';
import { LEDGER_FEE_ENTRY_KINDS, ledgerAsset } from '#shared/ledger.js';
import { Dec, type TDecimal } from '#shared/money.js';
import { networkOfOrder } from '#shared/networks.js';
import type { TDb, TDbOrTx } from '#server/db/client.js';
import { auditChainHead } from '#server/db/schema/app.js';
import { ledgerAccounts, ledgerEntries, ledgerHead, ledgerPostings } from '#server/db/schema/ledger.js';
import { orders } from '#server/db/schema/orders.js';
import { settlementSignOffs } from '#server/db/schema/treasury.js';
import { writeAudit } from '#server/lib/audit.js';
import { AppError } from '#server/lib/errors.js';
import type { TActor } from '#server/plugins/access.js';
import { sealAuditLog } from '#server/modules/audit/chain.js';
import { canonicalAmount } from '#server/modules/ledger/service.js';

/**
 * Treasury and the daily settlement (issue 28 point 6, docs/decisions/040), read from the ledger
 * (docs/decisions/037): balances of the business's accounts now, what customers are owed, whether
 * the wallets cover the orders waiting on them, and a day's report per account, signed off once.
 */

/**
 * The last imported statement of a business account up to an instant: its balance and when.
 * Statement import is its own module (issue 28 point 5); the treasury takes it as an optional
 * dependency and shows "no statement imported" without it.
 */
export type TStatementBalanceLookup = (
  db: TDbOrTx,
  account: { code: string; asset: string; name: string },
  asOf: Date,
) => Promise<{ balance: string; at: Date } | null>;

export type TTreasuryDeps = { db: TDb; now?: () => Date; lastStatementBalance?: TStatementBalanceLookup | null };
/** The same, reading in a transaction (a sign-off computes its snapshot in its own). */
type TReadDeps = Omit<TTreasuryDeps, 'db'> & { db: TDbOrTx };

/**
 * The statuses of orders whose money is in and whose payout the business owes: buys whose payment
 * the customer submitted (or staff confirmed), sells whose coins were sent (or confirmed). The
 * *_confirmed statuses come with the evidence step of the order lifecycle (issue 28 point 2); a
 * status no order has matches nothing, so the list may name them before they exist.
 */
export const WAITING_PAYOUT_STATUSES = {
  buy: ['payment_submitted', 'payment_confirmed'],
  // deposit_detected: a chain watcher saw the coins arrive (docs/decisions/058).
  sell: ['deposit_submitted', 'deposit_detected', 'deposit_confirmed'],
} as const satisfies Record<'buy' | 'sell', readonly string[]>;

const ZERO = new Dec(0);
const amountText = (value: TDecimal | string | null | undefined) => canonicalAmount(value ?? '0');
const nowOf = (deps: TReadDeps) => deps.now?.() ?? new Date();

/** A business account's kind from its code (`asset:momo:<id>`, `asset:bank:<id>`, `asset:wallet:<COIN>:<network>`). */
export function accountKindOf(code: string): TTreasuryAccountKind {
  const [, kind] = code.split(':');
  return kind === 'momo' || kind === 'bank' || kind === 'wallet' ? kind : 'other';
}

/** The coin and network of a wallet account's code, or null. */
function walletOf(code: string): { coin: string; network: string } | null {
  const [head, kind, coin, ...network] = code.split(':');
  if (head !== 'asset' || kind !== 'wallet' || !coin || network.length === 0) return null;
  return { coin: ledgerAsset(coin), network: network.join(':') };
}

// --- Treasury: now ---

/** Every business (asset) account with its balance now. */
async function assetBalances(db: TDbOrTx) {
  const rows = await db
    .select({
      code: ledgerAccounts.code,
      name: ledgerAccounts.name,
      asset: ledgerAccounts.asset,
      balance: sql<string>`coalesce(sum(${ledgerPostings.amount}), 0)`,
    })
    .from(ledgerAccounts)
    .leftJoin(ledgerPostings, eq(ledgerPostings.accountId, ledgerAccounts.id))
    .where(eq(ledgerAccounts.kind, 'asset'))
    .groupBy(ledgerAccounts.code, ledgerAccounts.name, ledgerAccounts.asset)
    .orderBy(asc(ledgerAccounts.code));
  return rows.map((row) => ({ ...row, kind: accountKindOf(row.code), balance: amountText(row.balance) }));
}

/** What customers are owed per asset: the customers' liability accounts summed (a credit balance is owed). */
async function owedToCustomers(db: TDbOrTx): Promise<TTreasury['owed']> {
  const perAccount = db
    .select({
      asset: ledgerAccounts.asset,
      balance: sql<string>`sum(${ledgerPostings.amount})`.as('balance'),
    })
    .from(ledgerPostings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .where(and(eq(ledgerAccounts.kind, 'liability'), like(ledgerAccounts.code, 'liability:customer:%')))
    .groupBy(ledgerAccounts.id, ledgerAccounts.asset)
    .as('per_account');
  const rows = await db
    .select({
      asset: perAccount.asset,
      total: sql<string>`sum(${perAccount.balance})`,
      customers: sql<number>`count(*) filter (where ${perAccount.balance} <> 0)::int`,
    })
    .from(perAccount)
    .groupBy(perAccount.asset)
    .orderBy(asc(perAccount.asset));
  return rows.map((row) => ({ asset: row.asset, amount: amountText(new Dec(row.total).negated()), customers: row.customers }));
}

/**
 * Whether each coin wallet holds the coins of the buy orders waiting on it, and the cedi accounts
 * together the cedis of the sell orders waiting on them (WAITING_PAYOUT_STATUSES).
 */
async function coverage(db: TDbOrTx, accounts: Awaited<ReturnType<typeof assetBalances>>): Promise<TTreasuryCoverage[]> {
  const statuses = (side: 'buy' | 'sell') =>
    inArray(orders.status, WAITING_PAYOUT_STATUSES[side] as unknown as (typeof orders.status._.data)[]);
  const [coinRows, cediNeeds] = await Promise.all([
    db
      .select({
        coinSymbol: orders.coinSymbol,
        network: orders.network,
        needed: sql<string>`sum(${orders.amountCrypto})`,
        orders: sql<number>`count(*)::int`,
      })
      .from(orders)
      .where(and(eq(orders.type, 'buy'), statuses('buy')))
      .groupBy(orders.coinSymbol, orders.network),
    db
      .select({
        // The cedis fixed on each order; dollars at its locked rate on orders older than that column.
        needed: sql<string>`coalesce(sum(coalesce(${orders.amountGhs}, case when ${orders.fiatCurrency} = 'GHS' then ${orders.amountFiat} else round(${orders.amountFiat} * ${orders.ghsRate}, 2) end)), 0)`,
        orders: sql<number>`count(*)::int`,
      })
      .from(orders)
      .where(and(eq(orders.type, 'sell'), statuses('sell'))),
  ]);
  // A buy of a coin with one network names none: it is sent on that one (src/shared/networks.ts networkOfOrder).
  const coinNeeds = new Map<string, { coin: string; network: string; needed: TDecimal; orders: number }>();
  for (const row of coinRows) {
    const coin = ledgerAsset(row.coinSymbol);
    const network = networkOfOrder({ coinSymbol: row.coinSymbol.toLowerCase(), network: row.network }) ?? row.network ?? '';
    const key = `${coin}:${network.toUpperCase()}`;
    const need = coinNeeds.get(key) ?? { coin, network, needed: ZERO, orders: 0 };
    coinNeeds.set(key, { ...need, needed: need.needed.plus(row.needed), orders: need.orders + row.orders });
  }
  const rows: TTreasuryCoverage[] = [];
  for (const need of [...coinNeeds.values()].sort((a, b) => a.coin.localeCompare(b.coin) || a.network.localeCompare(b.network))) {
    const wallet = accounts.find((account) => {
      const parsed = walletOf(account.code);
      return parsed?.coin === need.coin && parsed.network.toUpperCase() === need.network.toUpperCase();
    });
    const balance = new Dec(wallet?.balance ?? 0);
    rows.push({
      asset: need.coin,
      network: need.network || null,
      accountCode: wallet?.code ?? null,
      orders: need.orders,
      needed: amountText(need.needed),
      balance: amountText(balance),
      isShort: balance.lt(need.needed),
    });
  }
  const cedis = cediNeeds[0];
  if (cedis && cedis.orders > 0) {
    const balance = accounts
      .filter((account) => account.asset === 'GHS' && (account.kind === 'momo' || account.kind === 'bank'))
      .reduce((sum, account) => sum.plus(account.balance), ZERO);
    rows.push({
      asset: 'GHS',
      network: null,
      accountCode: null,
      orders: cedis.orders,
      needed: amountText(cedis.needed),
      balance: amountText(balance),
      isShort: balance.lt(cedis.needed),
    });
  }
  return rows;
}

/** The Treasury page: balances now, owed to customers, and the coverage of the orders waiting on a payout. */
export async function getTreasury(deps: TTreasuryDeps): Promise<TTreasury> {
  const { db } = deps;
  const accounts = await assetBalances(db);
  const [owed, cover] = await Promise.all([owedToCustomers(db), coverage(db, accounts)]);
  return { asOf: nowOf(deps).toISOString(), accounts, owed, coverage: cover };
}

// --- Settlement: a day ---

/** A day's movements of every business account that has postings before its end. */
async function accountFigures(deps: TReadDeps, start: Date, end: Date): Promise<TSettlementAccount[]> {
  const { db } = deps;
  const inDay = sql`${ledgerEntries.createdAt} >= ${start}`;
  const feeKinds = sql`${ledgerEntries.kind} IN (${sql.join(
    LEDGER_FEE_ENTRY_KINDS.map((kind) => sql`${kind}`),
    sql`, `,
  )})`;
  const rows = await db
    .select({
      code: ledgerAccounts.code,
      name: ledgerAccounts.name,
      asset: ledgerAccounts.asset,
      opening: sql<string>`coalesce(sum(${ledgerPostings.amount}) filter (where ${ledgerEntries.createdAt} < ${start}), 0)`,
      in: sql<string>`coalesce(sum(${ledgerPostings.amount}) filter (where ${inDay} and ${ledgerPostings.amount} > 0 and not ${feeKinds}), 0)`,
      out: sql<string>`coalesce(-sum(${ledgerPostings.amount}) filter (where ${inDay} and ${ledgerPostings.amount} < 0 and not ${feeKinds}), 0)`,
      fees: sql<string>`coalesce(-sum(${ledgerPostings.amount}) filter (where ${inDay} and ${feeKinds}), 0)`,
      closing: sql<string>`sum(${ledgerPostings.amount})`,
    })
    .from(ledgerPostings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .innerJoin(ledgerEntries, eq(ledgerEntries.id, ledgerPostings.entryId))
    .where(and(eq(ledgerAccounts.kind, 'asset'), lt(ledgerEntries.createdAt, end)))
    .groupBy(ledgerAccounts.code, ledgerAccounts.name, ledgerAccounts.asset)
    .orderBy(asc(ledgerAccounts.code));
  const accounts: TSettlementAccount[] = [];
  for (const row of rows) {
    const computed = new Dec(row.opening).plus(row.in).minus(row.out).minus(row.fees);
    accounts.push({
      code: row.code,
      name: row.name,
      asset: row.asset,
      kind: accountKindOf(row.code),
      opening: amountText(row.opening),
      in: amountText(row.in),
      out: amountText(row.out),
      fees: amountText(row.fees),
      closing: amountText(row.closing),
      balances: computed.eq(row.closing),
      statement: await statementCheck(deps, row, end),
    });
  }
  return accounts;
}

/**
 * The last statement up to the day's end against the account's closing balance of the day; null
 * without one. The day's books are compared with the statement's last balance of the day, the
 * daily reconciliation: entries carry the time they were written (an import or a confirmation
 * after the money arrived), not the statement's, so a comparison at the statement line's own
 * instant would miss a receipt the same day recorded minutes later. A receipt on the statement
 * that the books record only the next day shows as a difference, as it should.
 */
async function statementCheck(deps: TReadDeps, account: { code: string; asset: string; name: string; closing: string }, end: Date) {
  if (!deps.lastStatementBalance) return null;
  // The statement up to the day's last instant (its end is the next day's first).
  const statement = await deps.lastStatementBalance(deps.db, account, new Date(end.getTime() - 1));
  if (!statement) return null;
  const ledgerBalance = new Dec(account.closing);
  return {
    balance: amountText(statement.balance),
    at: statement.at.toISOString(),
    ledgerBalance: amountText(ledgerBalance),
    difference: amountText(new Dec(statement.balance).minus(ledgerBalance)),
  };
}

/**
 * The day's fee and spread revenue per coin and side: credits to the revenue accounts in the day's
 * entries, by the order each entry belongs to (coin and side null for entries without one).
 */
async function revenueFigures(db: TDbOrTx, start: Date, end: Date): Promise<TSettlementRevenue[]> {
  const rows = await db
    .select({
      coin: sql<string | null>`upper(${orders.coinSymbol})`,
      side: orders.type,
      asset: ledgerAccounts.asset,
      code: ledgerAccounts.code,
      amount: sql<string>`-sum(${ledgerPostings.amount})`,
    })
    .from(ledgerPostings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .innerJoin(ledgerEntries, eq(ledgerEntries.id, ledgerPostings.entryId))
    .leftJoin(orders, eq(orders.id, ledgerEntries.orderId))
    .where(and(eq(ledgerAccounts.kind, 'revenue'), gte(ledgerEntries.createdAt, start), lt(ledgerEntries.createdAt, end)))
    .groupBy(sql`1`, orders.type, ledgerAccounts.asset, ledgerAccounts.code);
  const byKey = new Map<
    string,
    { coin: string | null; side: 'buy' | 'sell' | null; asset: string; fee: TDecimal; spread: TDecimal; total: TDecimal }
  >();
  for (const row of rows) {
    const key = JSON.stringify([row.coin, row.side, row.asset]);
    const line = byKey.get(key) ?? { coin: row.coin, side: row.side, asset: row.asset, fee: ZERO, spread: ZERO, total: ZERO };
    if (row.code.startsWith('revenue:fee:')) line.fee = line.fee.plus(row.amount);
    else if (row.code.startsWith('revenue:spread:')) line.spread = line.spread.plus(row.amount);
    line.total = line.total.plus(row.amount);
    byKey.set(key, line);
  }
  // Coins in order, each buy then sell, entries without an order last.
  const rank = (value: string | null) => (value === null ? '\uffff' : value);
  return [...byKey.values()]
    .sort((a, b) => rank(a.coin).localeCompare(rank(b.coin)) || rank(a.side).localeCompare(rank(b.side)) || a.asset.localeCompare(b.asset))
    .map((line) => ({ ...line, fee: amountText(line.fee), spread: amountText(line.spread), total: amountText(line.total) }));
}

/** A day's figures as the ledger holds them now. */
export async function computeSettlement(deps: TReadDeps, day: string): Promise<TSettlementFigures> {
  const { start, end } = businessDayBounds(day);
  const [accounts, revenue] = await Promise.all([accountFigures(deps, start, end), revenueFigures(deps.db, start, end)]);
  return { day, start: start.toISOString(), end: end.toISOString(), computedAt: nowOf(deps).toISOString(), accounts, revenue };
}

/** The figures that a later entry could change (not when they were computed). */
function sameFigures(a: TSettlementFigures, b: TSettlementFigures): boolean {
  const strip = (figures: TSettlementFigures) => JSON.stringify({ accounts: figures.accounts, revenue: figures.revenue });
  return strip(a) === strip(b);
}

/**
 * A day's report: a signed day shows its frozen figures (and whether the ledger has changed under
 * them since), any other its figures now; a day not over yet is 'open'.
 */
export async function getSettlement(deps: TTreasuryDeps, day: string): Promise<TSettlementReport> {
  const [signed] = await deps.db.select().from(settlementSignOffs).where(eq(settlementSignOffs.day, day));
  const live = await computeSettlement(deps, day);
  if (signed) {
    return {
      status: 'signed',
      figures: signed.figures,
      signOff: { byName: signed.signedByName, at: signed.signedAt.toISOString() },
      changedSinceSignOff: !sameFigures(signed.figures, live),
    };
  }
  const isOver = new Date(live.end).getTime() <= nowOf(deps).getTime();
  return { status: isOver ? 'ready' : 'open', figures: live, signOff: null, changedSinceSignOff: false };
}

/** The ledger's and the audit log's chain heads now (each table holds one row, from its migration). */
async function chainHeadsOf(db: TDbOrTx): Promise<NonNullable<TSettlementFigures['chainHeads']>> {
  const [[ledger], [audit]] = await Promise.all([
    db.select({ seq: ledgerHead.seq, hash: ledgerHead.hash }).from(ledgerHead).where(eq(ledgerHead.id, 1)),
    db.select({ seq: auditChainHead.seq, hash: auditChainHead.hash }).from(auditChainHead).where(eq(auditChainHead.id, 1)),
  ]);
  if (!ledger || !audit) throw new Error('A chain head row is missing (migrations 0028 and 0042 insert them)');
  return { ledger, audit };
}

/**
 * Signs a day off: its figures now become the frozen snapshot, with who and when, audited in the
 * same transaction. Refused for a day not over yet; once only (the day is the key: the second
 * insert does nothing and is answered "already signed"). The snapshot keeps the ledger's and the
 * audit log's chain heads (docs/decisions/073): the audit rows written so far are sealed first, so
 * the head covers every staff action up to the sign-off.
 */
export async function signOffSettlement(deps: TTreasuryDeps, call: { actor: TActor; ip: string }, day: string): Promise<TSettlementReport> {
  const now = nowOf(deps);
  if (businessDayBounds(day).end.getTime() > now.getTime()) throw new AppError('SETTLEMENT_DAY_NOT_OVER', TREASURY_MSG.dayNotOver);
  const byName = call.actor.user.fullName || call.actor.user.name || call.actor.email;
  await sealAuditLog(deps.db);
  const signed = await deps.db.transaction(async (tx) => {
    const figures = { ...(await computeSettlement({ ...deps, db: tx }, day)), chainHeads: await chainHeadsOf(tx) };
    const [row] = await tx
      .insert(settlementSignOffs)
      .values({ day, signedBy: call.actor.id, signedByName: byName, signedAt: now, figures })
      .onConflictDoNothing({ target: settlementSignOffs.day })
      .returning();
    if (!row) return null;
    await writeAudit(tx, {
      actor: call.actor,
      action: 'settlement.sign_off',
      targetType: 'settlement',
      targetId: day,
      after: {
        day,
        accounts: figures.accounts.map(({ code, asset, opening, closing }) => ({ code, asset, opening, closing })),
        revenue: figures.revenue.map(({ coin, side, asset, total }) => ({ coin, side, asset, total })),
        chainHeads: figures.chainHeads,
      },
      ip: call.ip,
    });
    return row;
  });
  if (!signed) throw new AppError('SETTLEMENT_ALREADY_SIGNED', TREASURY_MSG.alreadySigned);
  return {
    status: 'signed',
    figures: signed.figures,
    signOff: { byName: signed.signedByName, at: signed.signedAt.toISOString() },
    changedSinceSignOff: false,
  };
}
