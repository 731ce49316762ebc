import { PASSWORD_MIN_LENGTH } from '#shared/contracts/account.js';
import { MSG } from '#shared/messages.js';
import { commonListKey, loadCommonPasswords } from '#shared/password-strength.js';
import { AppError } from './errors.js';

/**
 * The server's half of the password policy (docs/decisions/023-password-policy.md): the length
 * is the shared contract's (ZPassword); here a new password on the shipped list of common and
 * leaked passwords is refused, and a password signed in with is judged for "asked to change".
 */
let commonPasswords: Promise<ReadonlySet<string>> | undefined;

function commonList(): Promise<ReadonlySet<string>> {
  commonPasswords ??= loadCommonPasswords();
  return commonPasswords;
}

export async function isCommonPassword(password: string): Promise<boolean> {
  return (await commonList()).has(commonListKey(password));
}

/** Refuses a new password on the common list, as a field error on `field`. */
export async function assertNotCommonPassword(password: string, field = 'password'): Promise<void> {
  if (await isCommonPassword(password)) {
    throw new AppError('VALIDATION', MSG.passwordCommon, { fields: { [field]: MSG.passwordCommon } });
  }
}

/** A password that would not be accepted today: shorter than the minimum or on the common list. */
export async function isBelowPolicy(password: string): Promise<boolean> {
  return password.length < PASSWORD_MIN_LENGTH || (await isCommonPassword(password));
}
