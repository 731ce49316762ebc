import { useState } from 'react';
import { telHref, whatsappHref } from '#shared/company.js';
import { CONTACT_DEFAULTS, CONTENT_MSG, ZContactMessage } from '#shared/contracts/content.js';
import { Form, TextareaField, TextField } from '#web/components/form/form.js';
import { useZodForm } from '#web/components/form/use-zod-form.js';
import { PageHeading } from '#web/components/page-heading.js';
import { Alert } from '#web/components/ui/alert.js';
import { Button } from '#web/components/ui/button.js';
import { useContactContent } from '#web/lib/contact-content.js';

function Placeholder({ className }: { className: string }) {
  return <span className={`block animate-pulse rounded bg-slate-200 ${className}`} />;
}

export function ContactPage() {
  // Editable content (admin 'Contact Page'); the defaults are shown when it cannot be loaded.
  const contentQuery = useContactContent();
  const content = contentQuery.data ?? CONTACT_DEFAULTS;
  const isLoading = contentQuery.isPending;
  const whatsapp = content.whatsappNumber ? whatsappHref(content.whatsappNumber) : null;
  const form = useZodForm(ZContactMessage, { defaultValues: { name: '', email: '', message: '' } });
  const [isSent, setIsSent] = useState(false);

  return (
    <div className="container-page py-10">
      {contentQuery.isError && (
        <Alert variant="warning" className="mb-6">
          {CONTENT_MSG.loadFailed}
        </Alert>
      )}
      {isLoading ? (
        <div className="mb-6 space-y-3" aria-busy="true">
          <span className="sr-only">Loading…</span>
          <Placeholder className="h-8 w-56" />
          <Placeholder className="h-4 w-full max-w-xl" />
        </div>
      ) : (
        <PageHeading title={content.headline} description={content.introParagraph} />
      )}
      <div className="grid gap-6 md:grid-cols-3">
        <div className="card md:col-span-2">
          {isSent ? (
            <Alert variant="success">Thank you for your message. We will get back to you within 24 business hours.</Alert>
          ) : (
            // docs/product.md §2: the form only thanks the person locally and sends nothing.
            <Form form={form} className="space-y-4" onSubmit={() => setIsSent(true)}>
              <TextField label="Name" name="name" autoComplete="name" required />
              <TextField label="Email" type="email" name="email" autoComplete="email" required />
              <TextareaField label="Message" name="message" required />
              <Button type="submit">Send message</Button>
            </Form>
          )}
        </div>
        <aside className="card space-y-3" aria-label="Support contacts">
          <h2 className="font-semibold">Support</h2>
          {isLoading ? (
            <>
              <Placeholder className="h-4 w-48" />
              <Placeholder className="h-4 w-36" />
            </>
          ) : (
            <>
              <p className="text-sm break-words text-slate-700">
                Email: <a href={`mailto:${content.supportEmail}`}>{content.supportEmail}</a>
              </p>
              {/* Only what is set (issue 16): no placeholder number. */}
              {content.supportPhone && (
                <p className="text-sm text-slate-700">
                  Phone: <a href={telHref(content.supportPhone)}>{content.supportPhone}</a>
                </p>
              )}
              {content.whatsappNumber && (
                <p className="text-sm text-slate-700">
                  WhatsApp:{' '}
                  {whatsapp ? (
                    <a href={whatsapp} target="_blank" rel="noopener noreferrer">
                      {content.whatsappNumber}
                    </a>
                  ) : (
                    content.whatsappNumber
                  )}
                </p>
              )}
            </>
          )}
          <p className="text-sm text-slate-600">We reply within 24 business hours. Logged-in customers can also use live chat.</p>
        </aside>
      </div>
    </div>
  );
}
