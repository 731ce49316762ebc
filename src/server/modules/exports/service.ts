import { and, eq, gte, lt, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  ADMIN_ORDER_EXPORT_COLUMNS,
  AUDIT_EXPORT_COLUMNS,
  ORDER_HISTORY_EXPORT_COLUMNS,
  ORDER_HISTORY_EXPORT_HEADERS,
  USER_EXPORT_COLUMNS,
  type TAdminOrderExportColumn,
  type TAdminOrderExportQuery,
  type TAuditExportColumn,
  type TAuditExportQuery,
  type TOrderHistoryExportColumn,
  type TOrderHistoryExportQuery,
  type TUserExportColumn,
  type TUserExportQuery,
} from '#shared/contracts/exports.js';
import { ORDER_STATUS_LABELS, type ADMIN_ORDER_SORTS } from '#shared/contracts/orders.js';
import type { USER_SORTS } from '#shared/contracts/admin.js';
import { roundFiat, toDecimal } from '#shared/money.js';
import type { TDb } from '#server/db/client.js';
import { auditLog } from '#server/db/schema/app.js';
import { users } from '#server/db/schema/auth.js';
import { orders, quotes } from '#server/db/schema/orders.js';
import { orderTravelRule } from '#server/db/schema/travel-rule.js';
import { writeAudit } from '#server/lib/audit.js';
import { csvFileName, type TCsvCell, type TCsvExport } from '#server/lib/csv.js';
import { keyset, nullsAsInfinity, readInBatches, type TKeysetOrder } from '#server/lib/keyset.js';
import type { TActor } from '#server/plugins/access.js';
import { nameAuditEntries } from '#server/modules/audit/names.js';
import { auditFilter } from '#server/modules/audit/service.js';
import { adminOrderFilter } from '#server/modules/orders/service.js';
import { orderFee, type TOrderFeeQuote } from '#server/modules/treasury/order-fee.js';
import { customerFilter, toAdminUser } from '#server/modules/users/service.js';

/**
 * The CSV exports (docs/decisions/015): Order Management, User Management and the audit log with
 * the filters and sort of their lists, and a customer's own orders for a date range. Each answers
 * the file's name, columns (src/shared/contracts/exports.ts) and rows read in keyset batches
 * (lib/keyset.ts) as the response asks for them. A staff export is written to the audit log
 * (who, which list, which filter) before the first row is read.
 */

type TExportDeps = { db: TDb; now?: () => Date };
type TStaffExport = { actor: TActor; ip: string };
type TOrderRow = typeof orders.$inferSelect;

/** An order's Travel Rule data as its export columns read it (docs/decisions/076); null when none was stated. */
const travelColumns = {
  walletType: orderTravelRule.walletType,
  providerName: orderTravelRule.providerName,
  providerAccount: orderTravelRule.providerAccount,
  address: orderTravelRule.address,
  verifiedAt: orderTravelRule.verifiedAt,
};
type TTravelCells = {
  walletType: string;
  providerName: string | null;
  providerAccount: string | null;
  address: string | null;
  verifiedAt: Date | null;
};

const DAY_MS = 86_400_000;

