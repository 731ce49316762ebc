import { z } from 'zod';
import { ZDbIdParams, zPage } from './common.js';

export const KYC_ID_TYPES = ['passport', 'national_id', 'drivers_license', 'voter_id'] as const;
export const ZKycIdType = z.enum(KYC_ID_TYPES);
export type TKycIdType = z.infer<typeof ZKycIdType>;

export const KYC_ID_TYPE_LABELS: Record<TKycIdType, string> = {
  passport: 'Passport',
  national_id: 'Ghana Card',
  drivers_license: "Driver's License",
  voter_id: 'Voter ID',
};

/** Ghana Card numbers look like GHA-123456789-0. */
export const GHANA_CARD_PATTERN = /^GHA-\d{9}-\d$/;

export const KYC_MAX_FILE_BYTES = 5 * 1024 * 1024;
export const KYC_ACCEPTED_TYPES = ['image/jpeg', 'image/png'] as const;

export const KYC_MSG = {
  idTypeRequired: 'ID Type is required.',
  idNumberRequired: 'ID Number is required.',
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

/** Every ID type but a passport (foreigners) needs a Ghana Card number: the card's own, or beside the ID's. */
export function needsGhanaCardNumber(idType: TKycIdType): boolean {
  return idType !== 'passport';
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
    idNumber: z.string().trim().min(1, KYC_MSG.idNumberRequired).max(40, KYC_MSG.idNumberRequired),
    ghanaCardNumber: z.string().trim().max(40, KYC_MSG.ghanaCardFormat).optional(),
    address: z.string().trim().min(1, KYC_MSG.addressRequired).max(200),
    city: z.string().trim().min(1, KYC_MSG.cityRequired).max(100),
    country: z.string().trim().min(1, KYC_MSG.countryRequired).max(100).default('Ghana'),
  })
  .superRefine((value, ctx) => {
    if (value.idType === 'national_id' && !GHANA_CARD_PATTERN.test(value.idNumber.toUpperCase())) {
      ctx.addIssue({ code: 'custom', path: ['idNumber'], message: KYC_MSG.ghanaCardFormat });
    }
    if (value.idType === 'drivers_license' || value.idType === 'voter_id') {
      const number = value.ghanaCardNumber ?? '';
      if (number === '') ctx.addIssue({ code: 'custom', path: ['ghanaCardNumber'], message: KYC_MSG.ghanaCardNumberRequired });
      else if (!GHANA_CARD_PATTERN.test(number.toUpperCase()))
        ctx.addIssue({ code: 'custom', path: ['ghanaCardNumber'], message: KYC_MSG.ghanaCardFormat });
    }
  });
export type TKycFields = z.infer<typeof ZKycFields>;

/** The Ghana Card number a level 1 submission carries (null with a passport), upper case. */
export function ghanaCardNumberOf(fields: Pick<TKycFields, 'idType' | 'idNumber' | 'ghanaCardNumber'>): string | null {
  if (fields.idType === 'national_id') return fields.idNumber.toUpperCase();
  if (fields.idType === 'passport') return null;
  return fields.ghanaCardNumber ? fields.ghanaCardNumber.toUpperCase() : null;
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
      'Level 1 (the default, Tier 1): idType, idNumber, ghanaCardNumber (voter ID, driver licence), address, city, country and the files front, back and selfie. Level 2 (Tier 2): address, city, country, sourceOfFunds (sourceOfFundsDetail with "other") and the file addressProof.',
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
export const ZKycRejectRequest = z.object({ reason: z.string().trim().max(500).optional() }).strict();
export const ZKycDecisionResponse = z.object({ submission: ZKycSubmissionDetail });
