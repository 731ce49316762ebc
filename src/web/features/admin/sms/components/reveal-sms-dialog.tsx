import { SMS_MSG, ZSmsRevealRequest, type TSmsLogItem } from '#shared/contracts/sms.js';
import { Form, FormAlert, TextareaField } from '#web/components/form/form.js';
import { showServerError, useZodForm } from '#web/components/form/use-zod-form.js';
import { Alert } from '#web/components/ui/alert.js';
import { Button } from '#web/components/ui/button.js';
import { Dialog } from '#web/components/ui/dialog.js';
import { useRevealSms } from '#web/features/admin/sms/api/sms.js';

/**
 * The super admin's reveal of a masked one-time code: a reason first, which the audit log keeps
 * with their name (docs/decisions/011); the SMS as delivered is then shown in this dialog only.
 */
export function RevealSmsDialog({ sms, onClose }: { sms: TSmsLogItem; onClose: () => void }) {
  const reveal = useRevealSms(sms.id);
  const form = useZodForm(ZSmsRevealRequest, { defaultValues: { reason: '' } });
  const revealed = reveal.data;

  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={`SMS #${sms.id} to ${sms.to}`}
      footer={
        <Button variant="outline" onClick={onClose}>
          Close
        </Button>
      }
    >
      {revealed ? (
        <div className="space-y-3">
          <Alert variant="warning">{SMS_MSG.revealed}</Alert>
          <p
            className="rounded-lg border border-slate-200 bg-slate-50 p-3 font-mono text-sm break-words text-slate-900"
            aria-label="Message as delivered"
          >
            {revealed.body}
          </p>
        </div>
      ) : (
        <Form
          form={form}
          className="space-y-3"
          aria-label="Reveal code"
          onSubmit={({ reason }) => {
            if (!reveal.isPending) reveal.mutate(reason, { onError: (failure) => showServerError(form, failure) });
          }}
        >
          <Alert variant="info">{SMS_MSG.masked}</Alert>
          <p className="text-sm break-words text-slate-800">{sms.body}</p>
          <TextareaField
            label="Reason for revealing the code"
            name="reason"
            rows={2}
            maxLength={500}
            required
            hint="10 to 500 characters. It is written to the audit log with your name."
          />
          <FormAlert />
          <Button type="submit" size="sm" isLoading={reveal.isPending}>
            Reveal
          </Button>
        </Form>
      )}
    </Dialog>
  );
}
