import type { TTestEmailResult } from '#shared/contracts/setup.js';
import { Alert } from '#web/components/ui/alert.js';
import { Button } from '#web/components/ui/button.js';
import { getErrorMessage } from '#web/lib/api.js';
import { useSendTestEmail } from '#web/features/admin/settings/api/settings.js';

function Result({ result }: { result: TTestEmailResult }) {
  if (result.outcome === 'sent') return <Alert variant="success">{result.message}</Alert>;
  if (result.outcome === 'failed') {
    return (
      <Alert variant="error">
        <p>{result.message}</p>
        {result.detail && (
          <p className="mt-1 break-words">
            The mail server said: <span className="font-mono text-xs">{result.detail}</span>
          </p>
        )}
      </Alert>
    );
  }
  return <Alert variant="warning">{result.message}</Alert>;
}

/**
 * "Send test email" (issue 16): a real email to the admin notification address through the
 * saved SMTP settings, with what happened in words (the mail server's own answer beside them).
 * Unsaved changes are not what it tests, so it waits for them to be saved.
 */
export function TestEmail({ hasUnsavedChanges, isSaving }: { hasUnsavedChanges: boolean; isSaving: boolean }) {
  const send = useSendTestEmail();
  return (
    <div className="space-y-3 border-t border-slate-200 pt-4">
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="outline"
          isLoading={send.isPending}
          loadingText="Sending…"
          disabled={hasUnsavedChanges || isSaving}
          onClick={() => send.mutate()}
        >
          Send test email
        </Button>
        <p className="text-sm text-slate-600">
          {hasUnsavedChanges
            ? 'Save your changes first: the test uses the saved settings.'
            : 'Sends an email to the admin notification address with the saved settings.'}
        </p>
      </div>
      {send.isError && <Alert variant="error">{getErrorMessage(send.error, 'The test email could not be sent.')}</Alert>}
      {send.data && !send.isPending && <Result result={send.data} />}
    </div>
  );
}
