import { useState } from 'react';
import { STAFF_MSG, type TStaffMember } from '../../../../../shared/contracts/staff.js';
import { TWO_FACTOR_MSG } from '../../../../../shared/contracts/two-factor.js';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { useToast } from '../../../../components/ui/toast';
import { getErrorMessage } from '../../../../lib/api';
import { useResetAdminTwoFactor } from '../api/admins';

/** A lost phone: the super admin clears an admin's authenticator so they can enrol again. */
export function ResetTwoFactorDialog({ admin, onClose }: { admin: TStaffMember; onClose: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const reset = useResetAdminTwoFactor();
  const toast = useToast();

  return (
    <ConfirmDialog
      title="Reset Two-Factor"
      description={`Reset two-factor authentication for ${admin.fullName} (${admin.email})?`}
      confirmLabel="Reset two-factor"
      variant="danger"
      isPending={reset.isPending}
      error={error}
      onConfirm={() => {
        setError(null);
        reset.mutate(admin.id, {
          onSuccess: () => {
            toast.success(TWO_FACTOR_MSG.reset);
            onClose();
          },
          onError: (failure) => setError(getErrorMessage(failure, STAFF_MSG.genericError)),
        });
      }}
      onClose={onClose}
    >
      <p className="text-sm text-slate-700">They are signed out at once and set up a new authenticator at their next sign-in. Do this only after checking who is asking.</p>
    </ConfirmDialog>
  );
}
