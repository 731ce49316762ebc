import { useId, type ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { ORDER_MSG, type TAdminOrder } from '#shared/contracts/orders.js';
import { formatCrypto, formatFiat, formatGhs } from '#shared/format.js';
import { networkLabel } from '#shared/networks.js';
import { Form, FormAlert, TextareaField, TextField } from '#web/components/form/form.js';
import { showServerError, useZodForm } from '#web/components/form/use-zod-form.js';
import { CopyButton } from '#web/components/copy-button.js';
import { Button } from '#web/components/ui/button.js';
import { Dialog } from '#web/components/ui/dialog.js';
import { useToast } from '#web/components/ui/toast.js';
import { ApiError } from '#web/lib/api.js';
import { useDecideAdminOrder, type TDecisionRequest } from '#web/features/admin/orders/api/decide-admin-order.js';
import { approveFormSchema, cancelFormSchema, payoutFieldLabel, payoutNetworksOf } from '#web/features/admin/orders/lib/decision-form.js';
import { decisionQuestion, orderTypeLabel, type TOrderDecision } from '#web/lib/order-labels.js';

const TEXT: Record<TOrderDecision, { title: string; confirm: string; done: (id: number) => string }> = {
  approve: { title: 'Approve order', confirm: 'Approve order', done: (id) => `Order #${id} marked as completed.` },
  cancel: { title: 'Cancel order', confirm: 'Cancel order', done: (id) => `Order #${id} marked as cancelled.` },
};

type ConfirmOrderDecisionDialogProps = {
  order: TAdminOrder;
  decision: TOrderDecision;
  /**
   * Back to where it was opened from: after 'Go back' or a refusal (no argument), or after the
   * decision ('decided': the page closes Order Details too, issue 27 point 1).
   */
  onDone: (outcome?: 'decided') => void;
};

/**
 * The product's 'Are you sure you want to mark this order as {status}?' in an accessible dialog
 * (not window.confirm), with what the decision needs (docs/decisions/014): Approve the payout
 * reference (a buy's outgoing transaction hash, checked for the order's network; a sell's MoMo
 * or bank reference) and, for a buy, optionally the name and number on the payment
 * (docs/decisions/017); Cancel the reason the customer is told. The server's field messages land on the field; a 409
 * ORDER_ALREADY_DECIDED means another staff member decided first: the product's message as a
 * toast, and the re-read list and details tell the outcome. A compliance hold (ORDER_ON_HOLD,
 * ORDER_UNDER_REVIEW, and support's neutral ORDER_WAITING) is said above the form and the dialog stays open.
 */
export function ConfirmOrderDecisionDialog({ order, decision, onDone }: ConfirmOrderDecisionDialogProps) {
  return decision === 'approve' ? <ApproveDialog order={order} onDone={onDone} /> : <CancelDialog order={order} onDone={onDone} />;
}

function ApproveDialog({ order, onDone }: Omit<ConfirmOrderDecisionDialogProps, 'decision'>) {
  const form = useZodForm(approveFormSchema(order), {
    defaultValues: { payoutReference: '', recordedPayerName: '', recordedPayerNumber: '' },
  });
  const networks = payoutNetworksOf(order);
  const paidOut =
    order.type === 'buy'
      ? `The hash of the transaction that sent ${formatCrypto(order.amountCrypto, order.coinSymbol)} to the customer's wallet${networks.length === 1 && networks[0] ? ` on ${networkLabel(networks[0])}` : ''}.`
      : `The MoMo or bank reference of the payout of ${order.amountGhs ? formatGhs(order.amountGhs) : formatFiat(order.amountFiat, order.fiatCurrency)}. The customer sees it.`;
  return (
    <DecisionDialog
      order={order}
      decision="approve"
      form={form}
      // The name and number on the payment are sent only when staff wrote them (docs/decisions/017).
      toRequest={({ payoutReference, recordedPayerName, recordedPayerNumber }) => ({
        id: order.id,
        decision: 'approve',
        body: {
          payoutReference,
          ...(recordedPayerName ? { recordedPayerName } : {}),
          ...(recordedPayerNumber ? { recordedPayerNumber } : {}),
        },
      })}
      onDone={onDone}
    >
      <PayoutDestination order={order} />
      <TextField
        label={payoutFieldLabel(order)}
        name="payoutReference"
        autoComplete="off"
        spellCheck={false}
        maxLength={200}
        hint={paidOut}
        className="font-mono text-sm"
      />
      {order.type === 'buy' && (
        <TextField
          label="Name on the payment (optional)"
          name="recordedPayerName"
          autoComplete="off"
          maxLength={100}
          hint="The payer's name as the MoMo or bank statement shows it. Compliance is alerted when it differs from the customer's verified name."
        />
      )}
      {order.type === 'buy' && (
        <TextField
          label="Number on the payment (optional)"
          name="recordedPayerNumber"
          type="tel"
          inputMode="tel"
          autoComplete="off"
          maxLength={20}
          hint="The mobile number the payment came from, as the MoMo statement shows it. Compliance is alerted when other customers pay from it too."
        />
      )}
    </DecisionDialog>
  );
}

function CancelDialog({ order, onDone }: Omit<ConfirmOrderDecisionDialogProps, 'decision'>) {
  const form = useZodForm(cancelFormSchema, { defaultValues: { reason: '' } });
  return (
    <DecisionDialog
      order={order}
      decision="cancel"
      form={form}
      toRequest={(body) => ({ id: order.id, decision: 'cancel', body })}
      onDone={onDone}
    >
      <TextareaField
        label="Reason"
        name="reason"
        rows={3}
        maxLength={500}
        hint="The customer is told this reason by email and on the order page."
      />
    </DecisionDialog>
  );
}

type DecisionDialogProps<TValues extends FieldValues, TOutput> = {
  order: TAdminOrder;
  decision: TOrderDecision;
  form: UseFormReturn<TValues, unknown, TOutput>;
  toRequest: (body: TOutput) => TDecisionRequest;
  onDone: (outcome?: 'decided') => void;
  /** The decision's field. */
  children: ReactNode;
};

/** The frame of both: the question, the order it is about, the field, 'Go back' and the decision button. */
function DecisionDialog<TValues extends FieldValues, TOutput>({
  order,
  decision,
  form,
  toRequest,
  onDone,
  children,
}: DecisionDialogProps<TValues, TOutput>) {
  const formId = useId();
  const decide = useDecideAdminOrder();
  const toast = useToast();
  const text = TEXT[decision];

  const onSubmit = (body: TOutput) => {
    if (decide.isPending) return;
    decide.mutate(toRequest(body), {
      onSuccess: () => {
        toast.success(text.done(order.id));
        onDone('decided');
      },
      onError: (failure) => {
        if (failure instanceof ApiError && failure.code === 'ORDER_ALREADY_DECIDED') {
          toast.error(ORDER_MSG.alreadyProcessed);
          onDone();
          return;
        }
        showServerError(form as unknown as UseFormReturn<FieldValues>, failure);
      },
    });
  };

  return (
    <Dialog
      isOpen
      onClose={() => {
        if (!decide.isPending) onDone();
      }}
      title={text.title}
      description={decisionQuestion(decision)}
      size="sm"
      footer={
        <>
          <Button variant="outline" onClick={() => onDone()} disabled={decide.isPending}>
            Go back
          </Button>
          <Button type="submit" form={formId} variant={decision === 'cancel' ? 'danger' : 'primary'} isLoading={decide.isPending}>
            {text.confirm}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <p className="text-sm text-slate-700">
          <span className="font-semibold text-slate-900">
            Order #{order.id} · {orderTypeLabel(order)}
          </span>
          <span className="block">
            {formatFiat(order.amountFiat, order.fiatCurrency)} · {formatCrypto(order.amountCrypto, order.coinSymbol)}
          </span>
          <span className="block">
            {order.customerName} ({order.customerEmail})
          </span>
        </p>
        <Form form={form} id={formId} className="space-y-4" onSubmit={onSubmit}>
          {children}
          <FormAlert />
        </Form>
      </div>
    </Dialog>
  );
}

/**
 * Exactly where to pay (issue 27 point 1): a buy's coins to the customer's wallet address on its
 * network, with the destination tag or memo when there is one; a sell's cedis to the MoMo number
 * or bank account and the name on it. Each value with a copy button named for what it copies.
 */
export function PayoutDestination({ order }: { order: TAdminOrder }) {
  const rows: { label: string; value: string; copy?: boolean }[] = [];
  if (order.type === 'buy') {
    const network = payoutNetworksOf(order);
    rows.push({ label: 'Send', value: formatCrypto(order.amountCrypto, order.coinSymbol) });
    if (network.length === 1 && network[0]) rows.push({ label: 'Network', value: networkLabel(network[0]) });
    rows.push({ label: 'Wallet address', value: order.walletAddress ?? '—', copy: Boolean(order.walletAddress) });
    if (order.destinationTag) rows.push({ label: 'Destination tag (memo)', value: order.destinationTag, copy: true });
  } else {
    rows.push({ label: 'Pay', value: order.amountGhs ? formatGhs(order.amountGhs) : formatFiat(order.amountFiat, order.fiatCurrency) });
    const payout = order.payout;
    if (payout?.type === 'momo') {
      rows.push({ label: 'MoMo provider', value: payout.provider });
      rows.push({ label: 'MoMo number', value: payout.number, copy: true });
      rows.push({ label: 'Account name', value: payout.name, copy: true });
    } else if (payout?.type === 'bank') {
      rows.push({ label: 'Bank', value: payout.bankName });
      rows.push({ label: 'Account number', value: payout.accountNumber, copy: true });
      rows.push({ label: 'Account name', value: payout.name, copy: true });
    } else {
      rows.push({ label: 'Pay to', value: '—' });
    }
  }
  return (
    <section aria-label="Where to pay" className="rounded-lg border border-slate-200 bg-slate-50 p-3">
      <h3 className="mb-2 text-sm font-semibold text-slate-900">Where to pay</h3>
      <dl className="space-y-2 text-sm">
        {rows.map((row) => (
          <div key={row.label}>
            <dt className="text-slate-600">{row.label}</dt>
            <dd className="flex flex-wrap items-center gap-2">
              <span className="font-mono break-all text-slate-900">{row.value}</span>
              {row.copy && <CopyButton text={row.value} label={`Copy ${row.label.toLowerCase()}`} />}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
