import { useState } from 'react';
import { Alert } from '#web/components/ui/alert.js';
import { Button } from '#web/components/ui/button.js';
import { Dialog } from '#web/components/ui/dialog.js';
import { Textarea } from '#web/components/ui/textarea.js';
import { useToast } from '#web/components/ui/toast.js';
import { ApiError, getErrorMessage } from '#web/lib/api.js';
import { useApproveKycSubmission } from '#web/features/admin/kyc/api/approve-kyc-submission.js';
import { useRejectKycSubmission } from '#web/features/admin/kyc/api/reject-kyc-submission.js';
import type { TKycDecision } from './kyc-submission-dialog';

const TEXT: Record<TKycDecision, { title: string; question: string; confirm: string; done: string }> = {
  approve: {
    title: 'Approve submission',
    question: 'Are you sure you want to approve this submission?',
    confirm: 'Approve',
    done: 'Submission approved. The customer is now verified.',
  },
  reject: {
    title: 'Reject submission',
    question: 'Are you sure you want to reject this submission?',
    confirm: 'Reject',
    done: 'Submission rejected.',
  },
};

const REASON_MAX_LENGTH = 500;

type ConfirmKycDecisionDialogProps = {
  id: number;
  decision: TKycDecision;
  /** Back to the submission: after Cancel, after the decision, or after a 409 (decided elsewhere). */
  onDone: () => void;
};

/**
 * The confirmation of an approve or reject (an accessible dialog, not window.confirm), with an
 * optional reason on reject that the customer sees. A 409 means another staff member decided
 * first: its message is shown and the refreshed submission tells the outcome.
 */
export function ConfirmKycDecisionDialog({ id, decision, onDone }: ConfirmKycDecisionDialogProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const approve = useApproveKycSubmission();
  const reject = useRejectKycSubmission();
  const toast = useToast();
  const text = TEXT[decision];
  const isSaving = approve.isPending || reject.isPending;

  const onError = (failure: unknown) => {
    const message = getErrorMessage(failure);
    toast.error(message);
    if (failure instanceof ApiError && failure.code === 'KYC_ALREADY_DECIDED') {
      onDone();
      return;
    }
    setError(message);
  };
  const onSuccess = () => {
    toast.success(text.done);
    onDone();
  };

  const onConfirm = () => {
    setError(null);
    if (decision === 'approve') approve.mutate(id, { onSuccess, onError });
    else reject.mutate({ id, reason }, { onSuccess, onError });
  };

  return (
    <Dialog
      isOpen
      onClose={() => {
        if (!isSaving) onDone();
      }}
      title={text.title}
      description={text.question}
      size="sm"
      footer={
        <>
          <Button variant="outline" onClick={onDone} disabled={isSaving}>
            Cancel
          </Button>
          <Button variant={decision === 'reject' ? 'danger' : 'primary'} onClick={onConfirm} isLoading={isSaving}>
            {text.confirm}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <p className="text-sm text-slate-700">KYC Submission #{id}</p>
        {error && <Alert variant="error">{error}</Alert>}
        {decision === 'reject' && (
          <Textarea
            label="Reason"
            name="reason"
            rows={3}
            maxLength={REASON_MAX_LENGTH}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            hint="Optional. The customer sees it on their verification page."
            disabled={isSaving}
          />
        )}
      </div>
    </Dialog>
  );
}
