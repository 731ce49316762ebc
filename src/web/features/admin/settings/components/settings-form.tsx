import { useId, type ReactNode } from 'react';
import { Controller, useFormState, useWatch, type RegisterOptions } from 'react-hook-form';
import { ADMIN_MSG, CLAIM_MINUTES, WINDOW_MINUTES } from '#shared/contracts/admin.js';
import { Form, PasswordField, TextField } from '#web/components/form/form.js';
import { showServerError, useZodForm } from '#web/components/form/use-zod-form.js';
import { Alert } from '#web/components/ui/alert.js';
import { Button } from '#web/components/ui/button.js';
import { Switch } from '#web/components/ui/switch.js';
import { useToast } from '#web/components/ui/toast.js';
import { useSaveSettings, type TSettings } from '#web/features/admin/settings/api/settings.js';
import { TestEmail } from '#web/features/admin/settings/components/test-email.js';
import { toFormValues, ZSettingsForm, type TSettingsFormValues } from '#web/features/admin/settings/settings-form-values.js';
import { CUSTOMER_IDLE_HOURS_MAX, CUSTOMER_IDLE_HOURS_MIN } from '#shared/session-activity.js';
import { DESTINATION_COOLING_OFF_HOURS } from '#shared/contracts/admin.js';

function SettingsSection({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="card space-y-4">
      <div>
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
      </div>
      {children}
    </section>
  );
}

type TFieldProps = {
  label: string;
  name: keyof TSettingsFormValues;
  hint?: string;
  placeholder?: string;
  disabled: boolean;
  fieldClassName?: string;
  registerOptions?: RegisterOptions;
};

/** A whole number within its contract's range: the order windows, the idle hours, the claim, the cooling-off. */
function WholeNumberField({ range, ...props }: TFieldProps & { range: { min: number; max: number } }) {
  return <TextField {...props} type="number" inputMode="numeric" min={range.min} max={range.max} step={1} />;
}

/** An amount in cents above `min` (GHS or USD, as the label says). */
function AmountField({ min, ...props }: TFieldProps & { min: number }) {
  return <TextField {...props} type="number" inputMode="decimal" min={min} step={0.01} />;
}

/**
 * All system settings in one form ('Save All Settings'). The SMTP password is write-only
 * (decisions/013 D5): the API never returns it, and the typed value lives only in this
 * form until the save succeeds, then it is cleared.
 */
