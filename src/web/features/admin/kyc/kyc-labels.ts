import { KYC_ID_TYPE_LABELS } from '#shared/contracts/kyc.js';

/** 'Ghana Card' for national_id and so on; an unknown value is shown with its underscores as spaces. */
export function formatKycIdType(value: string): string {
  return Object.hasOwn(KYC_ID_TYPE_LABELS, value) ? KYC_ID_TYPE_LABELS[value as keyof typeof KYC_ID_TYPE_LABELS] : value.replace(/_/g, ' ');
}
