import { describe, expect, it } from 'vitest';
import type { TSetupStatus } from '#shared/contracts/setup.js';
import { buildSetupEntries, listInWords } from './setup-items.js';

const FRESH: TSetupStatus = {
  isComplete: false,
  paymentMethods: { isDone: false, enabled: 0, total: 0 },
  depositAddresses: {
    isDone: false,
    coinsWithout: [
      { symbol: 'btc', name: 'Bitcoin', networks: ['Bitcoin'] },
      { symbol: 'usdt', name: 'Tether', networks: ['TRON (TRC20)', 'Ethereum (ERC20)', 'BNB Smart Chain (BEP20)'] },
    ],
    networksWithout: [],
  },
  demoDestinations: { isDone: true, addresses: [], paymentMethods: [] },
  notificationEmail: { isDone: false, email: null },
  smtp: { isDone: false, missing: ['host', 'port', 'username', 'password'], isTested: false, testedAt: null },
  contactDetails: { isDone: false, missing: ['companyName', 'registrationNumber', 'streetAddress', 'supportEmail', 'supportPhone'] },
  serviceFee: { isDone: false, feePercentage: '2.50', isDefault: true },
  emailFailures: { count: 0, windowHours: 24 },
};

describe('the setup checklist’s items (issue 16)', () => {
  it('lists words the way people write them', () => {
    expect(listInWords([])).toBe('');
    expect(listInWords(['host'])).toBe('host');
    expect(listInWords(['host', 'port'])).toBe('host and port');
    expect(listInWords(['a', 'b', 'c'], 'or')).toBe('a, b or c');
  });

  it('says what is missing on a fresh installation, each item with the page that fixes it', () => {
    const entries = buildSetupEntries(FRESH);
    expect(entries.map((entry) => [entry.id, entry.isDone, entry.href])).toEqual([
      ['paymentMethods', false, '/admin/payment-methods'],
      ['depositAddresses', false, '/admin/coins'],
      ['demoDestinations', true, '/admin/payment-methods'],
      ['notificationEmail', false, '/admin/settings'],
      ['smtp', false, '/admin/settings'],
      ['contactDetails', false, '/admin/contact'],
      ['serviceFee', false, '/admin/settings'],
    ]);
    const byId = Object.fromEntries(entries.map((entry) => [entry.id, entry]));
    expect(byId.depositAddresses?.detail).toBe(
      'These coins cannot be sold until they have a deposit address: Bitcoin (BTC) on Bitcoin; Tether (USDT) on TRON (TRC20), Ethereum (ERC20) or BNB Smart Chain (BEP20).',
    );
    expect(byId.depositAddresses?.note).toBeUndefined();
    expect(byId.smtp?.detail).toMatch(/^Missing: host, port, username and password\. /);
    expect(byId.contactDetails?.detail).toMatch(
      /^Missing: company \(legal\) name, registration number, street address, support email and support phone\. /,
    );
    expect(byId.serviceFee?.detail).toBe(
      'The fee is 2.5% (the default): buyers pay the market price plus 2.5% and sellers get the market price minus 2.5%, 5% apart. Check it in Settings and save.',
    );
  });

  it('asks for a test email once the SMTP settings are filled in (issue 27 point 7)', () => {
    const entry = buildSetupEntries({ ...FRESH, smtp: { isDone: false, missing: [], isTested: false, testedAt: null } }).find(
      (candidate) => candidate.id === 'smtp',
    );
    expect(entry).toMatchObject({ isDone: false, href: '/admin/settings' });
    expect(entry?.detail).toBe(
      'Use "Send test email" in Settings: this step is done once a test email is delivered with the SMTP settings as they are now (again after any change to them).',
    );
  });

  it('warns while a demo or test-vector destination is in use (issue 27 point 3)', () => {
    const entry = buildSetupEntries({
      ...FRESH,
      demoDestinations: {
        isDone: false,
        addresses: [{ symbol: 'btc', name: 'Bitcoin', network: 'Bitcoin' }],
        paymentMethods: ['MTN MoMo'],
      },
    }).find((candidate) => candidate.id === 'demoDestinations');
    expect(entry).toMatchObject({ isDone: false, href: '/admin/coins', linkLabel: 'Open Currencies' });
    expect(entry?.detail).toBe(
      "Money sent to demo or test-vector details is lost: the Bitcoin (BTC) address on Bitcoin; the MTN MoMo account. Replace them with your own before going live; each change waits for a second admin's approval.",
    );
  });

  it('tells disabled payment methods from none, and notes networks still without an address', () => {
    const entries = buildSetupEntries({
      ...FRESH,
      paymentMethods: { isDone: false, enabled: 0, total: 2 },
      depositAddresses: {
        isDone: true,
        coinsWithout: [],
        networksWithout: [{ symbol: 'usdt', name: 'Tether', networks: ['Ethereum (ERC20)', 'BNB Smart Chain (BEP20)'] }],
      },
      serviceFee: { isDone: true, feePercentage: '3.00', isDefault: false },
    });
    expect(entries[0]?.detail).toBe('All 2 payment methods are disabled. Enable at least one: until then nobody can buy.');
    expect(entries[1]).toMatchObject({
      isDone: true,
      note: 'Optional: no address yet for Tether (USDT) on Ethereum (ERC20) and BNB Smart Chain (BEP20).',
    });
    expect(entries[6]?.isDone).toBe(true);
  });
});
