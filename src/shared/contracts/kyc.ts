import { z } from 'zod';
import { ZDbIdParams, zPage } from './common.js';
import { KYC_ID_TYPES, type TKycIdType } from '#shared/kyc-id-types.js';
import { toLatinKey } from '#shared/transaction-id.js';

export { KYC_ACCEPTED_IDS, KYC_ACCEPTED_IDS_TEXT, KYC_ID_TYPE_LABELS, KYC_ID_TYPES, type TKycIdType } from '#shared/kyc-id-types.js';
export const ZKycIdType = z.enum(KYC_ID_TYPES);

/**
 * The nationality question asked with a passport (docs/decisions/016): the BoG made the Ghana
 * Card the only ID for financial transactions, so a Ghanaian's passport needs the card's number
 * beside it; a foreign national names the country.
 */
export const NATIONALITIES = ['ghanaian', 'other'] as const;
export type TNationality = (typeof NATIONALITIES)[number];
export const NATIONALITY_LABELS: Record<TNationality, string> = { ghanaian: 'Ghanaian', other: 'Another country' };
/** What a submission stores as a Ghanaian's nationality (other nationalities: the country as typed). */
export const GHANA_NATIONALITY = 'Ghana';

/** Ghana Card numbers look like GHA-123456789-0. */
export const GHANA_CARD_PATTERN = /^GHA-\d{9}-\d$/;

export const KYC_MAX_FILE_BYTES = 5 * 1024 * 1024;
export const KYC_ACCEPTED_TYPES = ['image/jpeg', 'image/png'] as const;

export const KYC_MSG = {
  /** Issue 27 point 5: a rejection always tells the customer why. */
  rejectReasonRequired: 'Write the reason the customer will see.',
  rejectReasonTooLong: 'A reason is at most 500 characters.',
  idTypeRequired: 'ID Type is required.',
  idNumberRequired: 'ID Number is required.',
  /** An ID number whose key is not Latin letters and digits (idNumberKey): a Cyrillic or Greek look-alike, an accent, a symbol. */
  idNumberLatin: 'Enter the ID number using only letters A–Z and digits, as printed on the document.',
  ghanaCardFormat: 'Enter the Ghana Card number as GHA-XXXXXXXXX-X.',
  addressRequired: 'Address is required.',
  cityRequired: 'City is required.',
  countryRequired: 'Country is required.',
  documentRequired: 'This document is required.',
  mustBeImage: 'Must be JPEG or PNG.',
  fileTooLarge: 'File size must be under 5MB.',
  bothDocumentsRequired: 'Both front and back ID documents are required.',
  uploadFailed: (file: string) => `Failed to upload ${file}.`,
  generic: 'An error occurred. Please try again.',
  alreadyPending: 'Your documents are already under review. Review takes 24-48 hours.',
  alreadyVerified: 'Your identity is already verified.',
  alreadyDecided: 'This submission has already been reviewed.',
  submissionNotFound: 'KYC submission not found.',
  // Verification tiers (docs/decisions/016)
  phoneNotVerified: 'Verify your phone number first (step 1), then submit your identity documents.',
  ghanaCardNumberRequired: 'Enter your Ghana Card number (GHA-XXXXXXXXX-X): it is needed with this ID type.',
  selfieRequired: 'Add a selfie of you holding your ID card.',
  addressProofRequired: 'Add a proof of address: a utility bill or bank statement of the last 3 months.',
  sourceOfFundsRequired: 'Choose where the money you trade with comes from.',
  sourceOfFundsDetailRequired: 'Tell us in a few words where the money comes from.',
  tier2NeedsTier1: 'Verify your phone and identity (Tier 1) before asking for Tier 2.',
  tier2PhoneNotVerified: 'Verify your phone number first (step 1), then send your proof of address and source of funds.',
  nationalityRequired: 'Choose your nationality.',
  nationalityCountryRequired: 'Name the country of your nationality.',
  nationalityCountryIsGhana: 'If you are Ghanaian, choose Ghanaian: a Ghanaian passport needs your Ghana Card number beside it.',
  ghanaCardWithPassportRequired: 'Enter your Ghana Card number (GHA-XXXXXXXXX-X): Ghanaians need it beside a passport.',
  /** The same ID on another account's submission under review or approved (docs/decisions/016); which account is not said. */
  idTaken: 'This ID is already registered on another account. If it is yours, contact support.',
  /** The KYC review's list of other accounts with the same ID number or Ghana Card number (as compared: idNumberKey). */
  sameIdElsewhereHeading: 'Same ID number on other accounts',
  sameIdElsewhereHint:
    'Submissions of other accounts with this ID, whatever their status (rejected and older ones included). Open an account to compare.',
  alreadyTier2: 'Your account is already at Tier 2.',
} as const;

