import { z } from 'zod';
import { ZAuditQuery, ZUserQuery } from './admin.js';
import { ZDay } from './common.js';
import { ZAdminOrderQuery } from './orders.js';

/**
 * CSV exports (docs/decisions/015): the back-office lists as filtered on screen, and a customer's
 * own order history for a date range. Each back-office file has a header row of the column
 * names below, in this order (the customer's, their titles: ORDER_HISTORY_EXPORT_HEADERS); the names are stable (a new column is added at the end, none is renamed or
 * removed). The server writes them and the web app and the tests read the same lists.
 *
 * Cells: amounts are plain decimal strings as stored (no thousands separators, no currency
 * symbol: '1500.00', '0.00010000'), times are ISO 8601 in UTC ('2026-11-24T10:00:00.000Z'),
 * statuses are the API's codes ('payment_submitted'; the customer's file: the screen's labels), an unknown value is an empty cell. A cell
 * that a spreadsheet would read as a formula (starting with = + - @, a tab or a carriage return)
 * starts with a single quote. The file is UTF-8 with a byte order mark, CRLF line ends, quotes
 * per RFC 4180.
 */

/**
 * The columns of an order that both order files have, in this order, between who placed it and
 * when (first) and its fee (last).
 */
const ORDER_DETAIL_COLUMNS = [
  'type',
  'status',
  'coin',
  'network',
  'amountCrypto',
  'fiatCurrency',
  'amountFiat',
  'amountGhs',
  'amountUsd',
  /** The locked price per coin, USD, and the same in cedis (unitPriceUsd x ghsRate, 2 decimals half-up, as the quote showed it). */
  'unitPriceUsd',
  'unitPriceGhs',
  /** Cedis per US dollar, locked with the price. */
  'ghsRate',
  'paymentMethod',
  'paymentReference',
  'paymentTxId',
  'submittedAt',
  'decidedAt',
  'payoutReference',
  'cancelReason',
] as const;

/** The columns of an order, as its customer exports it (GET /api/orders/export). */
export const ORDER_HISTORY_EXPORT_COLUMNS = [
  'orderId',
  'createdAt',
  ...ORDER_DETAIL_COLUMNS,
  /**
   * Issue 28 point 6: the fee of the order's quote, its percentage and the amount in the order's
   * currency (fiatCurrency) and in cedis, each computed as the quote showed it.
   */
  'feePercentage',
  'fee',
  'feeGhs',
  /**
   * Issue 34 point 1 (docs/decisions/076): the order's Travel Rule data: the other wallet's type
   * ('self_hosted' or 'provider'), the provider and the customer's account there, the wallet's
   * address, and when a signature proved control of it.
   */
  'travelRuleWalletType',
  'travelRuleProvider',
  'travelRuleProviderAccount',
  'travelRuleAddress',
  'travelRuleVerifiedAt',
] as const;

/** The columns of an order in the back-office export (GET /api/admin/orders/export): the customer's, with who the customer is. */
export const ADMIN_ORDER_EXPORT_COLUMNS = [
  'orderId',
  'createdAt',
  'customerName',
  'customerEmail',
  ...ORDER_DETAIL_COLUMNS,
  /**
   * Issue 27 point 7: who approved the order (the staff member's full name as it is now) and when
   * (ISO 8601 in UTC, as every time column); empty unless it was approved.
   */
  'approvedBy',
  'approvedAt',
  /** The fee of its quote: the percentage, and the amount in dollars and in cedis (computed in cedis, as the quote showed it). */
  'feePercentage',
  'feeUsd',
  'feeGhs',
  /** Issue 28 point 6: the fee in the order's currency (fiatCurrency), as the customer's file has it. */
  'fee',
  /**
   * Issue 34 point 1 (docs/decisions/076): the order's Travel Rule data: the other wallet's type
   * ('self_hosted' or 'provider'), the provider and the customer's account there, the wallet's
   * address, and when a signature proved control of it.
   */
  'travelRuleWalletType',
  'travelRuleProvider',
  'travelRuleProviderAccount',
  'travelRuleAddress',
  'travelRuleVerifiedAt',
] as const;

/** The columns of a customer in the user export (GET /api/admin/users/export). */
export const USER_EXPORT_COLUMNS = [
  'userId',
  'username',
  'fullName',
  'email',
  'phone',
  'kycStatus',
  /** 'active' or 'banned', the words of the list's filter. */
  'accountStatus',
  'tradingVolumeUsd',
  'registeredAt',
] as const;

