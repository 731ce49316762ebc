/**
 * The checks of where money goes that need no checksum code: USDT's networks, XRP destination
 * tags, Ghana mobile numbers. src/shared/wallet-address.ts re-exports them beside the address
 * checks (which need @noble/hashes and @scure/base); the order contract imports them from here
 * so that a page which only reads orders does not download that code (issue 26 point 15).
 */
export const USDT_NETWORKS = ['TRC20', 'ERC20', 'BEP20'] as const;
export type TUsdtNetwork = (typeof USDT_NETWORKS)[number];

/** The network an address of each coin is on (shown in the admin and the sell page). */
export const COIN_NETWORKS: Record<string, string> = {
  btc: 'Bitcoin',
  eth: 'Ethereum (ERC20)',
  usdt: 'TRC20, ERC20 or BEP20',
  bnb: 'BNB Smart Chain (BEP20)',
  ltc: 'Litecoin',
  xrp: 'XRP Ledger',
  ada: 'Cardano',
  sol: 'Solana',
  doge: 'Dogecoin',
};

/** XRP destination tags are unsigned 32-bit integers. */
export function isValidDestinationTag(tag: string): boolean {
  return /^\d{1,10}$/.test(tag) && Number(tag) <= 4_294_967_295;
}

/** Ghana mobile numbers: 0XX XXX XXXX or +233 XX XXX XXXX (spaces and dashes allowed). */
export function isGhanaMobileNumber(value: string): boolean {
  const digits = value.replace(/[\s-]/g, '');
  return /^(?:0|\+233|233)[2-5]\d{8}$/.test(digits);
}

/**
 * What a person typed into a search, as a Ghana mobile number in the form the orders keep their
 * payer and payout numbers in (0XXXXXXXXX, schema/orders.ts payer_number_key): '0241234567',
 * '241234567', '+233241234567', '233 24 123 4567' and '(024) 123-4567' all give '0241234567'.
 * Null for anything else (a name, an order id, a number of another length).
 */
export function searchedGhanaNumber(value: string): string | null {
  const text = value.trim();
  if (!/^[+\d\s().-]+$/.test(text)) return null;
  const digits = text.replace(/\D/g, '');
  const national = /^(?:233|0)?([2-5]\d{8})$/.exec(digits)?.[1];
  return national ? `0${national}` : null;
}

/**
 * A Ghana mobile number in international form (+233XXXXXXXXX), as SMS is sent and phone numbers
 * are kept (issue 18): '024 123 4567', '+233 24 123 4567' and '233241234567' all give
 * '+233241234567'; null for anything isGhanaMobileNumber refuses.
 */
export function toGhanaInternational(value: string): string | null {
  if (!isGhanaMobileNumber(value)) return null;
  const digits = value.replace(/\D/g, '');
  return `+233${digits.slice(-9)}`;
}
