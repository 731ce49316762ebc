import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { ADMIN_MSG } from '#shared/contracts/admin.js';
import { Alert } from '#web/components/ui/alert.js';
import { Button } from '#web/components/ui/button.js';
import { Input } from '#web/components/ui/input.js';
import { Switch } from '#web/components/ui/switch.js';
import { useToast } from '#web/components/ui/toast.js';
import { ApiError } from '#web/lib/api.js';
import { useSaveSettings, type TSettings } from '#web/features/admin/settings/api/settings.js';
import {
  fieldMessage,
  SETTINGS_FIELD_MESSAGES,
  toFormValues,
  toSettingsUpdate,
  type TSettingsField,
  type TSettingsFormValues,
} from '#web/features/admin/settings/settings-form-values.js';

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

/**
 * All system settings in one form ('Save All Settings'). The SMTP password is write-only
 * (decisions/013 D5): the API never returns it, and the typed value lives only in this
 * component's state until the save succeeds, then it is cleared.
 */
export function SettingsForm({ settings }: { settings: TSettings }) {
  const [values, setValues] = useState<TSettingsFormValues>(() => toFormValues(settings));
  const [password, setPassword] = useState('');
  const [removePassword, setRemovePassword] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<TSettingsField, string>>>({});
  const save = useSaveSettings();
  const toast = useToast();
  const removeId = useId();

  const setValue = <K extends keyof TSettingsFormValues>(field: K, value: TSettingsFormValues[K]) =>
    setValues((current) => ({ ...current, [field]: value }));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = toSettingsUpdate(values, { value: password, remove: removePassword });
    if ('errors' in result) {
      setErrors(result.errors);
      toast.error(ADMIN_MSG.settingsFailed);
      return;
    }
    setErrors({});
    save.mutate(result.update, {
      onSuccess: (saved) => {
        setPassword('');
        setRemovePassword(false);
        setValues(toFormValues(saved));
        toast.success(ADMIN_MSG.settingsSaved);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fields) {
          const fields: Partial<Record<TSettingsField, string>> = {};
          for (const key of Object.keys(error.fields)) {
            if (key in SETTINGS_FIELD_MESSAGES) fields[key as TSettingsField] = fieldMessage(key as TSettingsField, error.fields[key]);
          }
          setErrors(fields);
        }
        toast.error(ADMIN_MSG.settingsFailed);
      },
    });
  };

  const isSaving = save.isPending;
  const hasStoredPassword = settings.hasSmtpPassword && !settings.isSmtpPasswordFromEnv;

  return (
    <form noValidate onSubmit={onSubmit} className="max-w-3xl space-y-6" autoComplete="off">
      <SettingsSection title="System Configuration">
        <Input
          label="Admin notification email"
          name="notificationEmail"
          type="email"
          autoComplete="off"
          maxLength={254}
          value={values.notificationEmail}
          onChange={(event) => setValue('notificationEmail', event.target.value)}
          error={errors.notificationEmail}
          hint="This address receives alerts for new orders and other important events."
          disabled={isSaving}
        />
      </SettingsSection>

      <SettingsSection title="Financial Settings">
        <Input
          label="Service fee percentage"
          name="serviceFeePercentage"
          type="number"
          inputMode="decimal"
          step={0.1}
          min={0}
          max={50}
          placeholder="2.5"
          value={values.serviceFeePercentage}
          onChange={(event) => setValue('serviceFeePercentage', event.target.value)}
          error={errors.serviceFeePercentage}
          hint="Added to the buy price and taken from the sell price. Leave empty for the default 2.5%."
          disabled={isSaving}
          fieldClassName="sm:max-w-xs"
        />
      </SettingsSection>

      <SettingsSection title="SMTP Server Configuration" description="Used to deliver the emails in the Email Log.">
        <div className="grid gap-4 sm:grid-cols-[1fr_10rem]">
          <Input
            label="Host"
            name="smtpHost"
            autoComplete="off"
            maxLength={253}
            placeholder="smtp.example.com"
            value={values.smtpHost}
            onChange={(event) => setValue('smtpHost', event.target.value)}
            error={errors.smtpHost}
            disabled={isSaving}
          />
          <Input
            label="Port"
            name="smtpPort"
            type="number"
            inputMode="numeric"
            min={1}
            max={65535}
            step={1}
            placeholder="465"
            value={values.smtpPort}
            onChange={(event) => setValue('smtpPort', event.target.value)}
            error={errors.smtpPort}
            disabled={isSaving}
          />
        </div>
        <Switch
          label="Use SSL/TLS"
          checked={values.smtpSecure}
          onCheckedChange={(checked) => setValue('smtpSecure', checked)}
          disabled={isSaving}
        />
        <Input
          label="Username"
          name="smtpUser"
          autoComplete="off"
          maxLength={254}
          value={values.smtpUser}
          onChange={(event) => setValue('smtpUser', event.target.value)}
          error={errors.smtpUser}
          disabled={isSaving}
        />
        {settings.isSmtpPasswordFromEnv ? (
          <Alert variant="info">
            The SMTP password comes from the SMTP_PASS environment variable on the server. It is not stored in the database.
          </Alert>
        ) : (
          <div className="space-y-3">
            <Input
              label="Password"
              name="smtpPassword"
              type="password"
              autoComplete="new-password"
              maxLength={500}
              placeholder={hasStoredPassword ? 'Leave blank to keep the current password' : ''}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              error={errors.smtpPassword}
              hint={hasStoredPassword ? 'A password is stored. It is never shown.' : 'No password is stored.'}
              disabled={isSaving || removePassword}
            />
            {hasStoredPassword && (
              <div className="flex items-center gap-2">
                <input
                  id={removeId}
                  type="checkbox"
                  checked={removePassword}
                  onChange={(event) => {
                    setRemovePassword(event.target.checked);
                    if (event.target.checked) setPassword('');
                  }}
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
      </SettingsSection>

      <div className="flex justify-end">
        <Button type="submit" isLoading={isSaving} loadingText="Saving...">
          Save All Settings
        </Button>
      </div>
    </form>
  );
}
