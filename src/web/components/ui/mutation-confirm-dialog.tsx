import { useState, type ComponentProps } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import { getErrorMessage } from '#web/lib/api.js';
import { ConfirmDialog } from './confirm-dialog';
import { useToast } from './toast';

type MutationConfirmDialogProps<TVariables> = Omit<ComponentProps<typeof ConfirmDialog>, 'isPending' | 'error' | 'onConfirm'> & {
  mutation: UseMutationResult<unknown, unknown, TVariables>;
  variables: TVariables;
  successMessage: string;
  /** Shown when the server gives no message of its own. */
  errorFallback?: string;
  /** Also toast a failure (it always shows in the dialog). */
  toastErrors?: boolean;
};

/**
 * A confirmation that runs one mutation: closes with a success toast, or stays open with the
 * error. The delete and reset dialogs of the back-office are all this.
 */
export function MutationConfirmDialog<TVariables>({
  mutation,
  variables,
  successMessage,
  errorFallback,
  toastErrors = true,
  onClose,
  ...dialog
}: MutationConfirmDialogProps<TVariables>) {
  const [error, setError] = useState<string | null>(null);
  const toast = useToast();

  const onConfirm = () => {
    setError(null);
    mutation.mutate(variables, {
      onSuccess: () => {
        toast.success(successMessage);
        onClose();
      },
      onError: (failure) => {
        const message = getErrorMessage(failure, errorFallback);
        setError(message);
        if (toastErrors) toast.error(message);
      },
    });
  };

  return <ConfirmDialog {...dialog} isPending={mutation.isPending} error={error} onConfirm={onConfirm} onClose={onClose} />;
}