/** Submission levels: 1 asks for Tier 1 (identity and selfie), 2 for Tier 2 (address and source of funds). */
export const KYC_LEVELS = [1, 2] as const;

/** Where the money a Tier 2 customer trades with comes from. */
export const SOURCES_OF_FUNDS = ['salary', 'business_income', 'savings', 'investments', 'gifts_inheritance', 'other'] as const;
export type TSourceOfFunds = (typeof SOURCES_OF_FUNDS)[number];
export const SOURCE_OF_FUNDS_LABELS: Record<TSourceOfFunds, string> = {
  salary: 'Salary',
  business_income: 'Business income',
  savings: 'Savings',
  investments: 'Investments',
  gifts_inheritance: 'Gifts or inheritance',
  other: 'Other',
};

/**
 * Every ID type but a foreign national's passport needs a Ghana Card number: the card's own, or
 * beside the ID's (a Ghanaian's passport included).
 */
export function needsGhanaCardNumber(idType: TKycIdType, nationality?: TNationality | '' | null): boolean {
  return idType !== 'passport' || nationality === 'ghanaian';
}

/** 'Ghana', 'ghanaian', 'GHANA ' (someone Ghanaian who chose "another country"). */
function namesGhana(country: string): boolean {
  return /^ghana(ian)?$/i.test(country.trim());
}

/**
 * The text fields of a Tier 1 (level 1) submission; the documents travel as multipart files
 * front, back and selfie (a selfie holding the card). Strict like every other body: an unknown
 * form field (kycStatus, userId...) is refused. The Ghana Card (GHA-XXXXXXXXX-X) is the ID of
 * citizens, a passport that of foreigners; a voter ID or driver's licence needs the Ghana Card
 * number beside it (docs/decisions/016).
 */
export const ZKycFields = z
  .strictObject({
    level: z.literal('1').optional(),
    idType: z.enum(KYC_ID_TYPES, { message: KYC_MSG.idTypeRequired }),
    idNumber: z
      .string()
      .trim()
      .min(1, KYC_MSG.idNumberRequired)
      .max(40, KYC_MSG.idNumberRequired)
      .refine((value) => idNumberKey(value) !== null, KYC_MSG.idNumberLatin),
    ghanaCardNumber: z.string().trim().max(40, KYC_MSG.ghanaCardFormat).optional(),
    /** Asked with a passport only: Ghanaian, or another country named in nationalityCountry ('': not answered). */
    nationality: z.enum(['', ...NATIONALITIES], { message: KYC_MSG.nationalityRequired }).optional(),
    nationalityCountry: z.string().trim().max(100, KYC_MSG.nationalityCountryRequired).optional(),
    address: z.string().trim().min(1, KYC_MSG.addressRequired).max(200),
    city: z.string().trim().min(1, KYC_MSG.cityRequired).max(100),
    country: z.string().trim().min(1, KYC_MSG.countryRequired).max(100).default('Ghana'),
  })
  .superRefine((value, ctx) => {
    if (value.idType === 'national_id' && !GHANA_CARD_PATTERN.test(value.idNumber.toUpperCase())) {
      ctx.addIssue({ code: 'custom', path: ['idNumber'], message: KYC_MSG.ghanaCardFormat });
    }
    if (value.idType === 'passport') {
      if (!value.nationality) ctx.addIssue({ code: 'custom', path: ['nationality'], message: KYC_MSG.nationalityRequired });
      else if (value.nationality === 'other') {
        const country = value.nationalityCountry ?? '';
        if (country === '') ctx.addIssue({ code: 'custom', path: ['nationalityCountry'], message: KYC_MSG.nationalityCountryRequired });
        else if (namesGhana(country))
          ctx.addIssue({ code: 'custom', path: ['nationalityCountry'], message: KYC_MSG.nationalityCountryIsGhana });
      }
    }
    if (value.idType !== 'national_id' && needsGhanaCardNumber(value.idType, value.nationality)) {
      const number = value.ghanaCardNumber ?? '';
      const required = value.idType === 'passport' ? KYC_MSG.ghanaCardWithPassportRequired : KYC_MSG.ghanaCardNumberRequired;
      if (number === '') ctx.addIssue({ code: 'custom', path: ['ghanaCardNumber'], message: required });
      else if (!GHANA_CARD_PATTERN.test(number.toUpperCase()))
        ctx.addIssue({ code: 'custom', path: ['ghanaCardNumber'], message: KYC_MSG.ghanaCardFormat });
    }
  });
