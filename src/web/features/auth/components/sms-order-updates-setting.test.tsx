import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '#web/lib/router.js';
import { describe, expect, it } from 'vitest';
import { SMS_MSG, type TPhoneStatus } from '#shared/contracts/sms.js';
import { ToastProvider } from '#web/components/ui/toast.js';
import { recordingJsonPeer } from '#test/helpers/local-api-peer.js';
import { SmsOrderUpdatesSetting } from './sms-order-updates-setting';

/* The order SMS switch of the Security page (issue 18): only with a verified number. */

const UNVERIFIED: TPhoneStatus = { phone: '+233245550101', verifiedAt: null, smsOrderUpdates: false, pendingCode: null };
const VERIFIED: TPhoneStatus = { ...UNVERIFIED, verifiedAt: '2026-11-25T10:00:00.000Z' };

describe('order updates by SMS', () => {
  const { seen, answers } = recordingJsonPeer({
    page: '/security',
    expectedErrors: /^PUT http:\/\/127\.0\.0\.1:\d+\/api\/account\/phone\/sms-order-updates \d{3} /,
    fallback: () => ({ status: 200, body: VERIFIED }),
  });

  function renderSetting() {
    const client = new QueryClient({ defaultOptions: { mutations: { retry: false }, queries: { retry: false } } });
    render(
      <MemoryRouter>
        <QueryClientProvider client={client}>
          <ToastProvider>
            <SmsOrderUpdatesSetting />
          </ToastProvider>
        </QueryClientProvider>
      </MemoryRouter>,
    );
  }

  it('sends the customer to verify their number first', async () => {
    answers.push({ status: 200, body: UNVERIFIED });
    renderSetting();
    expect(await screen.findByRole('link', { name: 'Verify your phone number' })).toBeTruthy();
    expect(screen.queryByRole('switch')).toBeNull();
  });

  it('turns order SMS on for a verified number', async () => {
    const user = userEvent.setup();
    answers.push({ status: 200, body: VERIFIED }, { status: 200, body: { ...VERIFIED, smsOrderUpdates: true } });
    renderSetting();
    const toggle = await screen.findByRole('switch', { name: 'Send me an SMS when an order is created, completed, cancelled or expires' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByText('SMS go to +233245550101, your verified number.')).toBeTruthy();
    await user.click(toggle);
    expect(await within(screen.getByRole('region', { name: 'Notifications' })).findByText(SMS_MSG.orderUpdatesOn)).toBeTruthy();
    expect(screen.getByRole('switch').getAttribute('aria-checked')).toBe('true');
    expect(seen.at(-1)).toEqual({ path: '/api/account/phone/sms-order-updates', body: { smsOrderUpdates: true } });
  });
});
