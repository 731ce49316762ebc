import { useState } from 'react';
import type { TOrder } from '#shared/contracts/orders.js';
import { Button } from '#web/components/ui/button.js';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.js';
import { useToast } from '#web/components/ui/toast.js';
import { getErrorMessage } from '#web/lib/api.js';
import { useCancelOrder } from '#web/features/orders/api/cancel-order.js';

/** "Cancel order", before "I have paid" / "I have sent" only, behind a confirmation. */
export function CancelOrder({ order, userId }: { order: TOrder; userId: string }) {
  const [isOpen, setIsOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const mutation = useCancelOrder(userId, order.id);
  const toast = useToast();
  const paidWord = order.type === 'buy' ? 'paid' : 'sent the crypto';

  const close = () => {
    setIsOpen(false);
    setError(null);
  };

  return (
    <div className="space-y-2">
      <p className="text-sm text-slate-600">Changed your mind? You can cancel this order until you tell us you have {paidWord}.</p>
      <Button variant="outline" onClick={() => setIsOpen(true)}>
        Cancel order
      </Button>
      {isOpen && (
        <ConfirmDialog
          title="Cancel this order?"
          description={`Order #${order.id} will be cancelled. If you have already ${paidWord}, do not cancel: tell us with "${order.type === 'buy' ? 'I have paid' : 'I have sent'}" instead.`}
          confirmLabel="Cancel order"
          cancelLabel="Keep order"
          variant="danger"
          isPending={mutation.isPending}
          error={error}
          onClose={close}
          onConfirm={() => {
            setError(null);
            mutation.mutate(undefined, {
              onSuccess: () => {
                toast.success(`Order #${order.id} was cancelled.`);
                close();
              },
              onError: (failure) => setError(getErrorMessage(failure)),
            });
          }}
        />
      )}
    </div>
  );
}
