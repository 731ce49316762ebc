import { z } from 'zod';
import { ORDER_MSG, ZMobileNumber, ZTxId, type TOrder } from '#shared/contracts/orders.js';
import { isValidTxHash, networkLabel, networkOfOrder } from '#shared/networks.js';
import { checkProof } from './check-proof';

/**
 * "I have paid" (buy) and "I have sent" (sell), docs/decisions/014, from the contract's own rules
 * (ZSubmitPaymentRequest's pieces): the transaction id, for a sell the on-chain hash in the
 * format of the order's network (as the server checks it); for a buy the optional payer number
 * and name and the optional screenshot, checked by its bytes and size.
 */
export function paymentFormSchema(order: Pick<TOrder, 'type' | 'coinSymbol' | 'network'>) {
  const network = order.type === 'sell' ? networkOfOrder(order) : null;
  const txId = network ? ZTxId.refine((value) => isValidTxHash(network, value), ORDER_MSG.txHashFormat(networkLabel(network))) : ZTxId;
  return z.object({
    paymentTxId: txId,
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

export const EMPTY_PAYMENT_FORM: TPaymentFormValues = { paymentTxId: '', payerNumber: '', payerName: '', proof: null };
