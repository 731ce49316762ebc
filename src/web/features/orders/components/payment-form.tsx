import { useCallback } from 'react';
import type { TOrder } from '#shared/contracts/orders.js';
import { ORDER_MSG } from '#shared/order-rules.js';
import { railOfOrder } from '#shared/transaction-id.js';
import { networkLabel, networkOfOrder } from '#shared/networks.js';
import { showServerError } from '#web/components/form/server-error.js';
import { useLightForm } from '#web/components/form/use-light-form.js';
import { Alert } from '#web/components/ui/alert.js';
import { Button } from '#web/components/ui/button.js';
import { Input } from '#web/components/ui/input.js';
import { useToast } from '#web/components/ui/toast.js';
import { txIdLabel } from '#web/lib/order-labels.js';
import { useSubmitPayment } from '#web/features/orders/api/submit-payment.js';
import type { TPaymentFormOutput, TPaymentFormValues } from '#web/features/orders/lib/payment-form.js';
import { EMPTY_PAYMENT_FORM } from '#web/features/orders/lib/payment-form-values.js';
import { ProofField } from './proof-field';

/** The form's rules, asked for when this module runs; after a failed download, again at the next submit. */
let rules: ReturnType<typeof loadRules> | undefined = loadRules();
function loadRules() {
  const loading = import('#web/features/orders/lib/payment-form.js');
  loading.catch(() => {
    if (rules === loading) rules = undefined;
  });
  return loading;
}

/** The hint under the transaction id field: where to find it, with an example of its rail's ids. */
export function txIdHint(order: TOrder): string {
  const network = order.type === 'sell' ? networkOfOrder(order) : null;
  return ORDER_MSG.txIdHint(railOfOrder(order), network ? networkLabel(network) : undefined);
}

/**
 * Step 3 (docs/decisions/014): "I have paid" for a buy (the MoMo TxID or bank reference, an
 * optional screenshot, the optional payer number and name) or "I have sent" for a sell (the
 * on-chain TxID, checked for the order's network). The server's field messages (a transaction
 * id already used, a refused screenshot) land on their fields.
 */
export function PaymentForm({ order, userId }: { order: TOrder; userId: string }) {
  const { type, coinSymbol, network, payTo, paymentMethod } = order;
  // The form's rules (zod on the contract's pieces) come in a chunk of their own, asked for at once
  // but not waited for: the form is usable before they arrive (docs/decisions/055). Its state is
  // use-light-form.ts's, not react-hook-form's, which the page would otherwise wait for (docs/decisions/064).
  const loadCheck = useCallback(
    () => (rules ??= loadRules()).then((module) => module.paymentFormCheck({ type, coinSymbol, network, payTo, paymentMethod })),
    [type, coinSymbol, network, payTo, paymentMethod],
  );
  const { field, values, errors, rootError, register, setValue, handleSubmit, form } = useLightForm<TPaymentFormValues, TPaymentFormOutput>(
    loadCheck,
    EMPTY_PAYMENT_FORM,
  );
  const mutation = useSubmitPayment(userId, order.id);
  const toast = useToast();
  const isBuy = order.type === 'buy';
  const isMomo = isBuy && order.payTo?.type !== 'bank';
  const submitLabel = isBuy ? 'I have paid' : 'I have sent';

  return (
    <section aria-labelledby="paid-heading" className="card space-y-4">
      <div>
        <h2 id="paid-heading" className="text-lg font-semibold text-slate-900">
          {isBuy ? 'Have you paid?' : 'Have you sent it?'}
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          {isBuy
            ? 'When your payment has gone through, tell us here so we can check it and send your crypto.'
            : 'When your transfer has gone out, tell us here so we can check it and pay you.'}
        </p>
      </div>
      <form
        noValidate
        className="space-y-5"
        aria-busy={mutation.isPending || undefined}
        onSubmit={handleSubmit((data) => {
          if (mutation.isPending) return;
          mutation.mutate(
            {
              paymentTxId: data.paymentTxId,
              payerNumber: isMomo ? data.payerNumber : '',
              payerName: isBuy ? data.payerName : '',
              proof: isBuy ? data.proof : null,
            },
            {
              onSuccess: () =>
                toast.success(isBuy ? 'Thank you. We are checking your payment.' : 'Thank you. We are checking your transfer.'),
              onError: (error) => showServerError(form, error),
            },
          );
        })}
      >
        <Input
          {...field('paymentTxId')}
          label={txIdLabel(order)}
          autoComplete="off"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          className="font-mono"
          hint={txIdHint(order)}
        />
        {isBuy && (
          <ProofField
            file={values.proof ?? null}
            error={errors.proof}
            inputRef={(element) => register('proof', element)}
            // Checked at once, before any submit (the screenshot's type by its bytes, its size).
            onChoose={(file) => setValue('proof', file, { check: true })}
          />
        )}
        {isMomo && (
          <Input
            {...field('payerNumber')}
            label="Number you paid from (optional)"
            type="tel"
            autoComplete="tel"
            placeholder="024 123 4567"
          />
        )}
        {isBuy && <Input {...field('payerName')} label="Name on the paying account (optional)" autoComplete="name" />}
        {rootError && <Alert variant="error">{rootError}</Alert>}
        <Button type="submit" size="lg" className="w-full sm:w-auto" isLoading={mutation.isPending} loadingText="Sending…">
          {submitLabel}
        </Button>
      </form>
    </section>
  );
}