export type TKycFields = z.infer<typeof ZKycFields>;

/** The Ghana Card number a level 1 submission carries (null with a foreign national's passport), upper case. */
export function ghanaCardNumberOf(fields: Pick<TKycFields, 'idType' | 'idNumber' | 'ghanaCardNumber' | 'nationality'>): string | null {
  if (fields.idType === 'national_id') return fields.idNumber.toUpperCase();
  if (!needsGhanaCardNumber(fields.idType, fields.nationality)) return null;
  return fields.ghanaCardNumber ? fields.ghanaCardNumber.toUpperCase() : null;
}

/** The nationality a level 1 submission stores: with a passport, 'Ghana' or the country named; null with other IDs. */
export function nationalityOf(fields: Pick<TKycFields, 'idType' | 'nationality' | 'nationalityCountry'>): string | null {
  if (fields.idType !== 'passport' || !fields.nationality) return null;
  return fields.nationality === 'ghanaian' ? GHANA_NATIONALITY : fields.nationalityCountry?.trim() || null;
}

/**
 * An ID number as it is compared across accounts (docs/decisions/016, normalised like payment
 * transaction ids: docs/decisions/009): Unicode NFKC (full-width digits and letters become plain
 * ones), separators, spaces, punctuation and invisible characters removed, upper case, so
 * 'g 123-4567', 'G1234567' and 'Ｇ１２３４５６７' are one passport. Null when what remains is not
 * Latin letters and digits only (a Cyrillic 'О' for an 'O'...): such a number is refused, never
 * keyed. Stored in kyc_submissions.id_number_key at insert (migration 0014 computed the same in SQL
 * for older rows), so the duplicate check compares one column.
 */
export function idNumberKey(idNumber: string): string | null {
  return toLatinKey(idNumber)?.toUpperCase() ?? null;
}

/**
 * The text fields of a Tier 2 (level 2) submission: the address the proof shows (multipart file
 * addressProof) and where the money comes from (a detail is required with "other").
 */
export const ZKycLevel2Fields = z
  .strictObject({
    level: z.literal('2'),
    address: z.string().trim().min(1, KYC_MSG.addressRequired).max(200),
    city: z.string().trim().min(1, KYC_MSG.cityRequired).max(100),
    country: z.string().trim().min(1, KYC_MSG.countryRequired).max(100).default('Ghana'),
    sourceOfFunds: z.enum(SOURCES_OF_FUNDS, { message: KYC_MSG.sourceOfFundsRequired }),
    sourceOfFundsDetail: z.string().trim().max(500).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.sourceOfFunds === 'other' && !value.sourceOfFundsDetail) {
      ctx.addIssue({ code: 'custom', path: ['sourceOfFundsDetail'], message: KYC_MSG.sourceOfFundsDetailRequired });
    }
  });
export type TKycLevel2Fields = z.infer<typeof ZKycLevel2Fields>;

/**
 * The whole multipart form of POST /api/kyc as the API documents it (its handler reads the
 * parts itself): the text fields above and the images of the submission's level.
 */
