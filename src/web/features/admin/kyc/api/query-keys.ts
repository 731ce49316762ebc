import type { TKycDocumentSide } from '#shared/contracts/kyc.js';
import type { TKycListFilter } from './list-kyc-submissions';

/**
 * Query keys of the KYC back-office. Staff data about other people is kept in memory only,
 * never persisted to storage (decisions/013 D10); everything goes with the query cache at logout.
 */
export const kycSubmissionKeys = {
  all: ['admin', 'kyc-submissions'] as const,
  list: (filter: TKycListFilter) => ['admin', 'kyc-submissions', 'list', filter] as const,
  detail: (id: number) => ['admin', 'kyc-submissions', 'detail', id] as const,
};

/** The document endpoint, used directly as <img src> and link (same-origin cookie; audited). */
export function kycDocumentUrl(id: number, side: TKycDocumentSide): string {
  return `/api/admin/kyc-submissions/${id}/documents/${side}`;
}
