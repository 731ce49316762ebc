import { useId, type ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { Button } from '#web/components/ui/button.js';
import { Dialog } from '#web/components/ui/dialog.js';
import { Form, FormAlert } from './form';

type TFormDialogProps<TValues extends FieldValues, TOutput> = {
  title: string;
  form: UseFormReturn<TValues, unknown, TOutput>;
  /** The save is on its way: Cancel, Escape and the backdrop do not close, the submit waits. */
  isSaving: boolean;
  submitLabel: string;
  onSubmit: (values: TOutput) => void;
  onClose: () => void;
  children: ReactNode;
};

/**
 * A back-office add or edit dialog: the form of the one approach, the failure about no field
 * above its fields, Cancel and the submit button in the footer. A second press while saving
 * sends nothing.
 */
export function FormDialog<TValues extends FieldValues, TOutput>({
  title,
  form,
  isSaving,
  submitLabel,
  onSubmit,
  onClose,
  children,
}: TFormDialogProps<TValues, TOutput>) {
  const formId = useId();
  const close = () => {
    if (!isSaving) onClose();
  };
  return (
    <Dialog
      isOpen
      onClose={close}
      title={title}
      size="md"
      footer={
        <>
          <Button variant="outline" onClick={close} disabled={isSaving}>
            Cancel
          </Button>
          <Button type="submit" form={formId} isLoading={isSaving} loadingText="Saving...">
            {submitLabel}
          </Button>
        </>
      }
    >
      <Form
        form={form}
        id={formId}
        className="space-y-4"
        onSubmit={(values) => {
          if (!isSaving) onSubmit(values);
        }}
      >
        <FormAlert />
        {children}
      </Form>
    </Dialog>
  );
}
