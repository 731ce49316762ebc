import { useState } from 'react';
import type { TAdminOrder } from '#shared/contracts/orders.js';
import { formatCrypto, formatFiat } from '#shared/format.js';
import { Alert } from '#web/components/ui/alert.js';
import { Button } from '#web/components/ui/button.js';
import { Dialog } from '#web/components/ui/dialog.js';
import { useToast } from '#web/components/ui/toast.js';
import { ApiError, getErrorMessage } from '#web/lib/api.js';
import { useDecideAdminOrder } from '#web/features/admin/orders/api/decide-admin-order.js';
import { decisionQuestion, orderTypeLabel, type TOrderDecision } from '#web/lib/order-labels.js';

const TEXT: Record<TOrderDecision, { title: string; confirm: string; done: (id: number) => string }> = {
  approve: { title: 'Approve order', confirm: 'Approve order', done: (id) => `Order #${id} marked as completed.` },
  cancel: { title: 'Cancel order', confirm: 'Cancel order', done: (id) => `Order #${id} marked as cancelled.` },
};

type ConfirmOrderDecisionDialogProps = {
  order: TAdminOrder;
  decision: TOrderDecision;
  /** Back to where it was opened from: after 'Go back', after the decision, or after a 409. */
  onDone: () => void;
};

/**
 * 'Are you sure you want to mark this order as {status}?' in an accessible dialog (not
 * window.confirm). A 409 means another staff member decided first: the message is shown as a
 * toast and the re-read list tells the outcome.
 */
export function ConfirmOrderDecisionDialog({ order, decision, onDone }: ConfirmOrderDecisionDialogProps) {
  const [error, setError] = useState<string | null>(null);
  const decide = useDecideAdminOrder();
  const toast = useToast();
  const text = TEXT[decision];

  const onConfirm = () => {
    setError(null);
    decide.mutate(
      { id: order.id, decision },
      {
        onSuccess: () => {
          toast.success(text.done(order.id));
          onDone();
        },
        onError: (failure) => {
          const message = getErrorMessage(failure);
          toast.error(message);
          if (failure instanceof ApiError && failure.code === 'ORDER_ALREADY_DECIDED') {
            onDone();
            return;
          }
          setError(message);
        },
      },
    );
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
          <Button variant="outline" onClick={onDone} disabled={decide.isPending} data-autofocus>
            Go back
          </Button>
          <Button variant={decision === 'cancel' ? 'danger' : 'primary'} onClick={onConfirm} isLoading={decide.isPending}>
            {text.confirm}
          </Button>
        </>
      }
    >
      <div className="space-y-3">
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
        {error && <Alert variant="error">{error}</Alert>}
      </div>
    </Dialog>
  );
}
