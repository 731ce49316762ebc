import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from '#web/lib/router.js';
import { describe, expect, it } from 'vitest';
import type { TSetupStatus } from '#shared/contracts/setup.js';
import { EmailFailureWarning, SetupChecklistCard } from './setup-checklist';

const DONE: TSetupStatus = {
  isComplete: true,
  paymentMethods: { isDone: true, enabled: 1, total: 1 },
  depositAddresses: { isDone: true, coinsWithout: [], networksWithout: [] },
  demoDestinations: { isDone: true, addresses: [], paymentMethods: [] },
  notificationEmail: { isDone: true, email: 'alerts@cedicrypto.test' },
  smtp: { isDone: true, missing: [], isTested: true, testedAt: '2026-11-28T09:00:00.000Z' },
  contactDetails: { isDone: true, missing: [] },
  serviceFee: { isDone: true, feePercentage: '2.50', isDefault: true },
  emailFailures: { count: 0, windowHours: 24 },
};

function renderCard(status: TSetupStatus) {
  return render(
    <MemoryRouter>
      <SetupChecklistCard status={status} />
    </MemoryRouter>,
  );
}

describe('the super admin’s setup checklist (issue 16)', () => {
  it('lists only what is left, with its progress and a link to the page that fixes each', () => {
    renderCard({
      ...DONE,
      isComplete: false,
      paymentMethods: { isDone: false, enabled: 0, total: 0 },
      smtp: { isDone: false, missing: ['password'], isTested: false, testedAt: null },
    });
    expect(screen.getByRole('heading', { name: 'Finish setting up' })).toBeTruthy();
    expect(screen.getByText('5 of 7 done')).toBeTruthy();
    expect(screen.getByText(/Customers see “Trading opens soon”/)).toBeTruthy();
    const steps = within(screen.getByRole('list', { name: 'Setup steps left' })).getAllByRole('listitem');
    expect(steps.map((step) => within(step).getByRole('heading').textContent)).toEqual([
      'Add a payment method',
      'Set up email delivery (SMTP)',
    ]);
    expect(screen.getByRole('link', { name: 'Open Payment Methods: Add a payment method' }).getAttribute('href')).toBe(
      '/admin/payment-methods',
    );
    expect(screen.getByRole('link', { name: 'Open Settings: Set up email delivery (SMTP)' }).getAttribute('href')).toBe('/admin/settings');
  });

  it('says customers can trade once payment methods and deposit addresses are set', () => {
    renderCard({ ...DONE, isComplete: false, notificationEmail: { isDone: false, email: null } });
    expect(screen.getByText(/Customers can trade\./)).toBeTruthy();
  });

  it('is gone once everything is done', () => {
    const { container } = renderCard(DONE);
    expect(container.innerHTML).toBe('');
  });

  it('warns of emails not delivered, with their count and a link to them in the Email Log (issue 27 point 7)', () => {
    render(
      <MemoryRouter>
        <EmailFailureWarning failures={{ count: 3, windowHours: 24 }} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('status').textContent).toContain('3 emails from the last 24 hours were not delivered.');
    expect(screen.getByRole('link', { name: 'See them in the Email Log' }).getAttribute('href')).toBe('/admin/emails?status=undelivered');
  });

  it('says nothing while every email went out', () => {
    const { container } = render(
      <MemoryRouter>
        <EmailFailureWarning failures={{ count: 0, windowHours: 24 }} />
      </MemoryRouter>,
    );
    expect(container.innerHTML).toBe('');
  });
});
