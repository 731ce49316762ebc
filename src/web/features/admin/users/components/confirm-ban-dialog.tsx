import { useState } from 'react';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { useToast } from '../../../../components/ui/toast';
import { getErrorMessage } from '../../../../lib/api';
import { useSetUserBanned, type TAdminUser, type TBanAction } from '../api/users';

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
  const [error, setError] = useState<string | null>(null);
  const mutation = useSetUserBanned();
  const toast = useToast();
  const text = TEXT[action];

  const onConfirm = () => {
    setError(null);
    mutation.mutate(
      { id: user.id, action },
      {
        onSuccess: () => {
          toast.success(text.done(user.fullName));
          onDone();
        },
        onError: (failure) => {
          const message = getErrorMessage(failure);
          setError(message);
          toast.error(message);
        },
      },
    );
  };

  return (
    <ConfirmDialog
      title={text.title}
      description={text.question}
      confirmLabel={text.confirm}
      variant={action === 'ban' ? 'danger' : 'primary'}
      isPending={mutation.isPending}
      error={error}
      onConfirm={onConfirm}
      onClose={onDone}
    >
      <p className="text-sm text-slate-700">
        {user.fullName} <span className="text-slate-500">({user.email})</span>
      </p>
      {action === 'ban' && <p className="text-sm text-slate-600">They are signed out at once and cannot sign in until unbanned.</p>}
    </ConfirmDialog>
  );
}
