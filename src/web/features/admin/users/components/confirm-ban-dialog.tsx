import { MutationConfirmDialog } from '#web/components/ui/mutation-confirm-dialog.js';
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

/** The confirmation of a ban or unban (an accessible dialog, not window.confirm). */
export function ConfirmBanDialog({ user, action, onDone }: ConfirmBanDialogProps) {
  const mutation = useSetUserBanned();
  const text = TEXT[action];
  return (
    <MutationConfirmDialog
      mutation={mutation}
      variables={{ id: user.id, action }}
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
    </MutationConfirmDialog>
  );
}
