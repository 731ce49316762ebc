import { STAFF_MSG, type TStaffMember } from '#shared/contracts/staff.js';
import { TWO_FACTOR_MSG } from '#shared/contracts/two-factor.js';
import { MutationConfirmDialog } from '#web/components/ui/mutation-confirm-dialog.js';
import { useResetAdminTwoFactor } from '#web/features/admin/management/api/admins.js';

/** A lost phone: the super admin clears an admin's authenticator so they can enrol again. */
export function ResetTwoFactorDialog({ admin, onClose }: { admin: TStaffMember; onClose: () => void }) {
  const mutation = useResetAdminTwoFactor();
  return (
    <MutationConfirmDialog
      mutation={mutation}
      variables={admin.id}
      successMessage={TWO_FACTOR_MSG.reset}
      errorFallback={STAFF_MSG.genericError}
      title="Reset Two-Factor"
      description={`Reset two-factor authentication for ${admin.fullName} (${admin.email})?`}
      confirmLabel="Reset two-factor"
      variant="danger"
      onClose={onClose}
    >
      <p className="text-sm text-slate-700">
        They are signed out at once and set up a new authenticator at their next sign-in. Do this only after checking who is asking.
      </p>
    </MutationConfirmDialog>
  );
}
