import { useState } from 'react';
import { Link } from '#web/lib/router.js';
import { paths } from '#web/lib/paths.js';
import {
  GHANA_NATIONALITY,
  KYC_MSG,
  NATIONALITY_LABELS,
  SOURCE_OF_FUNDS_LABELS,
  type TKycDocumentSide,
  type TKycSubmissionDetail,
} from '#shared/contracts/kyc.js';
import type { TImageKind } from '#shared/contracts/compliance.js';
import { SameImageNotice } from '#web/components/same-image-notice.js';
import { Button } from '#web/components/ui/button.js';
import { Dialog } from '#web/components/ui/dialog.js';
import { formatDateTime } from '#web/lib/format-date.js';
import { useKycSubmission } from '#web/features/admin/kyc/api/get-kyc-submission.js';
import { kycDocumentUrl } from '#web/features/admin/kyc/api/query-keys.js';
import { formatKycIdType } from '#web/features/admin/kyc/kyc-labels.js';
import { KycSubmissionStatusBadge } from './kyc-submission-status-badge';
import { DetailRow, QueryContent } from '#web/components/ui/query-content.js';

export type TKycDecision = 'approve' | 'reject';

type KycSubmissionDialogProps = {
  id: number;
  onClose: () => void;
  /** Approve or Reject was pressed; the page asks for confirmation. */
  onDecide: (decision: TKycDecision) => void;
};

/**
 * 'KYC Submission #{id}': who, when, the level asked for (docs/decisions/016), the ID details and
 * the documents inline: the ID's sides and the selfie for Tier 1, the proof of address and the
 * source of funds for Tier 2. With a passport, the nationality; and other accounts' submissions
 * with the same ID, when there are any (docs/decisions/016).
 */
export function KycSubmissionDialog({ id, onClose, onDecide }: KycSubmissionDialogProps) {
  const query = useKycSubmission(id);
  const submission = query.data;
  const isPending = submission?.status === 'pending';

  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={`KYC Submission #${id}`}
      size="lg"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
          {isPending && (
            <>
              <Button variant="danger" onClick={() => onDecide('reject')}>
                Reject
              </Button>
              <Button onClick={() => onDecide('approve')}>Approve</Button>
            </>
          )}
        </>
      }
    >
      <QueryContent query={query} loadingText="Loading submission…">
        {(loaded) => <SubmissionDetails submission={loaded} />}
      </QueryContent>
    </Dialog>
  );
}

function SubmissionDetails({ submission }: { submission: TKycSubmissionDetail }) {
  const place = [submission.address, submission.city, submission.country].filter(Boolean).join(', ');
  return (
    <div className="space-y-5">
      <dl className="grid gap-4 sm:grid-cols-2">
        <DetailRow label="User">
          {submission.userFullName}
          <span className="block text-sm text-slate-600">{submission.userEmail}</span>
        </DetailRow>
        <DetailRow label="Submitted">{formatDateTime(submission.submittedAt)}</DetailRow>
        <DetailRow label="Level">
          {submission.level === 2 ? 'Tier 2: proof of address and source of funds' : 'Tier 1: identity and selfie'}
          <span className="block text-sm text-slate-600">The customer is at Tier {submission.userTier} now.</span>
        </DetailRow>
        <DetailRow label="ID Type">{formatKycIdType(submission.idType)}</DetailRow>
        <DetailRow label="ID Number">
          <span className="font-mono">{submission.idNumber}</span>
        </DetailRow>
        {submission.ghanaCardNumber && submission.ghanaCardNumber !== submission.idNumber && (
          <DetailRow label="Ghana Card number">
            <span className="font-mono">{submission.ghanaCardNumber}</span>
          </DetailRow>
        )}
        {submission.nationality && (
          <DetailRow label="Nationality">
            {submission.nationality === GHANA_NATIONALITY ? NATIONALITY_LABELS.ghanaian : submission.nationality}
          </DetailRow>
        )}
        <DetailRow label="Address">{place}</DetailRow>
        {submission.sourceOfFunds && (
          <DetailRow label="Source of funds">
            {SOURCE_OF_FUNDS_LABELS[submission.sourceOfFunds]}
            {submission.sourceOfFundsDetail && (
              <span className="block whitespace-pre-line text-sm text-slate-600">{submission.sourceOfFundsDetail}</span>
            )}
          </DetailRow>
        )}
        <DetailRow label="Status">
          <KycSubmissionStatusBadge status={submission.status} />
          {submission.decidedAt && <span className="ml-2 text-sm text-slate-600">{formatDateTime(submission.decidedAt)}</span>}
        </DetailRow>
        {submission.rejectionReason && (
          <DetailRow label="Rejection reason">
            <span className="whitespace-pre-line">{submission.rejectionReason}</span>
          </DetailRow>
        )}
      </dl>
      {submission.sameIdElsewhere.length > 0 && (
        <section aria-labelledby="kyc-same-id-heading" className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm">
          <h3 id="kyc-same-id-heading" className="font-semibold text-amber-900">
            {KYC_MSG.sameIdElsewhereHeading}
          </h3>
          <p className="text-amber-900">{KYC_MSG.sameIdElsewhereHint}</p>
          <ul className="mt-1 space-y-1 text-amber-900">
            {submission.sameIdElsewhere.map((other) => (
              <li key={other.id} className="break-words">
                <Link to={paths.admin.users.profileHref(other.userId)} className="font-semibold underline">
                  {other.userFullName || other.userEmail}
                </Link>{' '}
                ({other.userEmail}), submission #{other.id}: <KycSubmissionStatusBadge status={other.status} />
              </li>
            ))}
          </ul>
        </section>
      )}
      {submission.level === 2 ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <KycDocument
            id={submission.id}
            side="address"
            label="Proof of address"
            isProvided={submission.hasAddressProof}
            kind="kyc_address_proof"
          />
        </div>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          <KycDocument id={submission.id} side="front" label="Front of ID" isProvided={submission.hasFront} kind="kyc_front" />
          <KycDocument id={submission.id} side="back" label="Back of ID" isProvided={submission.hasBack} kind="kyc_back" />
          <KycDocument id={submission.id} side="selfie" label="Selfie with ID" isProvided={submission.hasSelfie} kind="kyc_selfie" />
        </div>
      )}
    </div>
  );
}

/**
 * A document inline (from the authenticated, audited endpoint) plus a link to open it full size,
 * and beside it any other submission or order with the same image (docs/decisions/031).
 */
function KycDocument({
  id,
  side,
  label,
  isProvided,
  kind,
}: {
  id: number;
  side: TKycDocumentSide;
  label: string;
  isProvided: boolean;
  kind: TImageKind;
}) {
  const [hasFailed, setHasFailed] = useState(false);
  const url = kycDocumentUrl(id, side);
  return (
    <figure className="space-y-2 rounded-lg border border-slate-200 p-3">
      <figcaption className="text-sm font-semibold text-slate-800">{label}</figcaption>
      {!isProvided ? (
        <p className="text-sm text-slate-600">Not Provided</p>
      ) : (
        <>
          {hasFailed ? (
            <p className="text-sm text-red-700">The document could not be loaded.</p>
          ) : (
            <img
              src={url}
              alt={`${label} document`}
              onError={() => setHasFailed(true)}
              className="max-h-72 w-full rounded-md bg-slate-50 object-contain"
            />
          )}
          <a href={url} target="_blank" rel="noopener noreferrer" className="inline-block text-sm font-semibold">
            Open {label} in a new tab
          </a>
          <SameImageNotice source={{ kycSubmissionId: id }} kind={kind} />
        </>
      )}
    </figure>
  );
}
