import { useId } from 'react';
import { z } from 'zod';
import { KYC_MSG, ZKycRejectRequest, type TKycSubmissionDetail } from '#shared/contracts/kyc.js';
import { Form, FormAlert, TextareaField } from '#web/components/form/form.js';
import { showServerError, useZodForm } from '#web/components/form/use-zod-form.js';
import { Button } from '#web/components/ui/button.js';
import { Dialog } from '#web/components/ui/dialog.js';
import { useToast } from '#web/components/ui/toast.js';
import { ApiError } from '#web/lib/api.js';
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

/**
 * The toast after the decision, from the decided submission: approving a Tier 2 request raises a
 * customer who is already verified (docs/decisions/016), so it names the tier instead.
 */
function doneText(decision: TKycDecision, submission: TKycSubmissionDetail): string {
  if (decision === 'approve' && submission.level === 2) return 'Submission approved. The customer is now at Tier 2.';
  return TEXT[decision].done;
}

/** Approve sends no body: its form has the reason field's value only to share the reject form's shape. */
const ZKycApproveForm = z.object({ reason: z.string().optional() });

type ConfirmKycDecisionDialogProps = {
  id: number;
  decision: TKycDecision;
  /** Back to the submission: after Cancel, after the decision, or after a 409 (decided elsewhere). */
  onDone: () => void;
};

/**
 * The confirmation of an approve or reject (an accessible dialog, not window.confirm). Its form
 * is the reject body of the API (`ZKycRejectRequest`): on reject the required reason the customer
 * sees (issue 27 point 5); approve sends no body, so its form has no field. A failure shows once, in the dialog
 * (the server's field message on the reason, anything else in `FormAlert`); a 409 means another
 * staff member decided first: the dialog closes with the product's message as a toast, and the
 * re-read submission tells the outcome.
 */
export function ConfirmKycDecisionDialog({ id, decision, onDone }: ConfirmKycDecisionDialogProps) {
  const formId = useId();
  const form = useZodForm(decision === 'reject' ? ZKycRejectRequest : ZKycApproveForm, { defaultValues: { reason: '' } });
  const approve = useApproveKycSubmission();
  const reject = useRejectKycSubmission();
  const toast = useToast();
  const text = TEXT[decision];
  const isSaving = approve.isPending || reject.isPending;

  const handlers = {
    onSuccess: ({ submission }: { submission: TKycSubmissionDetail }) => {
      toast.success(doneText(decision, submission));
      onDone();
    },
    onError: (failure: unknown) => {
      if (failure instanceof ApiError && failure.code === 'KYC_ALREADY_DECIDED') {
        toast.error(KYC_MSG.alreadyDecided);
        onDone();
        return;
      }
      showServerError(form, failure);
    },
  };

  const onSubmit = ({ reason }: { reason?: string | undefined }) => {
    if (isSaving) return;
    if (decision === 'approve') approve.mutate(id, handlers);
    else reject.mutate({ id, reason: reason ?? '' }, handlers);
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
          <Button type="submit" form={formId} variant={decision === 'reject' ? 'danger' : 'primary'} isLoading={isSaving}>
            {text.confirm}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <p className="text-sm text-slate-700">KYC Submission #{id}</p>
        <Form form={form} id={formId} className="space-y-4" onSubmit={onSubmit}>
          {decision === 'reject' && (
            <TextareaField
              label="Reason"
              name="reason"
              rows={3}
              maxLength={500}
              hint="The customer sees it on their verification page."
              disabled={isSaving}
            />
          )}
          <FormAlert />
        </Form>
      </div>
    </Dialog>
  );
}
