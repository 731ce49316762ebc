import { z } from 'zod';
import { DESTINATION_MSG, ZSecondFactorCode, type TDestinationChange } from '#shared/contracts/destination-changes.js';
import { FormDialog } from '#web/components/form/form-dialog.js';
import { TextField } from '#web/components/form/form.js';
import { showServerError, useZodForm } from '#web/components/form/use-zod-form.js';
import { useToast } from '#web/components/ui/toast.js';
import { useApproveDestinationChange } from '#web/features/admin/destination-changes/api/destination-changes.js';
import { describeDestination } from '#web/features/admin/destination-changes/lib/describe-change.js';

const ZApproveForm = z.object({ code: ZSecondFactorCode });

/** Approving a change of where money goes: before and after shown again, confirmed with the approver's own code. */
export function ApproveChangeDialog({ change, onClose }: { change: TDestinationChange; onClose: () => void }) {
  const form = useZodForm<typeof ZApproveForm, { code: string }>(ZApproveForm, { defaultValues: { code: '' } });
  const approve = useApproveDestinationChange();
  const toast = useToast();
  return (
    <FormDialog
      title={`Approve the change of ${change.targetLabel}`}
      form={form}
      isSaving={approve.isPending}
      submitLabel="Approve change"
      onClose={onClose}
      onSubmit={({ code }) =>
        approve.mutate(
          { id: change.id, code },
          {
            onSuccess: () => {
              toast.success(DESTINATION_MSG.approved);
              onClose();
            },
            onError: (error) => showServerError(form, error, { fallback: DESTINATION_MSG.alreadyDecided }),
          },
        )
      }
    >
      <p className="text-sm text-slate-700">
        Asked by {change.requestedBy.name}. Check the new details with them by another channel before you approve: buyers pay, and sellers
        send, to them at once.
      </p>
      <dl className="grid gap-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="font-medium">Now</dt>
          {describeDestination(change.kind, change.before).map((line) => (
            <dd key={line} className="break-all">
              {line}
            </dd>
          ))}
        </div>
        <div>
          <dt className="font-medium">After approval</dt>
          {describeDestination(change.kind, change.after).map((line) => (
            <dd key={line} className="break-all">
              {line}
            </dd>
          ))}
        </div>
      </dl>
      <TextField
        label="Authentication code"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={40}
        required
        hint="The 6-digit code from your authenticator app, or a backup code."
        disabled={approve.isPending}
      />
    </FormDialog>
  );
}
