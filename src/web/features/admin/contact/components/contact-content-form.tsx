import { ZContactContent, CONTENT_MSG, type TContactContent } from '#shared/contracts/content.js';
import { Form, TextareaField, TextField } from '#web/components/form/form.js';
import { showServerError, useZodForm } from '#web/components/form/use-zod-form.js';
import { Button } from '#web/components/ui/button.js';
import { useToast } from '#web/components/ui/toast.js';
import { useSaveContactContent } from '#web/features/admin/contact/api/contact-content.js';

/** The four editable texts of the public contact page; mounted once the stored content is known. */
export function ContactContentForm({ initial }: { initial: TContactContent }) {
  const form = useZodForm(ZContactContent, { defaultValues: initial });
  const save = useSaveContactContent();
  const toast = useToast();

  return (
    <Form
      form={form}
      className="card max-w-2xl space-y-4"
      onSubmit={(content) =>
        save.mutate(content, {
          onSuccess: (saved) => {
            form.reset(saved);
            toast.success(CONTENT_MSG.saved);
          },
          // The product's words for a failed save (a toast), or the server's on its fields.
          onError: (error) => showServerError(form, error, { fallback: CONTENT_MSG.saveFailed, toast: toast.error }),
        })
      }
    >
      <TextField label="Headline" name="headline" maxLength={200} required />
      <TextareaField label="Introductory paragraph" name="introParagraph" rows={4} maxLength={2000} required />
      <TextField label="Support email" name="supportEmail" type="email" autoComplete="off" maxLength={254} required />
      <TextField label="Support phone" name="supportPhone" type="tel" autoComplete="off" maxLength={40} required />
      <div className="flex justify-end">
        <Button type="submit" isLoading={save.isPending} loadingText="Saving...">
          Save
        </Button>
      </div>
    </Form>
  );
}
