import { useId, useState } from 'react';
import { MutationConfirmDialog } from '#web/components/ui/mutation-confirm-dialog.js';
import { Textarea } from '#web/components/ui/textarea.js';
import { useCloseCustomerAccount, type TAdminUser } from '#web/features/admin/users/api/users.js';

type ConfirmCloseAccountDialogProps = {
  user: TAdminUser;
  /** After Cancel or the closure: back to the profile it was asked from. */
  onDone: () => void;
};

/**
 * The confirmation of an account closure (super admin). Closing is final: the customer is signed
 * out and can never sign in again; nothing is deleted, and the account is anonymised only once the
 * retention period has run (docs/decisions/017, "Records retention"). It asks for the reason, and
 * is refused while the customer has paid orders not yet approved or refunded (issue 27).
 */
export function ConfirmCloseAccountDialog({ user, onDone }: ConfirmCloseAccountDialogProps) {
  const mutation = useCloseCustomerAccount();
  const [reason, setReason] = useState('');
  const reasonId = useId();
  return (
    <MutationConfirmDialog
      mutation={mutation}
      variables={{ id: user.id, reason }}
      successMessage={`${user.fullName}'s account has been closed.`}
      title="Close account"
      description="Are you sure you want to close this account?"
      confirmLabel="Close account"
      variant="danger"
      onClose={onDone}
    >
      <p className="text-sm text-slate-700">
        {user.fullName} <span className="text-slate-500">({user.email})</span>
      </p>
      <p className="text-sm text-slate-600">
        They are signed out at once and can never sign in again. Their orders, documents and records are kept for the retention period, then
        anonymised. A closed account cannot be reopened.
      </p>
      <Textarea
        id={reasonId}
        label="Reason"
        rows={3}
        maxLength={2000}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        hint="Kept in the audit log."
      />
    </MutationConfirmDialog>
  );
}