/** Whole days in Africa/Accra, which is UTC+0 all year: from the start of `from` to the end of `to`. */
function createdWithin(column: typeof orders.createdAt, range: { from?: string | undefined; to?: string | undefined }): SQL[] {
  const conditions: SQL[] = [];
  if (range.from) conditions.push(gte(column, new Date(`${range.from}T00:00:00.000Z`)));
  if (range.to) conditions.push(lt(column, new Date(Date.parse(`${range.to}T00:00:00.000Z`) + DAY_MS)));
  return conditions;
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** An order's cells, as its customer exports them: the stored decimals as they are, times in ISO UTC, the fee from its quote. */
function orderCells(
  order: TOrderRow,
  quote: TOrderFeeQuote | null,
  travel: TTravelCells | null,
): Record<TOrderHistoryExportColumn, TCsvCell> {
  const fee = quote ? orderFee(quote, order.fiatCurrency) : null;
  return {
    orderId: String(order.id),
    createdAt: iso(order.createdAt),
    type: order.type,
    status: order.status,
    coin: order.coinSymbol.toUpperCase(),
    network: order.network,
    amountCrypto: order.amountCrypto,
    fiatCurrency: order.fiatCurrency,
    amountFiat: order.amountFiat,
    amountGhs: order.amountGhs,
    amountUsd: order.amountUsd,
    unitPriceUsd: order.unitPriceUsd,
    // As the quote showed the price in cedis (modules/orders/quotes.ts: unitPriceFiat).
    unitPriceGhs: roundFiat(toDecimal(order.unitPriceUsd).times(order.ghsRate)),
    ghsRate: order.ghsRate,
    paymentMethod: order.paymentMethod,
    paymentReference: order.paymentReference,
    paymentTxId: order.paymentTxId,
    submittedAt: iso(order.submittedAt),
    decidedAt: iso(order.decidedAt),
    payoutReference: order.payoutReference,
    cancelReason: order.cancelReason,
    feePercentage: fee?.percentage ?? null,
    fee: fee?.amount ?? null,
    feeGhs: fee?.ghs ?? null,
    travelRuleWalletType: travel?.walletType ?? null,
    travelRuleProvider: travel?.providerName ?? null,
    travelRuleProviderAccount: travel?.providerAccount ?? null,
    travelRuleAddress: travel?.address ?? null,
    travelRuleVerifiedAt: iso(travel?.verifiedAt ?? null),
  };
}

/** The customer's cells: the type and status in the words of their history screen (ORDER_HISTORY_EXPORT_HEADERS). */
function customerOrderCells(
  order: TOrderRow,
  quote: TOrderFeeQuote | null,
  travel: TTravelCells | null,
): Record<TOrderHistoryExportColumn, TCsvCell> {
  return { ...orderCells(order, quote, travel), type: order.type === 'buy' ? 'Buy' : 'Sell', status: ORDER_STATUS_LABELS[order.status] };
}

function inColumnOrder<TColumn extends string>(columns: readonly TColumn[], cells: Record<TColumn, TCsvCell>): TCsvCell[] {
  return columns.map((column) => cells[column]);
}

/** The list's sorts as keyset keys: the same order as on screen (a null submittedAt where PostgreSQL puts it). */
const ORDER_SORT_KEYS: Record<(typeof ADMIN_ORDER_SORTS)[number], Pick<TKeysetOrder, 'key' | 'type'>> = {
  id: { key: orders.id, type: 'integer' },
  createdAt: { key: orders.createdAt, type: 'timestamptz' },
  submittedAt: { key: nullsAsInfinity(orders.submittedAt), type: 'timestamptz' },
  customerName: { key: users.fullName, type: 'text' },
  amountFiat: { key: orders.amountFiat, type: 'numeric' },
  status: { key: orders.status, type: 'text' },
};

const USER_SORT_KEYS: Record<(typeof USER_SORTS)[number], Pick<TKeysetOrder, 'key' | 'type'>> = {
  fullName: { key: users.fullName, type: 'text' },
  createdAt: { key: users.createdAt, type: 'timestamptz' },
  tradingVolumeUsd: { key: users.tradingVolumeUsd, type: 'numeric' },
};

/** Who decided an order: the approver's name for the export (issue 27 point 7). */
const deciders = alias(users, 'deciders');

type TQuoteFee = TOrderFeeQuote & { feeUsd: string };

/** The fee columns of an order, from its quote: the stored percentage and dollars, the cedis and the order's currency computed as the quote showed them. */
function feeCells(quote: TQuoteFee | null, fiatCurrency: 'GHS' | 'USD') {
  if (!quote) return { feePercentage: null, feeUsd: null, feeGhs: null, fee: null };
  const fee = orderFee(quote, fiatCurrency);
  return { feePercentage: fee.percentage, feeUsd: quote.feeUsd, feeGhs: fee.ghs, fee: fee.amount };
}

/** The quote's columns an order's fee is computed from. */
const quoteFeeColumns = {
  feePercentage: quotes.feePercentage,
  unitPriceUsd: quotes.unitPriceUsd,
  baseUsd: quotes.baseUsd,
  amountCrypto: quotes.amountCrypto,
  ghsRate: quotes.ghsRate,
};

/** Who approved a completed order and when; nothing for any other (a cancellation's decider is not an approver). */
function approvalCells(row: { order: TOrderRow; deciderName: string | null; deciderUsername: string | null }) {
  if (row.order.status !== 'completed') return { approvedBy: null, approvedAt: null };
  return { approvedBy: row.deciderName || row.deciderUsername || null, approvedAt: iso(row.order.decidedAt) };
}

/** Order Management as filtered and sorted on screen, every page of it. */
export async function exportAdminOrders(deps: TExportDeps, staff: TStaffExport, query: TAdminOrderExportQuery): Promise<TCsvExport> {
  const { db } = deps;
  const filter = await adminOrderFilter(db, query);
  await writeAudit(db, { actor: staff.actor, action: 'order.export', targetType: 'order', after: { filter: query }, ip: staff.ip });
  const order = keyset({ ...ORDER_SORT_KEYS[query.sort], id: orders.id, dir: query.dir });
  const batches = readInBatches(
    (after, limit) =>
      db
        .select({
          order: orders,
          customerName: users.fullName,
          customerEmail: users.email,
          deciderName: deciders.fullName,
          deciderUsername: deciders.name,
          quote: { ...quoteFeeColumns, feeUsd: quotes.feeUsd },
          travel: travelColumns,
          cursorKey: order.cursorKey,
        })
        .from(orders)
        .innerJoin(users, eq(users.id, orders.userId))
        .leftJoin(deciders, eq(deciders.id, orders.decidedBy))
        .leftJoin(quotes, eq(quotes.id, orders.quoteId))
        .leftJoin(orderTravelRule, eq(orderTravelRule.orderId, orders.id))
        .where(and(filter, after))
        .orderBy(...order.orderBy)
        .limit(limit),
    (row) => order.after({ key: row.cursorKey, id: row.order.id }),
  );
  return {
    fileName: csvFileName('orders', deps.now?.() ?? new Date()),
    columns: ADMIN_ORDER_EXPORT_COLUMNS,
    batches: mapBatches(batches, (row) =>
      inColumnOrder<TAdminOrderExportColumn>(ADMIN_ORDER_EXPORT_COLUMNS, {
        ...orderCells(row.order, row.quote, row.travel),
        customerName: row.customerName,
        customerEmail: row.customerEmail,
        ...approvalCells(row),
        ...feeCells(row.quote, row.order.fiatCurrency),
      }),
    ),
  };
}

/** A customer's own orders created within the range, newest first (as on their history page). */
export async function exportOrderHistory(deps: TExportDeps, userId: string, range: TOrderHistoryExportQuery): Promise<TCsvExport> {
  const { db } = deps;
  const filter = and(eq(orders.userId, userId), ...createdWithin(orders.createdAt, range));
  const order = keyset({ key: orders.createdAt, type: 'timestamptz', id: orders.id, dir: 'desc' });
  const batches = readInBatches(
    (after, limit) =>
      db
        .select({ order: orders, quote: quoteFeeColumns, travel: travelColumns, cursorKey: order.cursorKey })
        .from(orders)
        .leftJoin(quotes, eq(quotes.id, orders.quoteId))
        .leftJoin(orderTravelRule, eq(orderTravelRule.orderId, orders.id))
        .where(and(filter, after))
        .orderBy(...order.orderBy)
        .limit(limit),
    (row) => order.after({ key: row.cursorKey, id: row.order.id }),
  );
  return {
    fileName: csvFileName('order-history', deps.now?.() ?? new Date()),
    columns: ORDER_HISTORY_EXPORT_COLUMNS.map((column) => ORDER_HISTORY_EXPORT_HEADERS[column]),
    batches: mapBatches(batches, (row) =>
      inColumnOrder(ORDER_HISTORY_EXPORT_COLUMNS, customerOrderCells(row.order, row.quote, row.travel)),
    ),
  };
}

/** User Management as filtered and sorted on screen: customers only. */
export async function exportUsers(deps: TExportDeps, staff: TStaffExport, query: TUserExportQuery): Promise<TCsvExport> {
  const { db } = deps;
  const filter = customerFilter(query);
  await writeAudit(db, { actor: staff.actor, action: 'user.export', targetType: 'user', after: { filter: query }, ip: staff.ip });
  const order = keyset({ ...USER_SORT_KEYS[query.sort], id: users.id, dir: query.dir });
  const batches = readInBatches(
    (after, limit) =>
      db
        .select({ user: users, cursorKey: order.cursorKey })
        .from(users)
        .where(and(filter, after))
        .orderBy(...order.orderBy)
        .limit(limit),
    (row) => order.after({ key: row.cursorKey, id: row.user.id }),
  );
  return {
    fileName: csvFileName('users', deps.now?.() ?? new Date()),
    columns: USER_EXPORT_COLUMNS,
    batches: mapBatches(batches, ({ user: row }) => {
      const user = toAdminUser(row);
      return inColumnOrder<TUserExportColumn>(USER_EXPORT_COLUMNS, {
        userId: user.id,
        username: user.username,
        fullName: user.fullName,
        email: user.email,
        phone: user.phone,
        kycStatus: user.kycStatus,
        accountStatus: user.isBanned ? 'banned' : 'active',
        tradingVolumeUsd: user.tradingVolumeUsd,
        registeredAt: user.createdAt,
      });
    }),
  };
}

/** The audit log as filtered on screen, newest first; this export's own entry is in it. */
export async function exportAuditLog(deps: TExportDeps, staff: TStaffExport, query: TAuditExportQuery): Promise<TCsvExport> {
  const { db } = deps;
  await writeAudit(db, { actor: staff.actor, action: 'audit.export', targetType: 'audit_log', after: { filter: query }, ip: staff.ip });
  const filter = auditFilter(query);
  const order = keyset({ key: auditLog.createdAt, type: 'timestamptz', id: auditLog.id, dir: 'desc' });
  const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));
  const batches = readInBatches(
    (after, limit) =>
      db
        .select({ entry: auditLog, cursorKey: order.cursorKey })
        .from(auditLog)
        .where(and(filter, after))
        .orderBy(...order.orderBy)
        .limit(limit),
    (row) => order.after({ key: row.cursorKey, id: row.entry.id }),
  );
  return {
    fileName: csvFileName('audit-log', deps.now?.() ?? new Date()),
    columns: AUDIT_EXPORT_COLUMNS,
    batches: (async function* () {
      for await (const batch of batches) {
        // The names the Audit Log shows, for this batch only (modules/audit/names.ts).
        const names = await nameAuditEntries(
          db,
          batch.map(({ entry }) => entry),
        );
        yield batch.map(({ entry }, index) =>
          inColumnOrder<TAuditExportColumn>(AUDIT_EXPORT_COLUMNS, {
            entryId: String(entry.id),
            createdAt: iso(entry.createdAt),
            actorEmail: entry.actorEmail,
            action: entry.action,
            targetType: entry.targetType,
            targetId: entry.targetId,
            ip: entry.ip,
            before: json(entry.before),
            after: json(entry.after),
            actorName: names[index]?.actorName ?? null,
            targetKind: names[index]?.targetKind ?? null,
            targetName: names[index]?.targetName ?? null,
          }),
        );
      }
    })(),
  };
}

/** Each batch's rows as CSV cells, batch by batch (nothing is read ahead). */
async function* mapBatches<TRow>(batches: AsyncIterable<TRow[]>, toCells: (row: TRow) => TCsvCell[]): AsyncGenerator<TCsvCell[][]> {
  for await (const batch of batches) yield batch.map(toCells);
}
