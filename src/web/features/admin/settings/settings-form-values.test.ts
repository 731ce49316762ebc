import { describe, expect, it } from 'vitest';
import { ADMIN_MSG, SETTINGS_MSG } from '#shared/contracts/admin.js';
import { TIER_MSG } from '#shared/contracts/tiers.js';
import { IDLE_MSG } from '#shared/session-activity.js';
import type { TSettings } from './api/settings';
import { toFormValues, ZSettingsForm, type TSettingsFormValues } from './settings-form-values';

const BLANK: TSettingsFormValues = {
  notificationEmail: '',
  serviceFeePercentage: '',
  smtpHost: '',
  smtpPort: '',
  smtpSecure: true,
  smtpUser: '',
  smtpPassword: '',
  removePassword: false,
  paymentWindowMinutes: '30',
  depositWindowMinutes: '60',
  minOrderGhs: '10',
  maxOrderGhs: '',
  tier0LimitUsd: '20',
  tier1DailyLimitGhs: '5000',
  tier1MonthlyLimitGhs: '50000',
  tier2DailyLimitGhs: '100000',
  tier2MonthlyLimitGhs: '1000000',
  customerIdleHours: '12',
  claimMinutes: '10',
  destinationCoolingOffHours: '24',
  twoPeopleAboveGhs: '5000',
};

