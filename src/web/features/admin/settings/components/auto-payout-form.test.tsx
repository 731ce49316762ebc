import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AUTO_PAYOUT_MSG } from '#shared/contracts/momo.js';
import { ToastProvider } from '#web/components/ui/toast.js';
import { recordingJsonPeer } from '#test/helpers/local-api-peer.js';
import { AutoPayoutForm } from './auto-payout-form';

/*
 * Settings' automatic payouts (docs/decisions/061): what the super admin sees and sends, and where
 * the server's refusal lands. The server is a local HTTP peer; the policy's rules are tested in
 * src/server/modules/momo-payments/payouts.test.ts.
 */

const POLICY = { enabled: false, maxGhs: '2000.00', dailyCapGhs: '20000.00', minTier: 1, paidFromMethodId: null };
const METHODS = {
  paymentMethods: [
    {
      id: 3,
      name: 'MTN payouts wallet',
      isEnabled: true,
      details: { type: 'momo', provider: 'MTN MoMo', name: 'CediCrypto Ltd', number: '0241112222' },
    },
    {
      id: 4,
      name: 'Telecel wallet',
      isEnabled: true,
      details: { type: 'momo', provider: 'Telecel Cash', name: 'CediCrypto Ltd', number: '0201112222' },
    },
    {
      id: 5,
      name: 'GCB',
      isEnabled: true,
      details: { type: 'bank', name: 'CediCrypto Ltd', bankName: 'GCB', accountNumber: '1234567890' },
    },
  ],
};

const peer = recordingJsonPeer({
  page: '/',
  expectedErrors: /^PUT http:\/\/127\.0\.0\.1:\d+\/api\/admin\/auto-payout-policy 400 /,
  fallback: (request) => ({
    status: 200,
    body: request.url?.startsWith('/api/admin/payment-methods') ? METHODS : { policy: POLICY },
  }),
});

function renderForm() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <AutoPayoutForm />
      </ToastProvider>
    </QueryClientProvider>,
  );
}

describe('automatic payouts in Settings', () => {
  it('offers only MTN MoMo wallets to pay from, and sends the policy as set', async () => {
    const user = userEvent.setup();
    renderForm();
    const from = await screen.findByLabelText('Pay from (MTN MoMo wallet)');
    await waitFor(() => expect(from.querySelectorAll('option')).toHaveLength(2));
    expect([...from.querySelectorAll('option')].map((option) => option.textContent)).toEqual(['Choose a wallet', 'MTN payouts wallet']);
    await user.click(screen.getByRole('switch', { name: 'Pay sellers automatically' }));
    await user.selectOptions(from, '3');
    await user.clear(screen.getByLabelText('Most per order (GHS)'));
    await user.type(screen.getByLabelText('Most per order (GHS)'), '1500');
    await user.click(screen.getByRole('button', { name: 'Save payout policy' }));
    await waitFor(() => expect(peer.seen.some((seen) => seen.body !== undefined)).toBe(true));
    expect(peer.seen.find((seen) => seen.body !== undefined)?.body).toEqual({
      ...POLICY,
      enabled: true,
      maxGhs: '1500',
      paidFromMethodId: 3,
    });
  });

  it('shows the server\u2019s refusal on its field', async () => {
    const user = userEvent.setup();
    renderForm();
    const from = await screen.findByLabelText('Pay from (MTN MoMo wallet)');
    // Both reads answered (the wallets listed) before the save's answer is queued.
    await waitFor(() => expect(from.querySelectorAll('option')).toHaveLength(2));
    await user.click(screen.getByRole('switch', { name: 'Pay sellers automatically' }));
    peer.answers.push({
      status: 400,
      body: {
        error: {
          code: 'VALIDATION',
          message: AUTO_PAYOUT_MSG.policyNeedsWallet,
          fields: { paidFromMethodId: AUTO_PAYOUT_MSG.policyNeedsWallet },
        },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Save payout policy' }));
    expect(await screen.findByText(AUTO_PAYOUT_MSG.policyNeedsWallet)).toBeTruthy();
  });
});
