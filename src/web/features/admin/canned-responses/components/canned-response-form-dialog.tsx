import { useState, type FormEvent } from 'react';
import { ADMIN_MSG, ZCannedResponseInput } from '#shared/contracts/admin.js';
import { Alert } from '#web/components/ui/alert.js';
import { Button } from '#web/components/ui/button.js';
import { Dialog } from '#web/components/ui/dialog.js';
import { Input } from '#web/components/ui/input.js';
import { Textarea } from '#web/components/ui/textarea.js';
import { useToast } from '#web/components/ui/toast.js';
import { ApiError, getErrorMessage } from '#web/lib/api.js';
import { getFieldErrors, type FieldErrors } from '#web/lib/form-errors.js';
import { useSaveCannedResponse, type TCannedResponse } from '#web/features/admin/canned-responses/api/canned-responses.js';

type TField = 'title' | 'message';

type CannedResponseFormDialogProps = {
  /** The response being edited, or null to add a new one. */
  response: TCannedResponse | null;
  onClose: () => void;
};

/** Add or edit a canned response: title and message, both required (docs/product.md §5). */
export function CannedResponseFormDialog({ response, onClose }: CannedResponseFormDialogProps) {
  const [values, setValues] = useState({ title: response?.title ?? '', message: response?.message ?? '' });
  const [errors, setErrors] = useState<FieldErrors<TField>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const save = useSaveCannedResponse();
  const toast = useToast();
  const isEdit = response !== null;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const parsed = ZCannedResponseInput.safeParse(values);
    if (!parsed.success) {
      setErrors(getFieldErrors<TField>(parsed.error));
      return;
    }
    setErrors({});
    save.mutate(
      { id: response?.id ?? null, input: parsed.data },
      {
        onSuccess: () => {
          toast.success(isEdit ? ADMIN_MSG.responseUpdated : ADMIN_MSG.responseAdded);
          onClose();
        },
        onError: (error) => {
          const message = getErrorMessage(error, ADMIN_MSG.genericError);
          if (error instanceof ApiError && error.fields) setErrors(error.fields as FieldErrors<TField>);
          setFormError(message);
          toast.error(message);
        },
      },
    );
  };

  return (
    <Dialog
      isOpen
      onClose={() => {
        if (!save.isPending) onClose();
      }}
      title={isEdit ? 'Edit Response' : 'Add Response'}
      size="md"
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" form="canned-response-form" isLoading={save.isPending} loadingText="Saving...">
            {isEdit ? 'Save Changes' : 'Add Response'}
          </Button>
        </>
      }
    >
      <form id="canned-response-form" noValidate onSubmit={onSubmit} className="space-y-4">
        {formError && <Alert variant="error">{formError}</Alert>}
        <Input
          label="Title"
          name="title"
          maxLength={100}
          required
          value={values.title}
          onChange={(event) => setValues((current) => ({ ...current, title: event.target.value }))}
          error={errors.title}
          disabled={save.isPending}
        />
        <Textarea
          label="Message"
          name="message"
          rows={5}
          maxLength={2000}
          required
          value={values.message}
          onChange={(event) => setValues((current) => ({ ...current, message: event.target.value }))}
          error={errors.message}
          disabled={save.isPending}
        />
      </form>
    </Dialog>
  );
}
