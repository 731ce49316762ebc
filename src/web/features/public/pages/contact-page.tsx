import { useState, type FormEvent } from 'react';
import { ZEmail } from '../../../../shared/contracts/account.js';
import { MSG } from '../../../../shared/messages.js';
import { PageHeading } from '../../../components/page-heading';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';

// Default content; the editable contact page content (admin 'Contact Page') replaces it later.
const CONTENT = {
  headline: 'Get in touch',
  intro: 'Questions about an order, verification or your account? Send us a message and we will reply within 24 business hours.',
  supportEmail: 'support@cedicrypto.com',
  supportPhone: '+233 30 000 0000',
};

type ContactErrors = { name?: string; email?: string; message?: string };

export function ContactPage() {
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
      <PageHeading title={CONTENT.headline} description={CONTENT.intro} />
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
          <p className="text-sm text-slate-700">
            Email: <a href={`mailto:${CONTENT.supportEmail}`}>{CONTENT.supportEmail}</a>
          </p>
          <p className="text-sm text-slate-700">
            Phone: <a href={`tel:${CONTENT.supportPhone.replace(/\s/g, '')}`}>{CONTENT.supportPhone}</a>
          </p>
        </aside>
      </div>
    </div>
  );
}
