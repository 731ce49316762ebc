import { useId, useState } from 'react';
import { PHONE_CODE_LENGTH, SMS_MSG, ZPhoneCodeRequest, ZPhoneVerifyRequest, type TPhoneStatus } from '#shared/contracts/sms.js';
import { useRemaining, formatRemaining } from '#web/components/countdown.js';
import { Form, FormAlert, TextField } from '#web/components/form/form.js';
import { showServerError, useZodForm } from '#web/components/form/use-zod-form.js';
import { Alert } from '#web/components/ui/alert.js';
import { Button } from '#web/components/ui/button.js';
import { Spinner } from '#web/components/ui/spinner.js';
import { ApiError, getErrorMessage } from '#web/lib/api.js';
import { usePhoneStatus, useRefreshPhoneStatus, useSendPhoneCode, useVerifyPhoneCode } from '#web/features/kyc/api/phone.js';

/** '+233241234567' -> '+233 24 123 4567', as Ghanaians read a number. */
export function formatGhanaPhone(phone: string): string {
  const match = /^\+233(\d{2})(\d{3})(\d{4})$/.exec(phone);
  return match ? `+233 ${match[1]} ${match[2]} ${match[3]}` : phone;
}

export type TPhoneVerificationProps = {
  /** Called once the number is verified (with the status the server answered). */
  onVerified?: (status: TPhoneStatus) => void;
  /** The level of the section's heading (2 by default): the page around it decides. */
  headingLevel?: 2 | 3;
};

/**
 * Phone verification by a one-time SMS code (issue 18, a step of Tier 1): a Ghana mobile
 * number, "Send code", the 6-digit code, "Verify". A new code may be asked for once the cooldown
 * the server set has passed. The server's messages are shown as they come (a wrong code on the
 * code field with the tries left; an expired or used-up code above the form, back at the number).
 */
export function PhoneVerification({ onVerified, headingLevel = 2 }: TPhoneVerificationProps) {
  const headingId = useId();
  const status = usePhoneStatus();
  /** The number form is shown over a verified number or a code under way (change, another number, a code gone). */
  const [isEditingNumber, setIsEditingNumber] = useState(false);
  /** Why the number form is back (a code that can no longer be used), shown above it. */
  const [notice, setNotice] = useState<string | null>(null);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const backToStatus = () => {
    setIsEditingNumber(false);
    setNotice(null);
  };

  let content;
  if (status.isPending) {
    content = (
      <p role="status" className="inline-flex items-center gap-2 text-sm text-slate-700">
        <Spinner /> Loading…
      </p>
    );
  } else if (status.isError) {
    content = <Alert variant="error">{getErrorMessage(status.error)}</Alert>;
  } else {
    const data = status.data;
    const isVerified = data.phone !== null && data.verifiedAt !== null;
    if (data.pendingCode && !isEditingNumber) {
      content = (
        <CodeStep
          status={data}
          pending={data.pendingCode}
          onVerified={(next) => {
            backToStatus();
            onVerified?.(next);
          }}
          onCodeGone={(message) => {
            setNotice(message);
            setIsEditingNumber(true);
          }}
          onOtherNumber={() => setIsEditingNumber(true)}
        />
      );
    } else if (isVerified && !isEditingNumber) {
      content = (
        <div className="space-y-3">
          <Alert variant="success">
            Verified number: <strong>{formatGhanaPhone(data.phone ?? '')}</strong>
          </Alert>
          <Button variant="outline" size="sm" onClick={() => setIsEditingNumber(true)}>
            Change number
          </Button>
        </div>
      );
    } else {
      content = (
        <NumberStep
          defaultPhone={data.pendingCode?.phone ?? (isVerified ? '' : (data.phone ?? ''))}
          notice={notice}
          onSent={backToStatus}
          onCancel={isVerified || data.pendingCode ? backToStatus : undefined}
        />
      );
    }
  }

  return (
    <section className="card space-y-4" aria-labelledby={headingId}>
      <Heading id={headingId} className="text-lg font-semibold text-slate-900">
        Phone number
      </Heading>
      {content}
    </section>
  );
}

