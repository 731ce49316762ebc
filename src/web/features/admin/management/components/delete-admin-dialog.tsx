import { useState } from 'react';
import { STAFF_MSG, type TStaffMember } from '../../../../../shared/contracts/staff.js';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { useToast } from '../../../../components/ui/toast';
import { getErrorMessage } from '../../../../lib/api';
import { useDeleteAdmin } from '../api/admins';

export function DeleteAdminDialog({ admin, onClose }: { admin: TStaffMember; onClose: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const remove = useDeleteAdmin();
  const toast = useToast();

  const onConfirm = () => {
    setError(null);
    remove.mutate(admin.id, {
      onSuccess: () => {
        toast.success(STAFF_MSG.deleted);
        onClose();
      },
      onError: (failure) => setError(getErrorMessage(failure, STAFF_MSG.genericError)),
    });
  };

  return (
    <ConfirmDialog
      title="Delete Admin"
      description={`Are you sure you want to delete the admin ${admin.fullName} (${admin.email})?`}
      confirmLabel="Delete"
      variant="danger"
      isPending={remove.isPending}
      error={error}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <p className="text-sm text-slate-700">They are signed out at once and can no longer sign in. Their entries in the audit log stay.</p>
    </ConfirmDialog>
  );
}
