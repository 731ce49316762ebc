import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { ADMIN_MSG, ZPaymentMethodInput } from '#shared/contracts/admin.js';
import { MOMO_PROVIDERS } from '#shared/contracts/orders.js';
import { Alert } from '#web/components/ui/alert.js';
import { Button } from '#web/components/ui/button.js';
import { Dialog } from '#web/components/ui/dialog.js';
import { controlClassName, Field } from '#web/components/ui/field.js';
import { Input } from '#web/components/ui/input.js';
import { useToast } from '#web/components/ui/toast.js';
import { ApiError, getErrorMessage } from '#web/lib/api.js';
import {
  useSavePaymentMethod,
  type TAdminPaymentMethod,
  type TPaymentMethodInput,
} from '#web/features/admin/payment-methods/api/payment-methods.js';

type TMethodType = 'momo' | 'bank';
type TMomoProvider = (typeof MOMO_PROVIDERS)[number];
/** Field keys as the server names them: 'name', 'details.number', ... */
type TFieldErrors = Partial<Record<string, string>>;

type TFormValues = {
  name: string;
  type: TMethodType;
  provider: TMomoProvider;
  holderName: string;
  number: string;
  bankName: string;
  accountNumber: string;
};

const TYPE_LABELS: Record<TMethodType, string> = { momo: 'Mobile Money', bank: 'Bank Account' };

function initialValues(method: TAdminPaymentMethod | null): TFormValues {
  const details = method?.details;
  return {
    name: method?.name ?? '',
    type: details?.type ?? 'momo',
    provider: details?.type === 'momo' ? details.provider : MOMO_PROVIDERS[0],
    holderName: details?.name ?? '',
    number: details?.type === 'momo' ? details.number : '',
    bankName: details?.type === 'bank' ? details.bankName : '',
    accountNumber: details?.type === 'bank' ? details.accountNumber : '',
  };
}

function toInput(values: TFormValues): unknown {
  const details =
    values.type === 'momo'
      ? { type: 'momo', provider: values.provider, name: values.holderName, number: values.number }
      : { type: 'bank', name: values.holderName, bankName: values.bankName, accountNumber: values.accountNumber };
  return { name: values.name, details };
}

function zodFieldErrors(error: z.ZodError): TFieldErrors {
  const fields: TFieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.');
    if (key && !fields[key]) fields[key] = issue.message;
  }
  return fields;
}

type PaymentMethodFormDialogProps = {
  /** The method being edited, or null to add a new one. */
  method: TAdminPaymentMethod | null;
  onClose: () => void;
};

/** Add or edit a payment method (docs/product.md §5): display name, type, holder name and the type's fields. */
export function PaymentMethodFormDialog({ method, onClose }: PaymentMethodFormDialogProps) {
  const [values, setValues] = useState<TFormValues>(() => initialValues(method));
  const [errors, setErrors] = useState<TFieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const save = useSavePaymentMethod();
  const toast = useToast();
  const isEdit = method !== null;
  const isSaving = save.isPending;

  const set = <K extends keyof TFormValues>(key: K, value: TFormValues[K]) => setValues((current) => ({ ...current, [key]: value }));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const parsed = ZPaymentMethodInput.safeParse(toInput(values));
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error));
      return;
    }
    setErrors({});
    const input: TPaymentMethodInput = parsed.data;
    save.mutate(
      { id: method?.id ?? null, input },
      {
        onSuccess: () => {
          toast.success(isEdit ? ADMIN_MSG.methodUpdated : ADMIN_MSG.methodAdded);
          onClose();
        },
        onError: (error) => {
          const message = getErrorMessage(error, ADMIN_MSG.genericError);
          if (error instanceof ApiError && error.fields) setErrors(error.fields);
          else setFormError(message);
          toast.error(message);
        },
      },
    );
  };

  return (
    <Dialog
      isOpen
      onClose={() => {
        if (!isSaving) onClose();
      }}
      title={isEdit ? 'Edit Payment Method' : 'Add Payment Method'}
      size="md"
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={isSaving}>
            Cancel
          </Button>
          <Button type="submit" form="payment-method-form" isLoading={isSaving} loadingText="Saving...">
            {isEdit ? 'Save Changes' : 'Add Method'}
          </Button>
        </>
      }
    >
      <form id="payment-method-form" noValidate onSubmit={onSubmit} className="space-y-4">
        {formError && <Alert variant="error">{formError}</Alert>}
        <Input
          label="Display name"
          name="name"
          maxLength={100}
          required
          value={values.name}
          onChange={(event) => set('name', event.target.value)}
          error={errors.name}
          disabled={isSaving}
        />
        <Field label="Type" error={errors['details.type']}>
          {(control) => (
            <select
              {...control}
              name="type"
              value={values.type}
              onChange={(event) => {
                set('type', event.target.value as TMethodType);
                setErrors({});
              }}
              disabled={isSaving}
              className={controlClassName}
            >
              {(Object.keys(TYPE_LABELS) as TMethodType[]).map((type) => (
                <option key={type} value={type}>
                  {TYPE_LABELS[type]}
                </option>
              ))}
            </select>
          )}
        </Field>
        {values.type === 'momo' && (
          <Field label="Provider" error={errors['details.provider']}>
            {(control) => (
              <select
                {...control}
                name="provider"
                value={values.provider}
                onChange={(event) => set('provider', event.target.value as TMomoProvider)}
                disabled={isSaving}
                className={controlClassName}
              >
                {MOMO_PROVIDERS.map((provider) => (
                  <option key={provider} value={provider}>
                    {provider}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
        <Input
          label="Account holder name"
          name="holderName"
          maxLength={100}
          required
          autoComplete="off"
          value={values.holderName}
          onChange={(event) => set('holderName', event.target.value)}
          error={errors['details.name']}
          disabled={isSaving}
        />
        {values.type === 'momo' ? (
          <Input
            label="Mobile number"
            name="number"
            type="tel"
            inputMode="tel"
            maxLength={20}
            required
            autoComplete="off"
            placeholder="024 123 4567"
            value={values.number}
            onChange={(event) => set('number', event.target.value)}
            error={errors['details.number']}
            disabled={isSaving}
          />
        ) : (
          <>
            <Input
              label="Bank name"
              name="bankName"
              maxLength={100}
              required
              value={values.bankName}
              onChange={(event) => set('bankName', event.target.value)}
              error={errors['details.bankName']}
              disabled={isSaving}
            />
            <Input
              label="Account number"
              name="accountNumber"
              maxLength={40}
              required
              autoComplete="off"
              inputMode="numeric"
              value={values.accountNumber}
              onChange={(event) => set('accountNumber', event.target.value)}
              error={errors['details.accountNumber']}
              disabled={isSaving}
            />
          </>
        )}
      </form>
    </Dialog>
  );
}