/** The columns of an audit entry (GET /api/admin/audit/export); before and after are the entry's JSON as text. */
export const AUDIT_EXPORT_COLUMNS = [
  'entryId',
  'createdAt',
  'actorEmail',
  'action',
  'targetType',
  'targetId',
  'ip',
  'before',
  'after',
  /** As the Audit Log shows them, looked up when exported (the log stores ids). */
  'actorName',
  'targetKind',
  'targetName',
] as const;

export type TOrderHistoryExportColumn = (typeof ORDER_HISTORY_EXPORT_COLUMNS)[number];

/**
 * The customer's file reads as their history screen does (issue 26, docs/decisions/026): its
 * header row is these titles, not the column names, every time column says it is UTC (Ghana
 * time, Africa/Accra, is UTC all year), and the type and status cells are the screen's words
 * ('Buy', 'Pending': ORDER_STATUS_LABELS) instead of the API's codes. The back-office files keep
 * the column names and codes above.
 */
export const ORDER_HISTORY_EXPORT_HEADERS: Record<TOrderHistoryExportColumn, string> = {
  orderId: 'Order',
  createdAt: 'Created (UTC, Ghana time)',
  type: 'Type',
  status: 'Status',
  coin: 'Coin',
  network: 'Network',
  amountCrypto: 'Crypto amount',
  fiatCurrency: 'Currency',
  amountFiat: 'Amount',
  amountGhs: 'Amount in GHS',
  amountUsd: 'Amount in USD',
  unitPriceUsd: 'Unit price (USD)',
  unitPriceGhs: 'Unit price (GHS)',
  ghsRate: 'GHS per USD',
  paymentMethod: 'Payment method',
  paymentReference: 'Payment reference',
  paymentTxId: 'Transaction ID',
  submittedAt: 'Submitted (UTC, Ghana time)',
  decidedAt: 'Decided (UTC, Ghana time)',
  payoutReference: 'Payout reference',
  cancelReason: 'Cancellation reason',
  feePercentage: 'Fee (%)',
  fee: 'Fee',
  feeGhs: 'Fee in GHS',
  travelRuleWalletType: 'Other wallet',
  travelRuleProvider: 'Exchange',
  travelRuleProviderAccount: 'Account at the exchange',
  travelRuleAddress: 'Other wallet address',
  travelRuleVerifiedAt: 'Wallet proven (UTC, Ghana time)',
};
export type TAdminOrderExportColumn = (typeof ADMIN_ORDER_EXPORT_COLUMNS)[number];
export type TUserExportColumn = (typeof USER_EXPORT_COLUMNS)[number];
export type TAuditExportColumn = (typeof AUDIT_EXPORT_COLUMNS)[number];

export const EXPORT_MSG = {
  rangeOrder: 'The start date must be on or before the end date.',
  failed: 'The export failed. Please try again.',
} as const;

/** The API paths of the exports (GET, the query string is the list's filter). */
export const EXPORT_PATHS = {
  adminOrders: '/api/admin/orders/export',
  users: '/api/admin/users/export',
  audit: '/api/admin/audit/export',
  orderHistory: '/api/orders/export',
} as const;

/** Order Management's filter and sort, without paging: the export has every matching order. */
export const ZAdminOrderExportQuery = ZAdminOrderQuery.omit({ page: true, pageSize: true });
/** User Management's filter and sort, without paging. */
export const ZUserExportQuery = ZUserQuery.omit({ page: true });
/** The audit log's filter, without paging (newest first, as on screen). */
export const ZAuditExportQuery = ZAuditQuery.omit({ page: true });

/**
 * A customer's orders created from `from` to `to` (whole days, Africa/Accra, which is UTC all
 * year; both ends included, either may be left out).
 */
export const ZOrderHistoryExportQuery = z
  .object({ from: ZDay.optional(), to: ZDay.optional() })
  .strict()
  .refine((range) => !range.from || !range.to || range.from <= range.to, { message: EXPORT_MSG.rangeOrder, path: ['to'] });

export type TAdminOrderExportQuery = z.infer<typeof ZAdminOrderExportQuery>;
export type TUserExportQuery = z.infer<typeof ZUserExportQuery>;
export type TAuditExportQuery = z.infer<typeof ZAuditExportQuery>;
export type TOrderHistoryExportQuery = z.infer<typeof ZOrderHistoryExportQuery>;
