import { useState } from 'react';
import { ADMIN_MSG } from '../../../../../shared/contracts/admin.js';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { useToast } from '../../../../components/ui/toast';
import { useDeleteCannedResponse, type TCannedResponse } from '../api/canned-responses';
import { getErrorMessage } from '../../../../lib/api';

/** The confirmation of a delete (an accessible dialog, not window.confirm), worded as the spec says. */
export function DeleteCannedResponseDialog({ response, onClose }: { response: TCannedResponse; onClose: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const remove = useDeleteCannedResponse();
  const toast = useToast();

  const onConfirm = () => {
    setError(null);
    remove.mutate(response.id, {
      onSuccess: () => {
        toast.success(ADMIN_MSG.responseDeleted);
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
      title="Delete Response"
      description={`Are you sure you want to delete the response titled "${response.title}"?`}
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
