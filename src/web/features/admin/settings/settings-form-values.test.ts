import { describe, expect, it } from 'vitest';
import { ADMIN_MSG, SETTINGS_MSG } from '#shared/contracts/admin.js';
import { ZSettingsForm, type TSettingsFormValues } from './settings-form-values';

const BLANK: TSettingsFormValues = {
  notificationEmail: '',
  serviceFeePercentage: '',
  smtpHost: '',
  smtpPort: '',
  smtpSecure: true,
  smtpUser: '',
  smtpPassword: '',
  removePassword: false,
};

function messages(values: Partial<TSettingsFormValues>) {
  const parsed = ZSettingsForm.safeParse({ ...BLANK, ...values });
  return parsed.success ? null : Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('the settings form turns what is typed into the PUT body, judged by the API contract', () => {
  it('reads the fee as the API takes it: empty for the default, 0 to 50 with one decimal', () => {
    expect(ZSettingsForm.parse({ ...BLANK, serviceFeePercentage: ' 3.5 ' }).serviceFeePercentage).toBe('3.5');
    expect(ZSettingsForm.parse({ ...BLANK, serviceFeePercentage: '' }).serviceFeePercentage).toBe('');
    expect(ZSettingsForm.parse({ ...BLANK, serviceFeePercentage: '0' }).serviceFeePercentage).toBe('0');
    expect(messages({ serviceFeePercentage: '50.1' })).toEqual({ serviceFeePercentage: ADMIN_MSG.serviceFeeRange });
    expect(messages({ serviceFeePercentage: '-1' })).toEqual({ serviceFeePercentage: ADMIN_MSG.serviceFeeRange });
    expect(messages({ serviceFeePercentage: '2,5' })).toEqual({ serviceFeePercentage: ADMIN_MSG.serviceFeeFormat });
  });

  it('reads the port as a number from 1 to 65535, or none', () => {
    expect(ZSettingsForm.parse({ ...BLANK, smtpPort: ' 465 ' }).smtpPort).toBe(465);
    expect(ZSettingsForm.parse({ ...BLANK, smtpPort: '' }).smtpPort).toBeNull();
    for (const port of ['0', '65536', '1e3', '46 5', 'abc', '-25'])
      expect(messages({ smtpPort: port })).toEqual({ smtpPort: SETTINGS_MSG.smtpPort });
  });

  it('sends the SMTP password only when one is typed, and an empty one to remove the stored one', () => {
    expect(ZSettingsForm.parse(BLANK)).not.toHaveProperty('smtpPassword');
    expect(ZSettingsForm.parse({ ...BLANK, smtpPassword: 's3cret' }).smtpPassword).toBe('s3cret');
    expect(ZSettingsForm.parse({ ...BLANK, smtpPassword: 'typed before', removePassword: true }).smtpPassword).toBe('');
  });

  it('reports every wrong field at once, under its own name', () => {
    expect(messages({ notificationEmail: 'alerts@', serviceFeePercentage: '77', smtpPort: 'x' })).toEqual({
      notificationEmail: SETTINGS_MSG.notificationEmail,
      serviceFeePercentage: ADMIN_MSG.serviceFeeRange,
      smtpPort: SETTINGS_MSG.smtpPort,
    });
  });
});