/** The message each field shows: the first issue on its path, as the form's zod resolver picks it. */
function messages(values: Partial<TSettingsFormValues>) {
  const parsed = ZSettingsForm.safeParse({ ...BLANK, ...values });
  if (parsed.success) return null;
  const shown: Record<string, string> = {};
  for (const issue of parsed.error.issues) shown[issue.path.join('.')] ??= issue.message;
  return shown;
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

  it('reads the payment and deposit windows as whole minutes from 5 to 1440, both required', () => {
    const parsed = ZSettingsForm.parse({ ...BLANK, paymentWindowMinutes: ' 45 ', depositWindowMinutes: '1440' });
    expect(parsed.paymentWindowMinutes).toBe(45);
    expect(parsed.depositWindowMinutes).toBe(1440);
    expect(ZSettingsForm.parse({ ...BLANK, paymentWindowMinutes: '5' }).paymentWindowMinutes).toBe(5);
    for (const minutes of ['', '4', '1441', '30.5', '1e2', 'abc', '-30'])
      expect(messages({ paymentWindowMinutes: minutes, depositWindowMinutes: minutes })).toEqual({
        paymentWindowMinutes: SETTINGS_MSG.paymentWindow,
        depositWindowMinutes: SETTINGS_MSG.paymentWindow,
      });
  });

  it('reads the minimum and maximum order in GHS; an empty maximum is no maximum, and it may not be below the minimum', () => {
    const parsed = ZSettingsForm.parse({ ...BLANK, minOrderGhs: ' 25.50 ', maxOrderGhs: ' 5000 ' });
    expect(parsed.minOrderGhs).toBe('25.50');
    expect(parsed.maxOrderGhs).toBe('5000');
    expect(ZSettingsForm.parse({ ...BLANK, maxOrderGhs: '  ' }).maxOrderGhs).toBeNull();
    for (const minimum of ['', '0.50', '0', '10.555', 'ten', '-5'])
      expect(messages({ minOrderGhs: minimum })).toEqual({ minOrderGhs: SETTINGS_MSG.minOrder });
    for (const maximum of ['0', '0.00', '100.001', 'lots'])
      expect(messages({ maxOrderGhs: maximum })).toEqual({ maxOrderGhs: SETTINGS_MSG.maxOrder });
    expect(messages({ minOrderGhs: '100', maxOrderGhs: '99.99' })).toEqual({ maxOrderGhs: SETTINGS_MSG.maxBelowMin });
    expect(messages({ minOrderGhs: '100', maxOrderGhs: '100' })).toBeNull();
  });

  it('takes the two-people amount in GHS from 1 with at most 2 decimals (docs/decisions/038)', () => {
    for (const amount of ['0', '', '12.345', 'five thousand', '-5'])
      expect(messages({ twoPeopleAboveGhs: amount })).toEqual({ twoPeopleAboveGhs: SETTINGS_MSG.twoPeopleAboveGhs });
    expect(ZSettingsForm.parse({ ...BLANK, twoPeopleAboveGhs: ' 7500.50 ' })).toMatchObject({ twoPeopleAboveGhs: '7500.50' });
  });

  it('takes the customer idle sign-out in whole hours from 1 to 168 (docs/decisions/020)', () => {
    for (const hours of ['0', '169', '1.5', '', 'twelve'])
      expect(messages({ customerIdleHours: hours })).toEqual({ customerIdleHours: IDLE_MSG.customerIdleHours });
    expect(messages({ customerIdleHours: '1' })).toBeNull();
    expect(ZSettingsForm.parse({ ...BLANK, customerIdleHours: ' 24 ' })).toMatchObject({ customerIdleHours: 24 });
  });

  it('shows the stored settings as typed text: amounts without trailing zeros, no maximum as empty', () => {
    const stored: TSettings = {
      notificationEmail: null,
      serviceFeePercentage: '2.50',
      smtpHost: null,
      smtpPort: null,
      smtpSecure: true,
      smtpUser: null,
      hasSmtpPassword: false,
      isSmtpPasswordFromEnv: false,
      paymentWindowMinutes: 30,
      depositWindowMinutes: 60,
      minOrderGhs: '10.00',
      maxOrderGhs: null,
      tier0LimitUsd: '20.00',
      tier1DailyLimitGhs: '5000.00',
      tier1MonthlyLimitGhs: '50000.00',
      tier2DailyLimitGhs: '100000.00',
      tier2MonthlyLimitGhs: '1000000.00',
      customerIdleHours: 12,
      claimMinutes: 10,
      destinationCoolingOffHours: 24,
      twoPeopleAboveGhs: '5000.00',
    };
    expect(toFormValues(stored)).toEqual({ ...BLANK, serviceFeePercentage: '2.5' });
    expect(toFormValues({ ...stored, minOrderGhs: '12.50', maxOrderGhs: '20000.00' })).toMatchObject({
      minOrderGhs: '12.5',
      maxOrderGhs: '20000',
    });
    // What is shown is sent back unchanged.
    expect(ZSettingsForm.parse(toFormValues(stored))).toMatchObject({
      paymentWindowMinutes: 30,
      depositWindowMinutes: 60,
      minOrderGhs: '10',
      maxOrderGhs: null,
    });
  });

  it('reports every wrong field at once, under its own name', () => {
    expect(
      messages({ notificationEmail: 'alerts@', serviceFeePercentage: '77', smtpPort: 'x', depositWindowMinutes: '2', maxOrderGhs: '0' }),
    ).toEqual({
      notificationEmail: SETTINGS_MSG.notificationEmail,
      serviceFeePercentage: ADMIN_MSG.serviceFeeRange,
      smtpPort: SETTINGS_MSG.smtpPort,
      depositWindowMinutes: SETTINGS_MSG.paymentWindow,
      maxOrderGhs: SETTINGS_MSG.maxOrder,
    });
  });

  it('takes the tier limits as positive amounts, monthly at least daily and Tier 2 at least Tier 1 (docs/decisions/016)', () => {
    expect(ZSettingsForm.parse({ ...BLANK, tier1DailyLimitGhs: ' 6000.5 ' }).tier1DailyLimitGhs).toBe('6000.5');
    for (const amount of ['', '0', '-5', '12.345', 'lots'])
      expect(messages({ tier1DailyLimitGhs: amount })).toEqual({ tier1DailyLimitGhs: TIER_MSG.limitPositive });
    expect(messages({ tier0LimitUsd: '0' })).toEqual({ tier0LimitUsd: TIER_MSG.tier0LimitPositive });
    expect(messages({ tier1MonthlyLimitGhs: '4999' })).toEqual({ tier1MonthlyLimitGhs: TIER_MSG.monthlyBelowDaily });
    expect(messages({ tier2DailyLimitGhs: '4000' })).toEqual({ tier2DailyLimitGhs: TIER_MSG.tier2BelowTier1 });
    expect(messages({ tier2DailyLimitGhs: '10000', tier2MonthlyLimitGhs: '40000' })).toEqual({
      tier2MonthlyLimitGhs: TIER_MSG.tier2BelowTier1,
    });
    expect(messages({ tier1DailyLimitGhs: '100000', tier1MonthlyLimitGhs: '1000000' })).toBeNull();
  });
});
