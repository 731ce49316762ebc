import { ADMIN_MSG } from '#shared/contracts/admin.js';
import { MutationConfirmDialog } from '#web/components/ui/mutation-confirm-dialog.js';
import { useDeleteCannedResponse, type TCannedResponse } from '#web/features/admin/canned-responses/api/canned-responses.js';

/** The confirmation of a delete (an accessible dialog, not window.confirm), worded as the product says. */
export function DeleteCannedResponseDialog({ response, onClose }: { response: TCannedResponse; onClose: () => void }) {
  const mutation = useDeleteCannedResponse();
  return (
    <MutationConfirmDialog
      mutation={mutation}
      variables={response.id}
      successMessage={ADMIN_MSG.responseDeleted}
      errorFallback={ADMIN_MSG.genericError}
      title="Delete Response"
      description={`Are you sure you want to delete the response titled "${response.title}"?`}
      confirmLabel="Delete"
      variant="danger"
      onClose={onClose}
    >
      <p className="text-sm text-slate-700">This cannot be undone.</p>
    </MutationConfirmDialog>
  );
}
