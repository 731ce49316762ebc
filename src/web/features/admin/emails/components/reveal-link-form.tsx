import { useState } from 'react';
import { ZEmailRevealRequest } from '#shared/contracts/admin.js';
import { Form, FormAlert, TextareaField } from '#web/components/form/form.js';
import { showServerError, useZodForm } from '#web/components/form/use-zod-form.js';
import { Button } from '#web/components/ui/button.js';
import type { useRevealEmail } from '#web/features/admin/emails/api/emails.js';

/** The super admin's reveal of a masked link: a reason first, which the audit log keeps (decisions/013 D15). */
export function RevealLinkForm({ reveal }: { reveal: ReturnType<typeof useRevealEmail> }) {
  const [isOpen, setIsOpen] = useState(false);
  const form = useZodForm(ZEmailRevealRequest, { defaultValues: { reason: '' } });

  if (!isOpen) {
    return (
      <Button variant="outline" size="sm" onClick={() => setIsOpen(true)}>
        Reveal link
      </Button>
    );
  }

  return (
    <Form
      form={form}
      className="space-y-3"
      aria-label="Reveal link"
      onSubmit={({ reason }) => {
        if (!reveal.isPending) reveal.mutate(reason, { onError: (failure) => showServerError(form, failure) });
      }}
    >
      <TextareaField
        label="Reason for revealing the link"
        name="reason"
        rows={2}
        maxLength={500}
        required
        hint="10 to 500 characters. It is written to the audit log with your name."
      />
      <FormAlert />
      <div className="flex gap-2">
        <Button type="submit" size="sm" isLoading={reveal.isPending}>
          Reveal
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={() => setIsOpen(false)} disabled={reveal.isPending}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}
