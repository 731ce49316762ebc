import { useId, type ReactNode } from 'react';
import { useFormContext, useWatch, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { EVIDENCE_KIND_LABELS, EVIDENCE_KINDS, ORDER_MSG, type TAdminOrder, type TEvidenceKind } from '#shared/contracts/orders.js';
import { formatCrypto, formatFiat, formatGhs } from '#shared/format.js';
import { Dec } from '#shared/money.js';
import { networkLabel, walletNetworkOfOrder } from '#shared/networks.js';
import { walletAccountName } from '#shared/ledger.js';
import { errorAt, Form, FormAlert, SelectField, TextareaField, TextField } from '#web/components/form/form.js';
import { toOptions, type SelectOption } from '#web/components/ui/select.js';
import { showServerError, useZodForm } from '#web/components/form/use-zod-form.js';
import { CopyButton } from '#web/components/copy-button.js';
import { Button } from '#web/components/ui/button.js';
import { Dialog } from '#web/components/ui/dialog.js';
import { useToast } from '#web/components/ui/toast.js';
import { ApiError } from '#web/lib/api.js';
import { useDecideAdminOrder, type TDecisionRequest } from '#web/features/admin/orders/api/decide-admin-order.js';
import { useQuery } from '@tanstack/react-query';
import { adminOrderQueryOptions } from '#web/features/admin/orders/api/get-admin-order.js';
import { businessAccountLabel, useBusinessAccounts, type TBusinessAccount } from '#web/features/admin/orders/api/business-accounts.js';
import {
  amountDue,
  approveDefaults,
  approveFormSchema,
  cancelFormSchema,
  compareReceived,
  confirmationDefaults,
  confirmFormSchema,
  expectedReceipt,
  formatReceived,
  formatSent,
  needsConfirmation,
  payoutFieldLabel,
  payoutNetworksOf,
  receivedOf,
  refundDefaults,
  refundFormSchema,
  refundReferenceLabel,
  SERVER_FIELDS,
  type TApproveValues,
  type TConfirmationValues,
  type TRefundValues,
} from '#web/features/admin/orders/lib/decision-form.js';
import { ConfirmationList } from './money-facts';
import { decisionQuestion, orderTypeLabel, type TOrderDecision } from '#web/lib/order-labels.js';

const CONFIRM_QUESTION = 'Record what arrived and its evidence? The order then waits for its payout.';

const TEXT: Record<TOrderDecision, { title: string; confirm: string; done: (id: number) => string }> = {
  approve: { title: 'Approve order', confirm: 'Approve order', done: (id) => `Order #${id} marked as completed.` },
  cancel: { title: 'Cancel order', confirm: 'Cancel order', done: (id) => `Order #${id} marked as cancelled.` },
  confirm: { title: 'Confirm payment', confirm: 'Confirm payment', done: (id) => `Payment of order #${id} confirmed.` },
  refund: { title: 'Refund order', confirm: 'Refund order', done: (id) => `Order #${id} marked as refunded.` },
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
 * (not window.confirm), with what the decision needs (docs/decisions/014, docs/decisions/038):
 * Approve the payout reference (a buy's outgoing transaction hash, checked for the order's network;
 * a sell's MoMo or bank reference), for a buy optionally the name and number on the payment
 * (docs/decisions/017), for a submitted order what arrived ("Payment received") and the payout's
 * facts; Confirm payment what arrived only; Refund what arrived (when not confirmed yet), the
 * refund's reference, account, charge and reason; Cancel the reason the customer is told. The
 * server's field messages land on the field; a 409 ORDER_ALREADY_DECIDED means another staff
 * member decided first: the product's message as a toast, and the re-read list and details tell
 * the outcome. A compliance hold (ORDER_ON_HOLD, ORDER_UNDER_REVIEW, and support's neutral
 * ORDER_WAITING), two people (TWO_PEOPLE_REQUIRED) or a settlement to choose (SETTLE_REQUIRED) is
 * said above the buttons and the dialog stays open.
 */
export function ConfirmOrderDecisionDialog({ order, decision, onDone }: ConfirmOrderDecisionDialogProps) {
  switch (decision) {
    case 'approve':
      return <ApproveDialog order={order} onDone={onDone} />;
    case 'confirm':
      return <ConfirmPaymentDialog order={order} onDone={onDone} />;
    case 'refund':
      return <RefundDialog order={order} onDone={onDone} />;
    case 'cancel':
      return <CancelDialog order={order} onDone={onDone} />;
  }
}

/** The kinds of evidence, the order's default first: a sell's coins arrive on chain. */
function evidenceKindsFor(order: TAdminOrder): TEvidenceKind[] {
  const first = confirmationDefaults(order).evidenceKind as TEvidenceKind;
  return [first, ...EVIDENCE_KINDS.filter((kind) => kind !== first)];
}

/** The business accounts as select options; `first` is the choice meaning "the server's default" ('' value). */
function accountOptions(accounts: TBusinessAccount[] | undefined): SelectOption[] {
  return (accounts ?? []).map((account) => ({ value: String(account.id), label: businessAccountLabel(account) }));
}

/**
 * "Payment received" (issue 28 point 2): how much arrived (cedis for a buy, the coin for a sell),
 * a buy's business account it arrived in (the order's pay-to account unless staff choose another),
 * when, and the evidence.
 */
function PaymentReceivedFields({ order }: { order: TAdminOrder }) {
  const headingId = useId();
  const accounts = useBusinessAccounts();
  const symbol = order.coinSymbol.toUpperCase();
  const payTo = order.payTo
    ? `${order.paymentMethod} · ${order.payTo.type === 'momo' ? order.payTo.number : order.payTo.accountNumber}`
    : order.paymentMethod;
  return (
    <section aria-labelledby={headingId} className="space-y-4 rounded-lg border border-slate-200 p-3">
      <h3 id={headingId} className="text-sm font-semibold text-slate-900">
        Payment received
      </h3>
      <TextField
        label={order.type === 'buy' ? 'Amount received (GHS)' : `Amount received (${symbol})`}
        name="amountReceived"
        inputMode="decimal"
        autoComplete="off"
        hint={`The order is for ${formatReceived(order, expectedReceipt(order))}. Enter what actually arrived.`}
      />
      {order.type === 'buy' && (
        <SelectField
          label="Received into"
          name="receivedInto"
          placeholder={`Pay-to account: ${payTo}`}
          options={accountOptions(accounts.data)}
          hint={
            accounts.isError
              ? "The business accounts could not be loaded: the order's pay-to account is used."
              : "The order's pay-to account, unless the money arrived in another."
          }
        />
      )}
      <TextField
        label="Received at (optional)"
        name="receivedAt"
        type="datetime-local"
        hint="When the money arrived, as the evidence shows it (your time zone). Now when left empty."
      />
      {/* The order's usual evidence first: it is the default (src/web/features/admin/orders/lib/decision-form.ts confirmationDefaults). */}
      <SelectField label="Evidence from" name="evidenceKind" options={toOptions(evidenceKindsFor(order), EVIDENCE_KIND_LABELS)} />
      <TextareaField
        label="Evidence"
        name="evidence"
        rows={2}
        maxLength={500}
        hint="The statement line, the provider's reference or what you checked."
      />
    </section>
  );
}

/** What staff already confirmed arrived, read only: the amount, the account, when, the evidence and who. */
function ConfirmedFacts({ order }: { order: TAdminOrder }) {
  const headingId = useId();
  // Order Details have just read it (the names of the accounts); from a row it is read here.
  const names = useQuery({ ...adminOrderQueryOptions(order.id), staleTime: 30_000 }).data?.names;
  const confirmation = order.confirmation;
  if (!confirmation) return null;
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-slate-200 bg-slate-50 p-3">
      <h3 id={headingId} className="mb-2 text-sm font-semibold text-slate-900">
        Payment received
      </h3>
      <ConfirmationList order={order} confirmation={confirmation} names={names} />
    </section>
  );
}

/**
 * The payout's facts (issue 28 point 2): the amount due (the server's computation: the order's,
 * or what the money received buys at the locked price), a sell's account the cedis left from, the
 * network or MoMo charge; when what arrived is not what was ordered, how to settle it.
 */
function PayoutFields({ order }: { order: TAdminOrder }) {
  const headingId = useId();
  const settleId = useId();
  const accounts = useBusinessAccounts();
  const { register, control, formState } = useFormContext<TApproveValues>();
  const [typed, settle] = useWatch({ control, name: ['amountReceived', 'settle'] });
  const received = receivedOf(order, typed);
  const comparison = compareReceived(order, received);
  const due = amountDue(order, received, settle);
  const settleError = errorAt(formState.errors, 'settle');
  return (
    <section aria-labelledby={headingId} className="space-y-4 rounded-lg border border-slate-200 p-3">
      <h3 id={headingId} className="text-sm font-semibold text-slate-900">
        Payout
      </h3>
      {comparison !== null && comparison !== 0 && (
        <fieldset aria-describedby={settleError ? `${settleId}-error` : undefined} className="space-y-2">
          <legend className="mb-1.5 block text-sm font-medium text-slate-800">
            {formatReceived(order, received.trim())} arrived for an order of {formatReceived(order, expectedReceipt(order))}
          </legend>
          <label className="flex items-start gap-2 text-sm">
            <input type="radio" value="received" {...register('settle')} className="mt-1 accent-brand-700" />
            Complete for the amount received, at the locked price
          </label>
          {comparison > 0 && (
            <label className="flex items-start gap-2 text-sm">
              <input type="radio" value="ordered" {...register('settle')} className="mt-1 accent-brand-700" />
              Complete for the amount ordered and refund the difference
            </label>
          )}
          <p className="text-sm text-slate-600">To send it all back, close this and use Refund.</p>
          {settleError && (
            <p id={`${settleId}-error`} className="text-sm font-medium text-red-700">
              {settleError}
            </p>
          )}
        </fieldset>
      )}
      {comparison !== null && comparison > 0 && settle === 'ordered' && (
        <TextField
          label="Reference of the difference's refund"
          name="differenceRefundReference"
          autoComplete="off"
          spellCheck={false}
          maxLength={200}
          hint={`The ${order.type === 'buy' ? 'MoMo or bank reference' : 'transaction hash'} of the refund of ${formatReceived(order, new Dec(received.trim()).minus(expectedReceipt(order)).toFixed())}.`}
        />
      )}
      <p className="text-sm text-slate-800" aria-live="polite">
        Amount to send: <strong>{due ? formatSent(order, due) : '—'}</strong>
      </p>
      {order.type === 'sell' ? (
        <SelectField label="Paid from" name="paidFrom" placeholder="Choose an account" options={accountOptions(accounts.data)} />
      ) : (
        // A buy's coins leave the order's wallet: the ledger account the payout is written from (docs/decisions/038).
        <p className="text-sm text-slate-800">
          Paid from: <strong>{walletAccountName(order.coinSymbol, networkLabel(walletNetworkOfOrder(order)))}</strong>
        </p>
      )}
      <TextField
        label={order.type === 'buy' ? 'Network fee (optional)' : 'MoMo or bank charge (optional)'}
        name="payoutFee"
        inputMode="decimal"
        autoComplete="off"
        hint={
          order.type === 'buy'
            ? `What the network charged to send, in ${order.coinSymbol.toUpperCase()}.`
            : 'What MoMo or the bank charged the business for the transfer, in cedis.'
        }
      />
    </section>
  );
}

function ApproveDialog({ order, onDone }: Omit<ConfirmOrderDecisionDialogProps, 'decision'>) {
  const form = useZodForm<ReturnType<typeof approveFormSchema>, TApproveValues>(approveFormSchema(order), {
    defaultValues: approveDefaults(order),
  });
  const networks = payoutNetworksOf(order);
  const paidOut =
    order.type === 'buy'
      ? `The hash of the transaction that sent the coins to the customer's wallet${networks.length === 1 && networks[0] ? ` on ${networkLabel(networks[0])}` : ''}.`
      : 'The MoMo or bank reference of the payout. The customer sees it.';
  return (
    <DecisionDialog
      order={order}
      decision="approve"
      form={form}
      toRequest={(body) => ({ id: order.id, decision: 'approve', body })}
      onDone={onDone}
    >
      {needsConfirmation(order) ? <PaymentReceivedFields order={order} /> : <ConfirmedFacts order={order} />}
      <PayoutDestination order={order} />
      <PayoutFields order={order} />
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

function ConfirmPaymentDialog({ order, onDone }: Omit<ConfirmOrderDecisionDialogProps, 'decision'>) {
  const form = useZodForm<ReturnType<typeof confirmFormSchema>, TConfirmationValues>(confirmFormSchema(order), {
    defaultValues: confirmationDefaults(order),
  });
  return (
    <DecisionDialog
      order={order}
      decision="confirm"
      form={form}
      toRequest={(body) => ({ id: order.id, decision: 'confirm', body })}
      // The order stays open: its payout (or refund) comes next.
      onDone={(outcome) => onDone(outcome === 'decided' ? undefined : outcome)}
    >
      <PaymentReceivedFields order={order} />
    </DecisionDialog>
  );
}

function RefundDialog({ order, onDone }: Omit<ConfirmOrderDecisionDialogProps, 'decision'>) {
  const form = useZodForm<ReturnType<typeof refundFormSchema>, TRefundValues>(refundFormSchema(order), {
    defaultValues: refundDefaults(order),
  });
  const accounts = useBusinessAccounts();
  const amount = needsConfirmation(order) ? null : (order.confirmation?.amountReceived ?? null);
  return (
    <DecisionDialog
      order={order}
      decision="refund"
      form={form}
      toRequest={(body) => ({ id: order.id, decision: 'refund', body })}
      onDone={onDone}
    >
      {needsConfirmation(order) ? <PaymentReceivedFields order={order} /> : <ConfirmedFacts order={order} />}
      <p className="text-sm text-slate-700">
        {amount ? `Send ${formatReceived(order, amount)} back` : 'Send what arrived back'} to{' '}
        {order.type === 'buy'
          ? order.payerNumber
            ? `the number the customer paid from (${order.payerNumber})`
            : 'the account the customer paid from'
          : 'the wallet the customer sent from'}
        , then record it here.
      </p>
      <TextField
        label={refundReferenceLabel(order)}
        name="reference"
        autoComplete="off"
        spellCheck={false}
        maxLength={200}
        className="font-mono text-sm"
        hint={
          order.type === 'buy'
            ? 'The MoMo or bank reference of the refund transfer. The customer sees it.'
            : 'The hash of the transaction that sent the coins back. The customer sees it.'
        }
      />
      {order.type === 'buy' && (
        <SelectField
          label="Refunded from"
          name="refundFrom"
          placeholder="The account the money arrived in"
          options={accountOptions(accounts.data)}
        />
      )}
      <TextField
        label="Fee (optional)"
        name="refundFee"
        inputMode="decimal"
        autoComplete="off"
        hint={
          order.type === 'buy'
            ? 'What MoMo or the bank charged the business for the refund, in cedis.'
            : `What the network charged to send the coins back, in ${order.coinSymbol.toUpperCase()}.`
        }
      />
      <TextareaField
        label="Reason the customer sees"
        name="reason"
        rows={3}
        maxLength={500}
        hint="The customer is told this reason by email, SMS and on the order page."
      />
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
        // Which settlement to choose is the form's question, asked above the buttons (the choice itself is on screen).
        if (failure instanceof ApiError && failure.code === 'SETTLE_REQUIRED') {
          form.setError('root.server' as Path<TValues>, { type: 'server', message: failure.message });
          return;
        }
        showServerError(form as unknown as UseFormReturn<FieldValues>, failure, { fields: SERVER_FIELDS });
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
      description={decision === 'confirm' ? CONFIRM_QUESTION : decisionQuestion(decision)}
      size={decision === 'cancel' ? 'sm' : 'md'}
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
