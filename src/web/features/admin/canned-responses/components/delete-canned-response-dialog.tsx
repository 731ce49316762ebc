import { getErrorMessage } from '../../../../lib/api';
import { useState } from 'react';
import { ADMIN_MSG } from '../../../../../shared/contracts/admin.js';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Dialog } from '../../../../components/ui/dialog';
import { useToast } from '../../../../components/ui/toast';
import { useDeleteCannedResponse, type TCannedResponse } from '../api/canned-responses';

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
    <Dialog
      isOpen
      onClose={() => {
        if (!remove.isPending) onClose();
      }}
      title="Delete Response"
      description={`Are you sure you want to delete the response titled "${response.title}"?`}
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
      {error ? <Alert variant="error">{error}</Alert> : <p className="text-sm text-slate-700">This cannot be undone.</p>}
    </Dialog>
  );
}
