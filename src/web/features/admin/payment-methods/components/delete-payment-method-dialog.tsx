import { getErrorMessage } from '../../../../lib/api';
import { useState } from 'react';
import { ADMIN_MSG } from '../../../../../shared/contracts/admin.js';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Dialog } from '../../../../components/ui/dialog';
import { useToast } from '../../../../components/ui/toast';
import { useDeletePaymentMethod, type TAdminPaymentMethod } from '../api/payment-methods';

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
    <Dialog
      isOpen
      onClose={() => {
        if (!remove.isPending) onClose();
      }}
      title="Delete Payment Method"
      description={`Are you sure you want to delete the payment method "${method.name}"?`}
      size="sm"
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button variant="danger" onClick={onConfirm} isLoading={remove.isPending}>
            Delete
          </Button>
        </>
      }
    >
      {error ? (
        <Alert variant="error">{error}</Alert>
      ) : (
        <p className="text-sm text-slate-700">This cannot be undone.</p>
      )}
    </Dialog>
  );
}
