/**
 * Payment transaction ids (a mobile money or bank reference, an on-chain hash) compared by what
 * they say, not by how they were typed (docs/decisions/009-canonical-transaction-ids.md).
 *
 * The key is the id in Unicode NFKC (full-width and other compatibility forms become plain
 * letters and digits), lower-cased, with every separator, space, punctuation mark and invisible
 * or format character removed. MoMo, bank and on-chain ids are written in Latin letters and
 * digits, so an id whose key still holds anything else (a Cyrillic or Greek letter that looks
 * Latin, an accent, a symbol) is refused rather than keyed: no look-alike can pass as a new id.
 *
 * Shared by the server (the live-order uniqueness rule, the admin search) and the web forms.
 */

/** Removed: punctuation (dashes, dots, slashes...), separators and spaces, controls, format and other invisible characters. */
const IGNORED = /[\p{P}\p{Z}\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;
const KEY = /^[a-z0-9]+$/;

/** The canonical key of a transaction id, or null when the id is not one we accept. */
export function toTransactionKey(raw: string): string | null {
  const key = raw.normalize('NFKC').toLowerCase().normalize('NFKC').replace(IGNORED, '');
  return KEY.test(key) ? key : null;
}

/** True when `raw` is an id we accept (its key is Latin letters and digits only, and not empty). */
export function isTransactionId(raw: string): boolean {
  return toTransactionKey(raw) !== null;
}
