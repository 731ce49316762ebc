import { useState, type FormEvent } from 'react';
import { ZEmail } from '#shared/contracts/account.js';
import { CONTACT_DEFAULTS, CONTENT_MSG } from '#shared/contracts/content.js';
import { MSG } from '#shared/messages.js';
import { PageHeading } from '#web/components/page-heading.js';
import { Alert } from '#web/components/ui/alert.js';
import { Button } from '#web/components/ui/button.js';
import { Input } from '#web/components/ui/input.js';
import { Textarea } from '#web/components/ui/textarea.js';
import { useContactContent } from '#web/features/public/api/contact-content.js';

/** A tel: link target: digits and a leading '+' only. */
function toTelHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

function Placeholder({ className }: { className: string }) {
  return <span className={`block animate-pulse rounded bg-slate-200 ${className}`} />;
}

type ContactErrors = { name?: string; email?: string; message?: string };

export function ContactPage() {
  // Editable content (admin 'Contact Page'); the defaults are shown when it cannot be loaded.
  const contentQuery = useContactContent();
  const content = contentQuery.data ?? CONTACT_DEFAULTS;
  const isLoading = contentQuery.isPending;
  const [values, setValues] = useState({ name: '', email: '', message: '' });
  const [errors, setErrors] = useState<ContactErrors>({});
  const [isSent, setIsSent] = useState(false);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const nextErrors: ContactErrors = {};
    if (!values.name.trim()) nextErrors.name = 'Name is required.';
    if (!ZEmail.safeParse(values.email).success) nextErrors.email = MSG.emailInvalid;
    if (!values.message.trim()) nextErrors.message = 'Message is required.';
    setErrors(nextErrors);
    // Spec section 2: the form only thanks the person locally and sends nothing.
    if (Object.keys(nextErrors).length === 0) setIsSent(true);
  };

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
            <form noValidate onSubmit={onSubmit} className="space-y-4">
              <Input
                label="Name"
                name="name"
                autoComplete="name"
                required
                value={values.name}
                onChange={(event) => setValues({ ...values, name: event.target.value })}
                error={errors.name}
              />
              <Input
                label="Email"
                type="email"
                name="email"
                autoComplete="email"
                required
                value={values.email}
                onChange={(event) => setValues({ ...values, email: event.target.value })}
                error={errors.email}
              />
              <Textarea
                label="Message"
                name="message"
                required
                value={values.message}
                onChange={(event) => setValues({ ...values, message: event.target.value })}
                error={errors.message}
              />
              <Button type="submit">Send message</Button>
            </form>
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
              <p className="text-sm text-slate-700">
                Phone: <a href={toTelHref(content.supportPhone)}>{content.supportPhone}</a>
              </p>
            </>
          )}
          <p className="text-sm text-slate-600">We reply within 24 business hours. Logged-in customers can also use live chat.</p>
        </aside>
      </div>
    </div>
  );
}
