import { Button } from '#web/components/ui/button.js';
import { Dialog } from '#web/components/ui/dialog.js';
import { formatDateTime } from '#web/lib/format-date.js';
import { EMAIL_LOG_MSG } from '#shared/contracts/admin.js';
import { canAccess } from '#shared/permissions.js';
import { Alert } from '#web/components/ui/alert.js';
import { useSession } from '#web/lib/session.js';
import { useEmail, useRevealEmail } from '#web/features/admin/emails/api/emails.js';
import { RevealLinkForm } from './reveal-link-form';
import { EmailStatusBadge } from './email-status-badge';
import { DetailRow, QueryContent } from '#web/components/ui/query-content.js';

/**
 * One logged email. The HTML body is shown in a fully sandboxed frame (sandbox=""): no scripts,
 * no forms, no same-origin access to the admin session, whatever the body contains. The tokens
 * of password-reset and invitation links come masked; a super admin may reveal them with a
 * reason, for this view only (decisions/013 D15).
 */
export function EmailDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const query = useEmail(id);
  const reveal = useRevealEmail(id);
  const { user } = useSession();
  const email = query.data;

  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={email ? email.subject || '(No Subject)' : 'Email'}
      size="xl"
      footer={
        <Button variant="outline" onClick={onClose}>
          Close
        </Button>
      }
    >
      <QueryContent query={query} loadingText="Loading email…">
        {(email) => (
          <div className="space-y-4">
            <dl className="grid gap-4 sm:grid-cols-2">
              <DetailRow label="Subject">{email.subject || '(No Subject)'}</DetailRow>
              <DetailRow label="To">{email.to || '(No Recipient)'}</DetailRow>
              <DetailRow label="Sent">{formatDateTime(email.sentAt)}</DetailRow>
              <DetailRow label="Status">
                <EmailStatusBadge status={email.status} />
              </DetailRow>
              {email.lastError && (
                <DetailRow label="Last error">
                  <span className="font-mono text-sm text-red-800">{email.lastError}</span>
                </DetailRow>
              )}
            </dl>
            {reveal.data ? (
              <Alert variant="warning">{EMAIL_LOG_MSG.revealed}</Alert>
            ) : (
              email.maskedSecrets > 0 && (
                <div className="space-y-3">
                  <Alert variant="info">{EMAIL_LOG_MSG.masked}</Alert>
                  {canAccess(user?.role, 'emailSecrets') && <RevealLinkForm reveal={reveal} />}
                </div>
              )
            )}
            <iframe
              title="Email body"
              srcDoc={(reveal.data ?? email).body}
              sandbox=""
              referrerPolicy="no-referrer"
              className="h-[28rem] w-full rounded-lg border border-slate-200 bg-white"
            />
          </div>
        )}
      </QueryContent>
    </Dialog>
  );
}
