import { useId, useState } from 'react';
import { MutationConfirmDialog } from '#web/components/ui/mutation-confirm-dialog.js';
import { Textarea } from '#web/components/ui/textarea.js';
import { useSetUserBanned, type TAdminUser, type TBanAction } from '#web/features/admin/users/api/users.js';

const TEXT: Record<TBanAction, { title: string; question: string; confirm: string; done: (name: string) => string }> = {
  ban: {
    title: 'Ban user',
    question: 'Are you sure you want to ban this user?',
    confirm: 'Ban',
    done: (name) => `${name} has been banned.`,
  },
  unban: {
    title: 'Unban user',
    question: 'Are you sure you want to unban this user?',
    confirm: 'Unban',
    done: (name) => `${name} has been unbanned.`,
  },
};

type ConfirmBanDialogProps = {
  user: TAdminUser;
  action: TBanAction;
  /** After Cancel or the change: back to where it was asked from (the list or the profile). */
  onDone: () => void;
};

/**
 * The confirmation of a ban or unban (an accessible dialog, not window.confirm). A ban asks for
 * its reason (issue 27 point 5): the server refuses one without, with the product's message.
 */
export function ConfirmBanDialog({ user, action, onDone }: ConfirmBanDialogProps) {
  const mutation = useSetUserBanned();
  const text = TEXT[action];
  const [reason, setReason] = useState('');
  const reasonId = useId();
  return (
    <MutationConfirmDialog
      mutation={mutation}
      variables={{ id: user.id, action, reason }}
      successMessage={text.done(user.fullName)}
      title={text.title}
      description={text.question}
      confirmLabel={text.confirm}
      variant={action === 'ban' ? 'danger' : 'primary'}
      onClose={onDone}
    >
      <p className="text-sm text-slate-700">
        {user.fullName} <span className="text-slate-500">({user.email})</span>
      </p>
      {action === 'ban' && <p className="text-sm text-slate-600">They are signed out at once and cannot sign in until unbanned.</p>}
      {action === 'ban' && (
        <Textarea
          id={reasonId}
          label="Reason"
          rows={3}
          maxLength={500}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          hint="Kept on the account and in the audit log."
        />
      )}
    </MutationConfirmDialog>
  );
}
