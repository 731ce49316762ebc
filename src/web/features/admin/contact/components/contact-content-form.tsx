import { useState, type FormEvent } from 'react';
import { ZContactContent, CONTENT_MSG, type TContactContent } from '#shared/contracts/content.js';
import { Button } from '#web/components/ui/button.js';
import { Input } from '#web/components/ui/input.js';
import { Textarea } from '#web/components/ui/textarea.js';
import { useToast } from '#web/components/ui/toast.js';
import { ApiError } from '#web/lib/api.js';
import { getFieldErrors, type FieldErrors } from '#web/lib/form-errors.js';
import { useSaveContactContent } from '#web/features/admin/contact/api/contact-content.js';

type TField = keyof TContactContent;

const FIELD_MESSAGES: Record<TField, string> = {
  headline: 'Headline is required.',
  introParagraph: 'Introductory paragraph is required.',
  supportEmail: 'A valid email is required.',
  supportPhone: 'Support phone is required.',
};

/** The four editable texts of the public contact page; mounted once the stored content is known. */
export function ContactContentForm({ initial }: { initial: TContactContent }) {
  const [values, setValues] = useState<TContactContent>(initial);
  const [errors, setErrors] = useState<FieldErrors<TField>>({});
  const save = useSaveContactContent();
  const toast = useToast();

  const setValue = (field: TField, value: string) => setValues((current) => ({ ...current, [field]: value }));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = ZContactContent.safeParse(values);
    if (!parsed.success) {
      const fields = getFieldErrors<TField>(parsed.error);
      setErrors(Object.fromEntries(Object.keys(fields).map((key) => [key, FIELD_MESSAGES[key as TField]])) as FieldErrors<TField>);
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: (content) => {
        setValues(content);
        toast.success(CONTENT_MSG.saved);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fields) setErrors(error.fields as FieldErrors<TField>);
        toast.error(CONTENT_MSG.saveFailed);
      },
    });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="card max-w-2xl space-y-4">
      <Input
        label="Headline"
        name="headline"
        maxLength={200}
        required
        value={values.headline}
        onChange={(event) => setValue('headline', event.target.value)}
        error={errors.headline}
      />
      <Textarea
        label="Introductory paragraph"
        name="introParagraph"
        rows={4}
        maxLength={2000}
        required
        value={values.introParagraph}
        onChange={(event) => setValue('introParagraph', event.target.value)}
        error={errors.introParagraph}
      />
      <Input
        label="Support email"
        name="supportEmail"
        type="email"
        autoComplete="off"
        maxLength={254}
        required
        value={values.supportEmail}
        onChange={(event) => setValue('supportEmail', event.target.value)}
        error={errors.supportEmail}
      />
      <Input
        label="Support phone"
        name="supportPhone"
        type="tel"
        autoComplete="off"
        maxLength={40}
        required
        value={values.supportPhone}
        onChange={(event) => setValue('supportPhone', event.target.value)}
        error={errors.supportPhone}
      />
      <div className="flex justify-end">
        <Button type="submit" isLoading={save.isPending} loadingText="Saving...">
          Save
        </Button>
      </div>
    </form>
  );
}
