import { useState, type FormEvent } from 'react';
import { MOMO_MSG } from '#shared/contracts/momo.js';
import type { TOrder } from '#shared/contracts/orders.js';
import { isGhanaMobileNumber } from '#shared/destinations.js';
import { formatGhs } from '#shared/format.js';
import { Alert } from '#web/components/ui/alert.js';
import { Button } from '#web/components/ui/button.js';
import { Input } from '#web/components/ui/input.js';
import { Spinner } from '#web/components/ui/spinner.js';
import { ApiError, getErrorMessage } from '#web/lib/api.js';
import { useMomoState, useRequestMomo } from '#web/features/orders/api/momo.js';

/** +233241234567 as people write it: 024 123 4567. */
function localNumber(international: string | null): string {
  if (!international) return '';
  const digits = international.replace(/\D/g, '').slice(-9);
  return `0${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5)}`;
}

/**
 * "Pay with MTN MoMo" (issue 33 point 3, docs/decisions/060) on a buy's order page: the number
 * (the verified phone unless changed), the prompt, then "Approve the prompt on your phone" while
 * MTN has it pending; a success confirms the order by itself (the page follows the order), a
 * failure says why, and paying by hand with "I have paid" stays below. Nothing shows when the
 * provider is off.
 */
export function MomoPrompt({ order }: { order: TOrder }) {
  const state = useMomoState(order.id);
  const request = useRequestMomo(order.id);
  const [phone, setPhone] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);

  const data = state.data;
  if (!data || (!data.available && data.payment?.state !== 'pending')) return null;
  const payment = data.payment;
  const number = phone ?? localNumber(data.suggestedPhone);
  const amount = order.amountGhs ?? order.amountFiat;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    if (!isGhanaMobileNumber(number)) {
      setFieldError(MOMO_MSG.invalidNumber);
      return;
    }
    setFieldError(undefined);
    request.mutate(number, {
      onError: (error) => {
        const onField = error instanceof ApiError ? error.fields?.phone : undefined;
        if (onField) setFieldError(onField);
        else setFormError(getErrorMessage(error));
      },
    });
  };

  return (
    <section aria-labelledby="momo-heading" className="card space-y-4">
      <h2 id="momo-heading" className="text-lg font-semibold text-slate-900">
        {MOMO_MSG.heading}
      </h2>
      {payment?.state === 'pending' ? (
        <div role="status" className="space-y-2 rounded-lg border border-brand-200 bg-brand-50 px-4 py-3">
          <p className="flex items-center gap-2 font-semibold text-slate-900">
            <Spinner className="h-5 w-5" />
            {MOMO_MSG.approve}
          </p>
          <p className="text-sm text-slate-700">{MOMO_MSG.approveDetail(formatGhs(payment.amount), localNumber(payment.phone))}</p>
        </div>
      ) : (
        <>
          {payment?.state === 'failed' && (
            <Alert variant="error">
              <p className="font-semibold">{MOMO_MSG.failedHeading}</p>
              <p>{payment.failure}</p>
              <p>{MOMO_MSG.orManual}</p>
            </Alert>
          )}
          {payment?.state !== 'failed' && <p className="text-sm text-slate-600">{MOMO_MSG.intro(formatGhs(amount))}</p>}
          <form noValidate onSubmit={submit} className="space-y-3">
            <Input
              label={MOMO_MSG.numberLabel}
              type="tel"
              inputMode="tel"
              autoComplete="tel-national"
              value={number}
              onChange={(event) => setPhone(event.target.value)}
              error={fieldError}
              hint={data.suggestedPhone ? MOMO_MSG.numberHint : MOMO_MSG.numberHintUnverified}
            />
            {formError && <Alert variant="error">{formError}</Alert>}
            <Button type="submit" isLoading={request.isPending} loadingText={MOMO_MSG.sending} className="w-full sm:w-auto">
              {payment?.state === 'failed' ? MOMO_MSG.tryAgain : MOMO_MSG.send}
            </Button>
          </form>
        </>
      )}
    </section>
  );
}