function NumberStep({
  defaultPhone,
  notice,
  onSent,
  onCancel,
}: {
  defaultPhone: string;
  notice: string | null;
  onSent: () => void;
  onCancel: (() => void) | undefined;
}) {
  const send = useSendPhoneCode();
  const form = useZodForm(ZPhoneCodeRequest, { defaultValues: { phone: defaultPhone } });
  return (
    <Form
      form={form}
      className="space-y-4"
      aria-label="Phone number"
      onSubmit={({ phone }) => {
        if (!send.isPending) send.mutate(phone, { onSuccess: onSent, onError: (failure) => showServerError(form, failure) });
      }}
    >
      {notice && <Alert variant="warning">{notice}</Alert>}
      <p className="text-sm text-slate-700">We send a {PHONE_CODE_LENGTH}-digit code by SMS to check that the number is yours.</p>
      <TextField
        label="Mobile number"
        name="phone"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        maxLength={20}
        hint="A Ghana mobile number, for example 024 123 4567 or +233 24 123 4567."
        required
      />
      <FormAlert />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" isLoading={send.isPending}>
          Send code
        </Button>
        {onCancel && (
          <Button type="button" variant="outline" onClick={onCancel} disabled={send.isPending}>
            Cancel
          </Button>
        )}
      </div>
    </Form>
  );
}

function CodeStep({
  status,
  pending,
  onVerified,
  onCodeGone,
  onOtherNumber,
}: {
  status: TPhoneStatus;
  pending: NonNullable<TPhoneStatus['pendingCode']>;
  onVerified: (status: TPhoneStatus) => void;
  onCodeGone: (message: string) => void;
  onOtherNumber: () => void;
}) {
  const verify = useVerifyPhoneCode();
  const resend = useSendPhoneCode();
  const refresh = useRefreshPhoneStatus();
  const form = useZodForm(ZPhoneVerifyRequest, { defaultValues: { code: '' } });
  const resendIn = useRemaining(Date.parse(pending.resendAt));
  const canResend = resendIn <= 0;
  const [resendError, setResendError] = useState<string | null>(null);

  return (
    <div className="space-y-4">
      <Alert variant="info">{SMS_MSG.codeSent(formatGhanaPhone(pending.phone))} It is valid for 10 minutes.</Alert>
      <Form
        form={form}
        className="space-y-4"
        aria-label="Code from the SMS"
        onSubmit={({ code }) => {
          if (verify.isPending) return;
          verify.mutate(code, {
            onSuccess: (next) => onVerified(next),
            onError: (failure) => {
              if (failure instanceof ApiError && (failure.code === 'PHONE_CODE_EXPIRED' || failure.code === 'PHONE_TAKEN')) {
                // The code cannot be used any more, or the number was verified on another account
                // meanwhile (docs/decisions/016): back to the number, with the reason.
                onCodeGone(failure.message);
                void refresh();
                return;
              }
              showServerError(form, failure);
            },
          });
        }}
      >
        <TextField
          label="Verification code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={PHONE_CODE_LENGTH}
          hint={`The ${PHONE_CODE_LENGTH} digits from the SMS.`}
          required
        />
        <FormAlert />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" isLoading={verify.isPending}>
            Verify
          </Button>
          <Button
            type="button"
            variant="outline"
            disabled={!canResend || resend.isPending}
            isLoading={resend.isPending}
            onClick={() => {
              setResendError(null);
              form.reset({ code: '' });
              resend.mutate(pending.phone, { onError: (failure) => setResendError(getErrorMessage(failure)) });
            }}
          >
            Send a new code
          </Button>
          <Button type="button" variant="ghost" onClick={onOtherNumber} disabled={verify.isPending}>
            Use another number
          </Button>
        </div>
        {!canResend && <p className="text-sm text-slate-600">{`You can ask for a new code in ${formatRemaining(resendIn)}.`}</p>}
        {resendError && <Alert variant="error">{resendError}</Alert>}
        {status.phone && status.verifiedAt && status.phone !== pending.phone && (
          <p className="text-sm text-slate-600">{`Until this number is verified, ${formatGhanaPhone(status.phone)} stays your verified number.`}</p>
        )}
      </Form>
    </div>
  );
}
