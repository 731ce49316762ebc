import { useState } from 'react';
import { ADMIN_MSG } from '../../../../../shared/contracts/admin.js';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { useToast } from '../../../../components/ui/toast';
import { useDeletePaymentMethod, type TAdminPaymentMethod } from '../api/payment-methods';
import { getErrorMessage } from '../../../../lib/api';

/** The confirmation of a delete (an accessible dialog, not window.confirm). */
export function DeletePaymentMethodDialog({ method, onClose }: { method: TAdminPaymentMethod; onClose: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const remove = useDeletePaymentMethod();
  const toast = useToast();

  const onConfirm = () => {
    setError(null);
    remove.mutate(method.id, {
      onSuccess: () => {
        toast.success(ADMIN_MSG.methodDeleted);
        onClose();
      },
      onError: (failure) => {
        const message = getErrorMessage(failure, ADMIN_MSG.genericError);
        setError(message);
        toast.error(message);
      },
    });
  };

  return (
    <ConfirmDialog
      title="Delete Payment Method"
      description={`Are you sure you want to delete the payment method "${method.name}"?`}
      confirmLabel="Delete"
      variant="danger"
      isPending={remove.isPending}
      error={error}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <p className="text-sm text-slate-700">This cannot be undone.</p>
    </ConfirmDialog>
  );
}
