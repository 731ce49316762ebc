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
} as const;

/**
 * The text fields of a submission; the two documents travel as multipart files front and back.
 * Strict like every other body: an unknown form field (kycStatus, userId...) is refused.
 */
export const ZKycFields = z
  .strictObject({
    idType: z.enum(KYC_ID_TYPES, { message: KYC_MSG.idTypeRequired }),
    idNumber: z.string().trim().min(1, KYC_MSG.idNumberRequired).max(40, KYC_MSG.idNumberRequired),
    address: z.string().trim().min(1, KYC_MSG.addressRequired).max(200),
    city: z.string().trim().min(1, KYC_MSG.cityRequired).max(100),
    country: z.string().trim().min(1, KYC_MSG.countryRequired).max(100).default('Ghana'),
  })
  .superRefine((value, ctx) => {
    if (value.idType === 'national_id' && !GHANA_CARD_PATTERN.test(value.idNumber.toUpperCase())) {
      ctx.addIssue({ code: 'custom', path: ['idNumber'], message: KYC_MSG.ghanaCardFormat });
    }
  });
export type TKycFields = z.infer<typeof ZKycFields>;

/**
 * The whole multipart form of POST /api/kyc as the API documents it (its handler reads the
 * parts itself): the text fields above and the two images, front and back.
 */
const ZDocumentFile = z.string().meta({ format: 'binary', description: 'A JPEG or PNG image under 5 MB.' });
export const ZKycUploadForm = z.strictObject({ ...ZKycFields.shape, front: ZDocumentFile, back: ZDocumentFile });

export const KYC_SUBMISSION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const ZKycSubmissionStatus = z.enum(KYC_SUBMISSION_STATUSES);

export const ZMyKyc = z.object({
  submission: z
    .object({
      id: z.number(),
      status: ZKycSubmissionStatus,
      submittedAt: z.string(),
      rejectionReason: z.string().nullable(),
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
  rejectionReason: z.string().nullable(),
  decidedAt: z.string().nullable(),
});
export type TKycSubmissionDetail = z.infer<typeof ZKycSubmissionDetail>;

export const ZKycIdParams = ZDbIdParams;
export const ZKycDocumentParams = ZKycIdParams.extend({ side: z.enum(['front', 'back']) }).strict();
export const ZKycRejectRequest = z.object({ reason: z.string().trim().max(500).optional() }).strict();
export const ZKycDecisionResponse = z.object({ submission: ZKycSubmissionDetail });