const ZDocumentFile = z.string().meta({ format: 'binary', description: 'A JPEG or PNG image under 5 MB.' });
export const ZKycUploadForm = z
  .strictObject({
    ...ZKycFields.shape,
    level: z.enum(['1', '2']).optional(),
    front: ZDocumentFile.optional(),
    back: ZDocumentFile.optional(),
    selfie: ZDocumentFile.optional(),
    sourceOfFunds: ZKycLevel2Fields.shape.sourceOfFunds.optional(),
    sourceOfFundsDetail: ZKycLevel2Fields.shape.sourceOfFundsDetail,
    addressProof: ZDocumentFile.optional(),
  })
  .meta({
    description:
      'Level 1 (the default, Tier 1): idType, idNumber, ghanaCardNumber (voter ID, driver licence, a Ghanaian passport), nationality and nationalityCountry (passport), address, city, country and the files front, back and selfie. Level 2 (Tier 2): address, city, country, sourceOfFunds (sourceOfFundsDetail with "other") and the file addressProof.',
  });

export const KYC_SUBMISSION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const ZKycSubmissionStatus = z.enum(KYC_SUBMISSION_STATUSES);

export const ZMyKyc = z.object({
  submission: z
    .object({
      id: z.number(),
      status: ZKycSubmissionStatus,
      submittedAt: z.string(),
      rejectionReason: z.string().nullable(),
      /** The tier it asks for (docs/decisions/016). */
      level: z.number(),
    })
    .nullable(),
});

export const ZKycSubmissionListItem = z.object({
  id: z.number(),
  userId: z.string(),
  userFullName: z.string(),
  userEmail: z.string(),
  idType: ZKycIdType,
  submittedAt: z.string(),
  status: ZKycSubmissionStatus,
  /** The tier it asks for: 1 identity and selfie, 2 address and source of funds. */
  level: z.number(),
});
export const ZKycSubmissionList = z.object({
  submissions: z.array(ZKycSubmissionListItem),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export const ZKycListQuery = z
  .object({
    status: z.enum(['all', 'pending', 'approved', 'rejected']).default('all'),
    page: zPage(100_000),
  })
  .strict();

export const ZKycSubmissionDetail = ZKycSubmissionListItem.extend({
  idNumber: z.string(),
  address: z.string(),
  city: z.string(),
  country: z.string(),
  hasFront: z.boolean(),
  hasBack: z.boolean(),
  ghanaCardNumber: z.string().nullable(),
  /** With a passport: 'Ghana' or the country named (docs/decisions/016); null with other IDs and before it was asked. */
  nationality: z.string().nullable(),
  /**
   * Other accounts' submissions with the same ID number or Ghana Card number, any status (a
   * duplicate is refused at submission, so these are older ones, or rejected ones).
   */
  sameIdElsewhere: z.array(
    z.object({ id: z.number(), userId: z.string(), userFullName: z.string(), userEmail: z.string(), status: ZKycSubmissionStatus }),
  ),
  hasSelfie: z.boolean(),
  hasAddressProof: z.boolean(),
  sourceOfFunds: z.enum(SOURCES_OF_FUNDS).nullable(),
  sourceOfFundsDetail: z.string().nullable(),
  /** The customer's tier now (what an approval changes). */
  userTier: z.number(),
  rejectionReason: z.string().nullable(),
  decidedAt: z.string().nullable(),
});
export type TKycSubmissionDetail = z.infer<typeof ZKycSubmissionDetail>;

export const ZKycIdParams = ZDbIdParams;
/** The documents of a submission: the ID's sides, the selfie (Tier 1) and the proof of address (Tier 2). */
export const KYC_DOCUMENT_SIDES = ['front', 'back', 'selfie', 'address'] as const;
export type TKycDocumentSide = (typeof KYC_DOCUMENT_SIDES)[number];
export const ZKycDocumentParams = ZKycIdParams.extend({ side: z.enum(KYC_DOCUMENT_SIDES) }).strict();
/** Rejecting needs the reason the customer is told (issue 27 point 5: required, audited). */
export const ZKycRejectRequest = z
  .object({
    reason: z
      .string({ error: KYC_MSG.rejectReasonRequired })
      .trim()
      .min(1, KYC_MSG.rejectReasonRequired)
      .max(500, KYC_MSG.rejectReasonTooLong),
  })
  .strict();
export const ZKycDecisionResponse = z.object({ submission: ZKycSubmissionDetail });
