import { STAFF_MSG, type TStaffMember } from '#shared/contracts/staff.js';
import { MutationConfirmDialog } from '#web/components/ui/mutation-confirm-dialog.js';
import { useDeleteAdmin } from '#web/features/admin/management/api/admins.js';

export function DeleteAdminDialog({ admin, onClose }: { admin: TStaffMember; onClose: () => void }) {
  const mutation = useDeleteAdmin();
  return (
    <MutationConfirmDialog
      mutation={mutation}
      variables={admin.id}
      successMessage={STAFF_MSG.deleted}
      errorFallback={STAFF_MSG.genericError}
      toastErrors={false}
      title="Delete Admin"
      description={`Are you sure you want to delete the admin ${admin.fullName} (${admin.email})?`}
      confirmLabel="Delete"
      variant="danger"
      onClose={onClose}
    >
      <p className="text-sm text-slate-700">They are signed out at once and can no longer sign in. Their entries in the audit log stay.</p>
    </MutationConfirmDialog>
  );
}
