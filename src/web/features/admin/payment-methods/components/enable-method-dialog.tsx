import { z } from 'zod';
import { ADMIN_MSG } from '#shared/contracts/admin.js';
import { DESTINATION_MSG, ZSecondFactorCode } from '#shared/contracts/destination-changes.js';
import { FormDialog } from '#web/components/form/form-dialog.js';
import { TextField } from '#web/components/form/form.js';
import { showServerError, useZodForm } from '#web/components/form/use-zod-form.js';
import { useToast } from '#web/components/ui/toast.js';
import { useTogglePaymentMethod, type TAdminPaymentMethod } from '#web/features/admin/payment-methods/api/payment-methods.js';
import { formatDateTime } from '#web/lib/format-date.js';

const ZEnableForm = z.object({ code: ZSecondFactorCode });

/**
 * Turning a disabled method back on: buyers would pay into it again, so it waits for a second
 * admin like a new method and is asked with the requester's code (docs/decisions/035).
 */
export function EnableMethodDialog({ method, onClose }: { method: TAdminPaymentMethod; onClose: () => void }) {
  const form = useZodForm<typeof ZEnableForm, { code: string }>(ZEnableForm, { defaultValues: { code: '' } });
  const toggle = useTogglePaymentMethod();
  const toast = useToast();
  return (
    <FormDialog
      title={`Enable ${method.name}`}
      form={form}
      isSaving={toggle.isPending}
      submitLabel="Ask for approval"
      onClose={onClose}
      onSubmit={({ code }) =>
        toggle.mutate(
          { id: method.id, isEnabled: true, code },
          {
            onSuccess: ({ pendingChange }) => {
              toast.success(
                pendingChange?.lapsesAt
                  ? DESTINATION_MSG.requestedAlone(formatDateTime(pendingChange.lapsesAt))
                  : DESTINATION_MSG.requested,
              );
              onClose();
            },
            onError: (error) => showServerError(form, error, { fallback: ADMIN_MSG.genericError }),
          },
        )
      }
    >
      <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" role="note">
        {DESTINATION_MSG.enableNotice(method.name)}
      </p>
      <TextField
        label="Authentication code"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={40}
        required
        hint="The 6-digit code from your authenticator app, or a backup code."
        disabled={toggle.isPending}
      />
    </FormDialog>
  );
}
