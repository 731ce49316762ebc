import { ADMIN_MSG, ZCannedResponseInput } from '#shared/contracts/admin.js';
import { TextareaField, TextField } from '#web/components/form/form.js';
import { showServerError, useZodForm } from '#web/components/form/use-zod-form.js';
import { useToast } from '#web/components/ui/toast.js';
import { useSaveCannedResponse, type TCannedResponse } from '#web/features/admin/canned-responses/api/canned-responses.js';
import { FormDialog } from '#web/components/form/form-dialog.js';

type CannedResponseFormDialogProps = {
  /** The response being edited, or null to add a new one. */
  response: TCannedResponse | null;
  onClose: () => void;
};

/** Add or edit a canned response: title and message, both required (docs/product.md §5). */
export function CannedResponseFormDialog({ response, onClose }: CannedResponseFormDialogProps) {
  const form = useZodForm(ZCannedResponseInput, { defaultValues: { title: response?.title ?? '', message: response?.message ?? '' } });
  const save = useSaveCannedResponse();
  const toast = useToast();
  const isEdit = response !== null;

  return (
    <FormDialog
      title={isEdit ? 'Edit Response' : 'Add Response'}
      form={form}
      isSaving={save.isPending}
      submitLabel={isEdit ? 'Save Changes' : 'Add Response'}
      onClose={onClose}
      onSubmit={(input) =>
        save.mutate(
          { id: response?.id ?? null, input },
          {
            onSuccess: () => {
              toast.success(isEdit ? ADMIN_MSG.responseUpdated : ADMIN_MSG.responseAdded);
              onClose();
            },
            onError: (error) => showServerError(form, error, { fallback: ADMIN_MSG.genericError }),
          },
        )
      }
    >
      <TextField label="Title" name="title" maxLength={100} required disabled={save.isPending} />
      <TextareaField label="Message" name="message" rows={5} maxLength={2000} required disabled={save.isPending} />
    </FormDialog>
  );
}
