import { ADMIN_MSG } from '#shared/contracts/admin.js';
import { MutationConfirmDialog } from '#web/components/ui/mutation-confirm-dialog.js';
import { useDeletePaymentMethod, type TAdminPaymentMethod } from '#web/features/admin/payment-methods/api/payment-methods.js';

/** The confirmation of a delete (an accessible dialog, not window.confirm). */
export function DeletePaymentMethodDialog({ method, onClose }: { method: TAdminPaymentMethod; onClose: () => void }) {
  const mutation = useDeletePaymentMethod();
  return (
    <MutationConfirmDialog
      mutation={mutation}
      variables={method.id}
      successMessage={ADMIN_MSG.methodDeleted}
      errorFallback={ADMIN_MSG.genericError}
      title="Delete Payment Method"
      description={`Are you sure you want to delete the payment method "${method.name}"?`}
      confirmLabel="Delete"
      variant="danger"
      onClose={onClose}
    >
      <p className="text-sm text-slate-700">This cannot be undone.</p>
    </MutationConfirmDialog>
  );
}
