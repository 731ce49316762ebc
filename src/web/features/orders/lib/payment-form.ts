import { z } from 'zod';
import type { TLightCheck } from '#web/components/form/use-light-form.js';
import { ZMobileNumber, ZTxId, type TOrder } from '#shared/contracts/orders.js';
import { ORDER_MSG } from '#shared/order-rules.js';
import { isValidTxHash, networkLabel, networkOfOrder } from '#shared/networks.js';
import { railOfOrder, transactionIdIssue } from '#shared/transaction-id.js';
import { checkProof } from './check-proof';

/**
 * "I have paid" (buy) and "I have sent" (sell), docs/decisions/014, from the contract's own rules
 * (ZSubmitPaymentRequest's pieces): the transaction id, for a sell the on-chain hash in the
 * format of the order's network (as the server checks it); for a buy the optional payer number
 * and name and the optional screenshot, checked by its bytes and size.
 */
type TTxIdOrder = Pick<TOrder, 'type' | 'coinSymbol' | 'network' | 'payTo' | 'paymentMethod'>;

/**
 * The transaction id of an order as the server checks it: Latin letters and digits, a sell's in
 * its network's hash format, and at least its rail's minimum length (src/shared/transaction-id.ts).
 */
export function txIdSchema(order: TTxIdOrder) {
  const network = order.type === 'sell' ? networkOfOrder(order) : null;
  const rail = railOfOrder(order);
  const txId = network ? ZTxId.refine((value) => isValidTxHash(network, value), ORDER_MSG.txHashFormat(networkLabel(network))) : ZTxId;
  return txId.refine((value) => transactionIdIssue(rail, value) !== 'tooShort', ORDER_MSG.txIdTooShort(rail));
}

/** Correcting the transaction id of a submitted order (docs/decisions/009). */
export function editTxIdSchema(order: TTxIdOrder) {
  return z.object({ paymentTxId: txIdSchema(order) });
}

export function paymentFormSchema(order: TTxIdOrder) {
  return z.object({
    paymentTxId: txIdSchema(order),
    payerNumber: z
      .string()
      .trim()
      .pipe(z.union([z.literal(''), ZMobileNumber])),
    payerName: z.string().trim().max(100),
    proof: z
      .custom<File | null>((value) => value === null || value instanceof File)
      .superRefine(async (file, context) => {
        if (!file) return;
        const message = await checkProof(file);
        if (message) context.addIssue({ code: 'custom', message });
      }),
  });
}

export type TPaymentFormValues = z.input<ReturnType<typeof paymentFormSchema>>;
export type TPaymentFormOutput = z.output<ReturnType<typeof paymentFormSchema>>;

/**
 * The payment form's checks, loaded when the form shows and waited for on its first submit
 * (components/payment-form.tsx): the output, or the first message of each field.
 */
export function paymentFormCheck(order: TTxIdOrder): TLightCheck<TPaymentFormValues, TPaymentFormOutput> {
  const schema = paymentFormSchema(order);
  return async (values) => {
    const result = await schema.safeParseAsync(values);
    if (result.success) return { ok: true, data: result.data };
    const errors: Record<string, string> = {};
    for (const issue of result.error.issues) errors[String(issue.path[0] ?? 'root')] ??= issue.message;
    return { ok: false, errors };
  };
}
