import { useEffect, useMemo } from 'react';
import type { TOrder } from '#shared/contracts/orders.js';
import { Form, FormAlert, TextField } from '#web/components/form/form.js';
import { showServerError, useZodForm } from '#web/components/form/use-zod-form.js';
import { Button } from '#web/components/ui/button.js';
import { useToast } from '#web/components/ui/toast.js';
import { useEditTxId } from '#web/features/orders/api/edit-tx-id.js';
import { editTxIdSchema } from '#web/features/orders/lib/payment-form.js';
import { txIdHint } from './payment-form';

/** The form of src/web/features/orders/components/edit-tx-id.tsx's "Edit", in its own chunk. */
export function EditTxIdForm({ order, userId, label, onDone }: { order: TOrder; userId: string; label: string; onDone: () => void }) {
  const { type, coinSymbol, network, payTo, paymentMethod } = order;
  const schema = useMemo(
    () => editTxIdSchema({ type, coinSymbol, network, payTo, paymentMethod }),
    [type, coinSymbol, network, payTo, paymentMethod],
  );
  const form = useZodForm<typeof schema, { paymentTxId: string }>(schema, { defaultValues: { paymentTxId: order.paymentTxId ?? '' } });
  const mutation = useEditTxId(userId, order.id);
  const toast = useToast();
  // Opened by "Edit": the field takes the focus.
  useEffect(() => form.setFocus('paymentTxId'), [form]);
  return (
    <Form
      form={form}
      className="space-y-3"
      aria-label={`Change the ${label}`}
      aria-busy={mutation.isPending || undefined}
      onSubmit={(values) => {
        if (mutation.isPending) return;
        mutation.mutate(values.paymentTxId, {
          onSuccess: () => {
            toast.success(`${label} changed.`);
            onDone();
          },
          onError: (error) => showServerError(form, error),
        });
      }}
    >
      <TextField
        label={label}
        name="paymentTxId"
        autoComplete="off"
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        className="font-mono"
        hint={txIdHint(order)}
      />
      <FormAlert />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" isLoading={mutation.isPending} loadingText="Saving…">
          Save
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={onDone} disabled={mutation.isPending}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}
