import type { TOrder, TPayTo } from '#shared/contracts/orders.js';
import { formatFiat, formatGhs } from '#shared/format.js';
import { toFixedText } from '#shared/decimal-text.js';
import { Alert } from '#web/components/ui/alert.js';
import { CopyValue } from './copy-value';

/** The amount a buyer pays: the GHS fixed at creation (mobile money and Ghana banks pay in cedis). */
function amountToPay(order: TOrder): { text: string; copy: string } {
  if (order.amountGhs !== null) return { text: formatGhs(order.amountGhs), copy: toFixedText(order.amountGhs, 2) ?? order.amountGhs };
  return { text: formatFiat(order.amountFiat, order.fiatCurrency), copy: toFixedText(order.amountFiat, 2) ?? order.amountFiat };
}

function PayToRows({ payTo }: { payTo: TPayTo }) {
  if (payTo.type === 'momo') {
    return (
      <>
        <div className="py-3">
          <dt className="text-sm text-slate-600">Mobile money</dt>
          <dd className="text-base font-semibold text-slate-900">{payTo.provider}</dd>
        </div>
        <div className="py-3">
          <dt className="text-sm text-slate-600">Account name</dt>
          <dd className="text-base font-semibold text-slate-900">{payTo.name}</dd>
        </div>
        <CopyValue label="MoMo number" value={payTo.number} copyText={payTo.number.replace(/\s+/g, '')} copyLabel="Copy MoMo number" mono />
      </>
    );
  }
  return (
    <>
      <div className="py-3">
        <dt className="text-sm text-slate-600">Bank</dt>
        <dd className="text-base font-semibold text-slate-900">{payTo.bankName}</dd>
      </div>
      <div className="py-3">
        <dt className="text-sm text-slate-600">Account name</dt>
        <dd className="text-base font-semibold text-slate-900">{payTo.name}</dd>
      </div>
      <CopyValue
        label="Account number"
        value={payTo.accountNumber}
        copyText={payTo.accountNumber.replace(/[\s-]+/g, '')}
        copyLabel="Copy account number"
        mono
      />
    </>
  );
}

/**
 * Step 2 of a buy (docs/decisions/014): what to pay in GHS, the account to pay to (as it was
 * when the order was created), the payment reference, each with a copy button, and the three
 * safety rules.
 */
export function PayInstructions({ order }: { order: TOrder }) {
  const amount = amountToPay(order);
  const isBank = order.payTo?.type === 'bank';
  const reference = order.paymentReference;
  return (
    <section aria-labelledby="pay-heading" className="card space-y-2">
      <h2 id="pay-heading" className="text-lg font-semibold text-slate-900">
        Pay {amount.text}
      </h2>
      <dl className="divide-y divide-slate-100">
        <CopyValue label="Amount to pay" value={amount.text} copyText={amount.copy} copyLabel="Copy amount" />
        {order.payTo ? (
          <PayToRows payTo={order.payTo} />
        ) : (
          <div className="py-3">
            <dt className="text-sm text-slate-600">Pay with</dt>
            <dd className="text-base font-semibold text-slate-900">{order.paymentMethod}</dd>
          </div>
        )}
        {reference && (
          <CopyValue
            label="Payment reference"
            value={reference}
            copyText={reference}
            copyLabel="Copy reference"
            mono
            hint={isBank ? 'Put it in the description of your transfer.' : 'Put it in the reference field of your MoMo payment.'}
          />
        )}
      </dl>
      <Alert variant="warning">
        <p className="font-semibold">Stay safe</p>
        <ul className="mt-1 list-disc space-y-1 pl-5">
          <li>Pay only to the account shown here. We never ask you to pay to any other account.</li>
          <li>
            {isBank ? 'Put the reference in the description of your bank transfer' : 'Put the reference in the MoMo reference field'}
            {reference ? ` (${reference})` : ''}, so we can match your payment.
          </li>
          <li>Our staff never ask for your PIN or a code. Never share them with anyone.</li>
        </ul>
      </Alert>
    </section>
  );
}
