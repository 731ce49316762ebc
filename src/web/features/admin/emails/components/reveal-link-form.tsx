import { useState, type FormEvent } from 'react';
import { EMAIL_LOG_MSG, ZEmailRevealRequest } from '#shared/contracts/admin.js';
import { Alert } from '#web/components/ui/alert.js';
import { Button } from '#web/components/ui/button.js';
import { Textarea } from '#web/components/ui/textarea.js';
import { getErrorMessage } from '#web/lib/api.js';
import type { useRevealEmail } from '#web/features/admin/emails/api/emails.js';

/** The super admin's reveal of a masked link: a reason first, which the audit log keeps (decisions/013 D15). */
export function RevealLinkForm({ reveal }: { reveal: ReturnType<typeof useRevealEmail> }) {
  const [isOpen, setIsOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  if (!isOpen) {
    return (
      <Button variant="outline" size="sm" onClick={() => setIsOpen(true)}>
        Reveal link
      </Button>
    );
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reveal.isPending) return;
    const parsed = ZEmailRevealRequest.safeParse({ reason });
    if (!parsed.success) {
      setError(EMAIL_LOG_MSG.reasonLength);
      return;
    }
    setError(null);
    reveal.mutate(parsed.data.reason, { onError: (failure) => setError(getErrorMessage(failure)) });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-3" aria-label="Reveal link">
      <Textarea
        label="Reason for revealing the link"
        name="reason"
        rows={2}
        maxLength={500}
        required
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        error={error ?? undefined}
        hint="10 to 500 characters. It is written to the audit log with your name."
      />
      {reveal.isError && !error && <Alert variant="error">{getErrorMessage(reveal.error)}</Alert>}
      <div className="flex gap-2">
        <Button type="submit" size="sm" isLoading={reveal.isPending}>
          Reveal
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={() => setIsOpen(false)} disabled={reveal.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
