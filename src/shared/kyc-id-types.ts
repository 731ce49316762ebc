/*
 * The identity documents of a KYC submission, and which of them a person verifies with
 * (docs/product.md §4, docs/decisions/016). No zod here: the landing page names the accepted IDs
 * and stays light (src/shared/contracts/kyc.ts builds its schemas on these).
 */

/** The ID types the KYC form offers (docs/product.md §5). */
export const KYC_ID_TYPES = ['passport', 'national_id', 'drivers_license', 'voter_id'] as const;
export type TKycIdType = (typeof KYC_ID_TYPES)[number];

export const KYC_ID_TYPE_LABELS: Record<TKycIdType, string> = {
  passport: 'Passport',
  national_id: 'Ghana Card',
  drivers_license: "Driver's License",
  voter_id: 'Voter ID',
};

/**
 * The IDs a person verifies with, by who they are (docs/decisions/016): the Ghana Card for
 * Ghanaians (the BoG's ID for financial services), a passport for foreign nationals. A voter ID
 * or a driver's licence is accepted only with the Ghana Card number beside it, so it is not one
 * of them. The one list every page that names the accepted IDs says (issue 26 point 16: the
 * landing page and the KYC form disagreed).
 */
export const KYC_ACCEPTED_IDS: readonly { idType: TKycIdType; name: string; holders: string }[] = [
  { idType: 'national_id', name: KYC_ID_TYPE_LABELS.national_id, holders: 'Ghanaians' },
  { idType: 'passport', name: 'passport', holders: 'Foreign nationals' },
];

/** 'Ghanaians: your Ghana Card. Foreign nationals: your passport.' */
export const KYC_ACCEPTED_IDS_TEXT = KYC_ACCEPTED_IDS.map(({ name, holders }) => `${holders}: your ${name}.`).join(' ');
