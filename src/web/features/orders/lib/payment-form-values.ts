import type { TPaymentFormValues } from './payment-form';

/** The payment form's empty values; apart from its rules (payment-form.ts), which bring zod (docs/decisions/055). */
export const EMPTY_PAYMENT_FORM: TPaymentFormValues = { paymentTxId: '', payerNumber: '', payerName: '', proof: null };