export function SettingsForm({ settings }: { settings: TSettings }) {
  const form = useZodForm<typeof ZSettingsForm, TSettingsFormValues>(ZSettingsForm, { defaultValues: toFormValues(settings) });
  const removePassword = useWatch({ control: form.control, name: 'removePassword' });
  const { isDirty } = useFormState({ control: form.control });
  const save = useSaveSettings();
  const toast = useToast();
  const removeId = useId();

  const isSaving = save.isPending;
  const hasStoredPassword = settings.hasSmtpPassword && !settings.isSmtpPasswordFromEnv;

  return (
    <Form
      form={form}
      className="max-w-3xl space-y-6"
      autoComplete="off"
      onInvalid={() => toast.error(ADMIN_MSG.settingsFailed)}
      onSubmit={(update) =>
        save.mutate(update, {
          onSuccess: (saved) => {
            form.reset(toFormValues(saved));
            toast.success(ADMIN_MSG.settingsSaved);
          },
          onError: (error) => showServerError(form, error, { fallback: ADMIN_MSG.settingsFailed, toast: toast.error }),
        })
      }
    >
      <SettingsSection title="System Configuration">
        <TextField
          label="Admin notification email"
          name="notificationEmail"
          type="email"
          autoComplete="off"
          maxLength={254}
          hint="This address receives alerts for new orders and other important events."
          disabled={isSaving}
        />
      </SettingsSection>

      <SettingsSection title="Financial Settings">
        <TextField
          label="Service fee percentage"
          name="serviceFeePercentage"
          type="number"
          inputMode="decimal"
          step={0.1}
          min={0}
          max={50}
          placeholder="2.5"
          hint="Added to the buy price and taken from the sell price. Leave empty for the default 2.5%."
          disabled={isSaving}
          fieldClassName="sm:max-w-xs"
        />
      </SettingsSection>

      <SettingsSection
        title="Order Settings"
        description="How long customers have to pay or send after creating an order, and how large an order may be."
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <WholeNumberField
            label="Payment window (minutes)"
            name="paymentWindowMinutes"
            range={WINDOW_MINUTES}
            hint="A buyer pays within this time, or the order expires."
            disabled={isSaving}
          />
          <WholeNumberField
            label="Deposit window (minutes)"
            name="depositWindowMinutes"
            range={WINDOW_MINUTES}
            hint="A seller sends the coins within this time, or the order expires."
            disabled={isSaving}
          />
          <AmountField
            label="Minimum order (GHS)"
            name="minOrderGhs"
            min={1}
            disabled={isSaving}
            // The maximum is judged against it.
            registerOptions={{ deps: ['maxOrderGhs'] }}
          />
          <AmountField
            label="Maximum order (GHS)"
            name="maxOrderGhs"
            min={1}
            placeholder="No maximum"
            hint="Leave empty for no maximum."
            disabled={isSaving}
          />
        </div>
      </SettingsSection>

      <SettingsSection
        title="Verification Tier Limits"
        description="What a customer may trade at each verification tier. Days and months are counted in Ghana time (GMT). Cancelled and expired orders do not count."
      >
        <AmountField
          label="Tier 0 limit (USD, in total)"
          name="tier0LimitUsd"
          min={0.01}
          hint="Signed up, not verified yet: the total a customer may trade before Tier 1."
          disabled={isSaving}
          fieldClassName="sm:max-w-xs"
        />
        <div className="grid gap-4 sm:grid-cols-2">
          {(
            [
              ['tier1DailyLimitGhs', 'Tier 1 daily limit (GHS)', ['tier1MonthlyLimitGhs', 'tier2DailyLimitGhs']],
              ['tier1MonthlyLimitGhs', 'Tier 1 monthly limit (GHS)', ['tier2MonthlyLimitGhs']],
              ['tier2DailyLimitGhs', 'Tier 2 daily limit (GHS)', ['tier2MonthlyLimitGhs']],
              ['tier2MonthlyLimitGhs', 'Tier 2 monthly limit (GHS)', []],
            ] as const
          ).map(([name, label, deps]) => (
            <AmountField key={name} label={label} name={name} min={0.01} disabled={isSaving} registerOptions={{ deps: [...deps] }} />
          ))}
        </div>
        <p className="text-sm text-slate-600">
          Tier 1: phone and identity (Ghana Card or passport, and a selfie) verified. Tier 2: proof of address and source of funds approved.
          Monthly limits must be at least the daily ones, and Tier 2 at least Tier 1.
        </p>
      </SettingsSection>

      <SettingsSection
        title="Sessions"
        description="When a signed-in customer is signed out for lack of activity. Staff are signed out after 30 minutes."
      >
        <WholeNumberField
          label="Customer idle sign-out (hours)"
          name="customerIdleHours"
          range={{ min: CUSTOMER_IDLE_HOURS_MIN, max: CUSTOMER_IDLE_HOURS_MAX }}
          hint="A customer who does nothing for this long signs in again. Automatic page refreshes do not count as activity."
          disabled={isSaving}
          fieldClassName="sm:max-w-xs"
        />
        <WholeNumberField
          label="Claim on a paid order (minutes)"
          name="claimMinutes"
          range={CLAIM_MINUTES}
          hint="How long a staff member's claim on a paid order lasts before someone else may claim it. They are warned shortly before."
          disabled={isSaving}
          fieldClassName="sm:max-w-xs"
        />
        <TextField
          label="Two people above (GHS)"
          name="twoPeopleAboveGhs"
          inputMode="decimal"
          hint="Above this amount the staff member who confirms a payment cannot also pay the order out or refund it."
          disabled={isSaving}
          fieldClassName="sm:max-w-xs"
        />
      </SettingsSection>

      <SettingsSection
        title="Payment destinations"
        description="A change of a payment method's account or a deposit address waits for a second Super Admin or Manager to approve it."
      >
        <WholeNumberField
          label="Cooling-off period (hours)"
          name="destinationCoolingOffHours"
          range={DESTINATION_COOLING_OFF_HOURS}
          hint="When no other admin can approve a change, it takes effect after this many hours unless it is rejected."
          disabled={isSaving}
          fieldClassName="sm:max-w-xs"
        />
      </SettingsSection>

      <SettingsSection title="SMTP Server Configuration" description="Used to deliver the emails in the Email Log.">
        <div className="grid gap-4 sm:grid-cols-[1fr_10rem]">
          <TextField label="Host" name="smtpHost" autoComplete="off" maxLength={253} placeholder="smtp.example.com" disabled={isSaving} />
          <WholeNumberField label="Port" name="smtpPort" range={{ min: 1, max: 65535 }} placeholder="465" disabled={isSaving} />
        </div>
        <Controller
          control={form.control}
          name="smtpSecure"
          render={({ field }) => <Switch label="Use SSL/TLS" checked={field.value} onCheckedChange={field.onChange} disabled={isSaving} />}
        />
        <TextField label="Username" name="smtpUser" autoComplete="off" maxLength={254} disabled={isSaving} />
        {settings.isSmtpPasswordFromEnv ? (
          <Alert variant="info">
            The SMTP password comes from the SMTP_PASS environment variable on the server. It is not stored in the database.
          </Alert>
        ) : (
          <div className="space-y-3">
            <PasswordField
              label="Password"
              name="smtpPassword"
              autoComplete="new-password"
              maxLength={500}
              placeholder={hasStoredPassword ? 'Leave blank to keep the current password' : ''}
              hint={hasStoredPassword ? 'A password is stored. It is never shown.' : 'No password is stored.'}
              disabled={isSaving || removePassword}
            />
            {hasStoredPassword && (
              <div className="flex items-center gap-2">
                <input
                  id={removeId}
                  type="checkbox"
                  {...form.register('removePassword', {
                    onChange: (event: { target: { checked: boolean } }) => {
                      if (event.target.checked) form.setValue('smtpPassword', '');
                    },
                  })}
                  disabled={isSaving}
                  className="size-4 rounded border-slate-300 accent-brand-700"
                />
                <label htmlFor={removeId} className="text-sm font-medium text-slate-800">
                  Remove stored password
                </label>
              </div>
            )}
            <Alert variant="warning">
              Storing passwords in the database is not recommended. Prefer setting SMTP_PASS in the server environment; a password entered
              here is stored encrypted and never shown again.
            </Alert>
          </div>
        )}
        <TestEmail hasUnsavedChanges={isDirty} isSaving={isSaving} />
      </SettingsSection>

      <div className="flex justify-end">
        <Button type="submit" isLoading={isSaving} loadingText="Saving...">
          Save All Settings
        </Button>
      </div>
    </Form>
  );
}
