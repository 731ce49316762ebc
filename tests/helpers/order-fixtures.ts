import type { TProfile } from '#shared/contracts/account.js';
import type { TAdminOrder, TOrder } from '#shared/contracts/orders.js';

/*
 * Orders as the API answers them, for the web tests and the e2e specs that mock the API: one
 * complete object each, and a test names only what it is about.
 */

/** A MoMo buy of BTC, just placed: awaiting payment, nothing submitted yet. */
const ORDER: TOrder = {
  id: 42,
  type: 'buy',
  coinSymbol: 'btc',
  amountCrypto: '0.00010000',
  amountFiat: '100.00',
  fiatCurrency: 'GHS',
  amountUsd: '6.06',
  amountGhs: '100.00',
  unitPriceUsd: '60606.06',
  ghsRate: '16.50',
  unitPriceFiat: '999999.99',
  paymentMethod: 'MTN MoMo',
  payTo: { type: 'momo', provider: 'MTN MoMo', name: 'CediCrypto Ltd', number: '0241234567' },
  depositTo: null,
  hasProof: false,
  paymentTxId: null,
  paymentReference: 'CCAB2345',
  deadlineAt: '2026-11-24T10:30:00.000Z',
  submittedAt: null,
  payerNumber: null,
  payerName: null,
  payoutReference: null,
  cancelReason: null,
  decidedAt: null,
  walletAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  network: null,
  destinationTag: null,
  payout: null,
  notes: null,
  status: 'awaiting_payment',
  createdAt: '2026-11-24T10:00:00.000Z',
  refund: null,
};

/** A MoMo buy of BTC the customer says they paid, as staff see it: it waits for a decision. */
const ADMIN_ORDER: TAdminOrder = {
  ...ORDER,
  id: 9001,
  depositDerivation: null,
  autoPayoutNote: null,
  amountCrypto: '0.00150000',
  amountFiat: '1500.00',
  amountUsd: '90.91',
  amountGhs: '1500.00',
  ghsRate: '16.5',
  payTo: { type: 'momo', provider: 'MTN MoMo', name: 'CediCrypto Ltd', number: '0241112222' },
  paymentTxId: 'MP240101.1234.A56789XYZ',
  paymentReference: 'CC7KQ2MX',
  deadlineAt: '2025-01-10T09:30:00.000Z',
  submittedAt: '2025-01-10T09:10:00.000Z',
  walletAddress: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
  status: 'payment_submitted',
  createdAt: '2025-01-10T09:00:00.000Z',
  userId: 'user-1',
  customerName: 'Kwame Mensah',
  customerEmail: 'kwame@example.com',
  customerPhone: null,
  recordedPayerName: null,
  recordedPayerNumber: null,
  complianceHold: false,
  feePercentage: '2.50',
  feeGhs: '36.59',
  confirmation: null,
  payoutFacts: null,
  refundFacts: null,
};

/** A customer's order: a BTC buy awaiting payment, with `overrides` applied. */
export function buildOrder(overrides: Partial<TOrder> = {}): TOrder {
  return { ...ORDER, ...overrides };
}

/** A staff member's order: a BTC buy whose payment was submitted, with `overrides` applied. */
export function buildAdminOrder(overrides: Partial<TAdminOrder> = {}): TAdminOrder {
  return { ...ADMIN_ORDER, ...overrides };
}

/** The signed-in customer of the order page's tests: verified, no trading yet. */
export const ORDER_PAGE_CUSTOMER: TProfile = {
  id: 'user-1',
  username: 'akosua',
  fullName: 'Akosua Asantewaa',
  email: 'akosua@example.com',
  phone: null,
  kycStatus: 'verified',
  tradingVolumeUsd: '0',
  isBanned: false,
  role: null,
  twoFactorEnabled: false,
  emailVerified: true,
  passwordChangeRequested: false,
  createdAt: '2026-01-01T00:00:00.000Z',
};
