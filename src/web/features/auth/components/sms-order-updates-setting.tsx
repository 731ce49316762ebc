import { useId } from 'react';
import { Link } from '#web/lib/router.js';
import { SMS_MSG } from '#shared/contracts/sms.js';
import { Alert } from '#web/components/ui/alert.js';
import { Spinner } from '#web/components/ui/spinner.js';
import { Switch } from '#web/components/ui/switch.js';
import { useToast } from '#web/components/ui/toast.js';
import { getErrorMessage } from '#web/lib/api.js';
import { paths } from '#web/lib/paths.js';
import { usePhoneSettings, useSetSmsOrderUpdates } from '#web/features/auth/api/sms-order-updates.js';

/**
 * The customer's order SMS setting (issue 18): an SMS when an order is created, completed,
 * cancelled or expires, to the number verified on the KYC page; off until they turn it on.
 */
export function SmsOrderUpdatesSetting() {
  const headingId = useId();
  const status = usePhoneSettings();
  const save = useSetSmsOrderUpdates();
  const toast = useToast();

  let content;
  if (status.isPending) {
    content = (
      <p role="status" className="inline-flex items-center gap-2 text-sm text-slate-700">
        <Spinner /> Loading…
      </p>
    );
  } else if (status.isError) {
    content = <Alert variant="error">{getErrorMessage(status.error)}</Alert>;
  } else if (!status.data.phone || !status.data.verifiedAt) {
    content = (
      <p className="text-sm text-slate-700">
        Order SMS go to a verified phone number only. <Link to={paths.kyc.getHref()}>Verify your phone number</Link> first.
      </p>
    );
  } else {
    const phone = status.data.phone;
    content = (
      <div className="space-y-3">
        <Switch
          label="Send me an SMS when an order is created, completed, cancelled or expires"
          checked={status.data.smsOrderUpdates}
          disabled={save.isPending}
          onCheckedChange={(checked) =>
            save.mutate(checked, { onSuccess: () => toast.success(checked ? SMS_MSG.orderUpdatesOn : SMS_MSG.orderUpdatesOff) })
          }
        />
        <p className="text-sm text-slate-600">{`SMS go to ${phone}, your verified number.`}</p>
        {save.isError && <Alert variant="error">{getErrorMessage(save.error)}</Alert>}
      </div>
    );
  }

  return (
    <section className="card space-y-4" aria-labelledby={headingId}>
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        Order updates by SMS
      </h2>
      {content}
    </section>
  );
}
