import { useEffect } from 'react';
import { telHref, whatsappHref } from '#shared/company.js';
import { CONTACT_DEFAULTS, CONTACT_FORM_LIMITS, CONTACT_FORM_MSG, CONTENT_MSG, ZContactMessage } from '#shared/contracts/content.js';
import { Form, FormAlert, TextareaField, TextField } from '#web/components/form/form.js';
import { showServerError, useZodForm } from '#web/components/form/use-zod-form.js';
import { PageHeading } from '#web/components/page-heading.js';
import { Alert } from '#web/components/ui/alert.js';
import { Button } from '#web/components/ui/button.js';
import { useContactContent } from '#web/lib/contact-content.js';
import { useSession } from '#web/lib/session.js';
import { useSendContactMessage } from '#web/features/public/api/send-contact-message.js';

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
  const sendMessage = useSendContactMessage();
  // A signed-in customer's message joins their live chat (docs/decisions/022): their name and address are filled in.
  const { user } = useSession();
  const customer = user && user.role === null ? user : null;
  useEffect(() => {
    if (!customer) return;
    const { name, email } = form.getValues();
    if (!name) form.setValue('name', customer.fullName);
    if (!email) form.setValue('email', customer.email);
  }, [customer, form]);

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
          {sendMessage.isSuccess ? (
            <Alert variant="success">{CONTACT_FORM_MSG.thanks}</Alert>
          ) : (
            // docs/decisions/022 (overriding docs/product.md §2): the message reaches the support inbox; thanks once it is stored.
            <Form
              form={form}
              className="space-y-4"
              onSubmit={(message) => sendMessage.mutate(message, { onError: (error) => showServerError(form, error) })}
            >
              {customer && <p className="text-sm text-slate-600">{CONTACT_FORM_MSG.signedInNote}</p>}
              <TextField label="Name" name="name" autoComplete="name" maxLength={CONTACT_FORM_LIMITS.name} required />
              <TextField label="Email" type="email" name="email" autoComplete="email" inputMode="email" required />
              <TextareaField label="Message" name="message" rows={6} required />
              <FormAlert />
              <Button type="submit" isLoading={sendMessage.isPending}>
                Send message
              </Button>
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
              {/* Only what is set (issue 16, docs/decisions/022): no placeholder address or number. */}
              {content.supportEmail && (
                <p className="text-sm break-words text-slate-700">
                  Email: <a href={`mailto:${content.supportEmail}`}>{content.supportEmail}</a>
                </p>
              )}
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
