import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { ADMIN_MSG, PAYMENT_DETAILS_SHAPES, ZPaymentMethodName } from '#shared/contracts/admin.js';
import { MOMO_PROVIDERS } from '#shared/contracts/orders.js';
import { SelectField, TextField } from '#web/components/form/form.js';
import { showServerError, useZodForm } from '#web/components/form/use-zod-form.js';
import { toOptions } from '#web/components/ui/select.js';
import { useToast } from '#web/components/ui/toast.js';
import { useSavePaymentMethod, type TAdminPaymentMethod } from '#web/features/admin/payment-methods/api/payment-methods.js';
import { FormDialog } from '#web/components/form/form-dialog.js';
import { DESTINATION_MSG } from '#shared/contracts/destination-changes.js';
import { formatDateTime } from '#web/lib/format-date.js';

type TMethodType = 'momo' | 'bank';

/** Both kinds' fields at once, so switching the type back keeps what was typed; named as the API names them. */
type TFormValues = {
  name: string;
  /** The second factor: asked when the account changes (issue 27 point 3, docs/decisions/030). */
  code: string;
  details: { type: TMethodType; provider: string; name: string; number: string; bankName: string; accountNumber: string };
};

const ZPaymentMethodForm = z.object({
  name: ZPaymentMethodName,
  code: z.string().trim().max(40),
  details: z.discriminatedUnion('type', [z.object(PAYMENT_DETAILS_SHAPES.momo), z.object(PAYMENT_DETAILS_SHAPES.bank)]),
});

const TYPE_LABELS: Record<TMethodType, string> = { momo: 'Mobile Money', bank: 'Bank Account' };

function initialValues(method: TAdminPaymentMethod | null): TFormValues {
  const details = method?.details;
  return {
    name: method?.name ?? '',
    code: '',
    details: {
      type: details?.type ?? 'momo',
      provider: details?.type === 'momo' ? details.provider : MOMO_PROVIDERS[0],
      name: details?.name ?? '',
      number: details?.type === 'momo' ? details.number : '',
      bankName: details?.type === 'bank' ? details.bankName : '',
      accountNumber: details?.type === 'bank' ? details.accountNumber : '',
    },
  };
}

type PaymentMethodFormDialogProps = {
  /** The method being edited, or null to add a new one. */
  method: TAdminPaymentMethod | null;
  onClose: () => void;
};

/** Add or edit a payment method (docs/product.md §5): display name, type, holder name and the type's fields. */
export function PaymentMethodFormDialog({ method, onClose }: PaymentMethodFormDialogProps) {
  const form = useZodForm<typeof ZPaymentMethodForm, TFormValues>(ZPaymentMethodForm, { defaultValues: initialValues(method) });
  const type = useWatch({ control: form.control, name: 'details.type' });
  const save = useSavePaymentMethod();
  const toast = useToast();
  const isEdit = method !== null;
  const isSaving = save.isPending;

  return (
    <FormDialog
      title={isEdit ? 'Edit Payment Method' : 'Add Payment Method'}
      form={form}
      isSaving={isSaving}
      submitLabel={isEdit ? 'Save Changes' : 'Add Method'}
      onClose={onClose}
      onSubmit={({ code, ...input }) =>
        save.mutate(
          { id: method?.id ?? null, input, ...(code ? { code } : {}) },
          {
            onSuccess: ({ pendingChange }) => {
              if (pendingChange) {
                toast.success(
                  pendingChange.lapsesAt
                    ? DESTINATION_MSG.requestedAlone(formatDateTime(pendingChange.lapsesAt))
                    : DESTINATION_MSG.requested,
                );
              } else {
                toast.success(isEdit ? ADMIN_MSG.methodUpdated : ADMIN_MSG.methodAdded);
              }
              onClose();
            },
            onError: (error) => showServerError(form, error, { fallback: ADMIN_MSG.genericError }),
          },
        )
      }
    >
      <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" role="note">
        {isEdit ? DESTINATION_MSG.formNotice : DESTINATION_MSG.newMethodNotice}
      </p>
      <TextField label="Display name" name="name" maxLength={100} required disabled={isSaving} />
      <SelectField
        label="Type"
        name="details.type"
        options={toOptions(['momo', 'bank'] as const, TYPE_LABELS)}
        disabled={isSaving}
        // The other kind's messages are not about what is now on screen.
        registerOptions={{ onChange: () => form.clearErrors('details') }}
      />
      {type === 'momo' && <SelectField label="Provider" name="details.provider" options={toOptions(MOMO_PROVIDERS)} disabled={isSaving} />}
      <TextField label="Account holder name" name="details.name" maxLength={100} required autoComplete="off" disabled={isSaving} />
      {type === 'momo' ? (
        <TextField
          label="Mobile number"
          name="details.number"
          type="tel"
          inputMode="tel"
          maxLength={20}
          required
          autoComplete="off"
          placeholder="024 123 4567"
          disabled={isSaving}
        />
      ) : (
        <>
          <TextField label="Bank name" name="details.bankName" maxLength={100} required disabled={isSaving} />
          <TextField
            label="Account number"
            name="details.accountNumber"
            maxLength={40}
            required
            autoComplete="off"
            inputMode="numeric"
            disabled={isSaving}
          />
        </>
      )}
      <TextField
        label="Authentication code"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={40}
        required={!isEdit}
        hint={
          isEdit
            ? 'Needed when the account changes: the 6-digit code from your authenticator app.'
            : 'The 6-digit code from your authenticator app.'
        }
        disabled={isSaving}
      />
    </FormDialog>
  );
}
