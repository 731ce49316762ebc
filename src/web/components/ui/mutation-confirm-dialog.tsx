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
};

/**
 * A confirmation that runs one mutation: closes with a success toast, or stays open with the
 * error shown once, in the dialog's alert (never also as a toast, docs/architecture.md "Forms").
 * The delete, ban and reset dialogs of the back-office are all this.
 */
export function MutationConfirmDialog<TVariables>({
  mutation,
  variables,
  successMessage,
  errorFallback,
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
      onError: (failure) => setError(getErrorMessage(failure, errorFallback)),
    });
  };

  return <ConfirmDialog {...dialog} isPending={mutation.isPending} error={error} onConfirm={onConfirm} onClose={onClose} />;
}

/**
 * A back-office delete (a canned response, a payment method, an admin): 'Delete' in red, and
 * below the question what it means, 'This cannot be undone.' unless the page says more.
 */
export function DeleteConfirmDialog<TVariables>({
  children = <p className="text-sm text-slate-700">This cannot be undone.</p>,
  ...props
}: Omit<MutationConfirmDialogProps<TVariables>, 'confirmLabel' | 'variant'>) {
  return (
    <MutationConfirmDialog {...props} confirmLabel="Delete" variant="danger">
      {children}
    </MutationConfirmDialog>
  );
}
