import type { TKycStatus } from '#shared/contracts/account.js';

/**
 * The one rule for offering the KYC form (header link 'Complete KYC', dashboard note, /kyc):
 * a customer may submit while unverified, and again after a rejection (decisions/013 D14: a rejected
 * customer may submit again). Pending and verified customers have nothing to submit.
 */
export function canSubmitKyc(status: TKycStatus): boolean {
  return status === 'unverified' || status === 'rejected';
}
