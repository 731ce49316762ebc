import { useId, type ReactNode } from 'react';
import { COMPANY_LABELS } from '#shared/company.js';
import { ZContactContent, CONTENT_MSG, type TContactContent } from '#shared/contracts/content.js';
import { Form, TextareaField, TextField } from '#web/components/form/form.js';
import { showServerError, useZodForm } from '#web/components/form/use-zod-form.js';
import { Button } from '#web/components/ui/button.js';
import { useToast } from '#web/components/ui/toast.js';
import { useSaveContactContent } from '#web/features/admin/contact/api/contact-content.js';

function Section({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="card space-y-4">
      <div>
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{description}</p>
      </div>
      {children}
    </section>
  );
}

/**
 * The texts of the public contact page and the company's details (issue 16: shown in the site
 * footer, on About and in every order email); mounted once the stored content is known. An
 * empty detail is not shown anywhere.
 */
export function ContactContentForm({ initial }: { initial: TContactContent }) {
  const form = useZodForm(ZContactContent, { defaultValues: initial });
  const save = useSaveContactContent();
  const toast = useToast();

  return (
    <Form
      form={form}
      className="max-w-2xl space-y-6"
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
      <Section title="Contact page" description="What customers see on the public Contact page.">
        <TextField label="Headline" name="headline" maxLength={200} required />
        <TextareaField label="Introductory paragraph" name="introParagraph" rows={4} maxLength={2000} required />
        <TextField
          label={COMPANY_LABELS.supportEmail}
          name="supportEmail"
          type="email"
          autoComplete="off"
          maxLength={254}
          hint="Also in the site footer, on About and in emails. Leave empty until you have an address your support team reads."
        />
        <TextField
          label={COMPANY_LABELS.supportPhone}
          name="supportPhone"
          type="tel"
          autoComplete="off"
          maxLength={40}
          hint="Also in the site footer and order emails. Leave empty until you have a number customers can call."
        />
        <TextField
          label={COMPANY_LABELS.whatsappNumber}
          name="whatsappNumber"
          type="tel"
          autoComplete="off"
          maxLength={40}
          hint="Optional. Customers get a WhatsApp link to it."
        />
      </Section>

      <Section
        title="Company details"
        description="Who runs this service, shown in the site footer, on the About page and in every order email. Empty fields are not shown."
      >
        <TextField label={COMPANY_LABELS.companyName} name="companyName" autoComplete="off" maxLength={200} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={COMPANY_LABELS.registrationNumber} name="registrationNumber" autoComplete="off" maxLength={100} />
          <TextField
            label={COMPANY_LABELS.licenceNumber}
            name="licenceNumber"
            autoComplete="off"
            maxLength={100}
            hint="Optional, e.g. the number of your licence from the regulator."
          />
        </div>
        <TextareaField label={COMPANY_LABELS.streetAddress} name="streetAddress" rows={2} maxLength={300} />
      </Section>

      <div className="flex justify-end">
        <Button type="submit" isLoading={save.isPending} loadingText="Saving...">
          Save
        </Button>
      </div>
    </Form>
  );
}
