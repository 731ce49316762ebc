import type { z } from 'zod';
import type { ZPaymentMethodPublic } from '#shared/contracts/orders.js';

export type TPaymentMethod = z.infer<typeof ZPaymentMethodPublic>;

/** The account the customer pays into: provider, name and number, or bank, name and account. */
export function PaymentAccount({ method }: { method: TPaymentMethod }) {
  const { details } = method;
  return (
    <div className="rounded-lg border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-950">
      <p className="font-semibold">Pay to this account</p>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        {details.type === 'momo' ? (
          <>
            <dt className="text-sky-800">Provider</dt>
            <dd>{details.provider}</dd>
            <dt className="text-sky-800">Name</dt>
            <dd>{details.name}</dd>
            <dt className="text-sky-800">Number</dt>
            <dd className="font-mono font-semibold">{details.number}</dd>
          </>
        ) : (
          <>
            <dt className="text-sky-800">Bank</dt>
            <dd>{details.bankName}</dd>
            <dt className="text-sky-800">Account name</dt>
            <dd>{details.name}</dd>
            <dt className="text-sky-800">Account number</dt>
            <dd className="font-mono font-semibold break-all">{details.accountNumber}</dd>
          </>
        )}
      </dl>
    </div>
  );
}
