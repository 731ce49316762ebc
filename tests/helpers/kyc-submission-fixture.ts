import type { TKycSubmissionDetail } from '#shared/contracts/kyc.js';

/** A Ghana Card submission under review, as the KYC review reads it (GET /api/admin/kyc-submissions/:id). */
const SUBMISSION: TKycSubmissionDetail = {
  id: 42,
  userId: 'user-1',
  userFullName: 'Ama Owusu',
  userEmail: 'ama@example.com',
  idType: 'national_id',
  submittedAt: '2025-01-10T09:00:00.000Z',
  status: 'pending',
  idNumber: 'GHA-123456789-0',
  address: '12 Oxford Street',
  city: 'Accra',
  country: 'Ghana',
  hasFront: true,
  hasBack: true,
  level: 1,
  ghanaCardNumber: 'GHA-123456789-0',
  nationality: null,
  sameIdElsewhere: [],
  hasSelfie: true,
  hasAddressProof: false,
  sourceOfFunds: null,
  sourceOfFundsDetail: null,
  userTier: 0,
  rejectionReason: null,
  decidedAt: null,
};

/** A KYC submission for the back-office's web tests: a Ghana Card one under review, with `overrides` applied. */
export function buildKycSubmission(overrides: Partial<TKycSubmissionDetail> = {}): TKycSubmissionDetail {
  return { ...SUBMISSION, ...overrides };
}
