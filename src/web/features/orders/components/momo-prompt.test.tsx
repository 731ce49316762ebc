import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MOMO_MSG, type TMomoOrderState } from '#shared/contracts/momo.js';
import { recordingJsonPeer } from '#test/helpers/local-api-peer.js';
import { buildOrder } from '#test/helpers/order-fixtures.js';
import { MomoPrompt } from './momo-prompt';

/*
 * "Pay with MTN MoMo" on the order page (docs/decisions/060): what the customer sees in each
 * state the server answers, what is sent, and where refusals land. The server is a local HTTP
 * peer; what the real server decides is tested in src/server/modules/momo-payments.
 */

const BUY = buildOrder({ amountGhs: '250.00', amountFiat: '250.00' });
const PENDING = {
  state: 'pending',
  phone: '+233241234567',
  amount: '250.00',
  failure: null,
  createdAt: '2026-11-29T10:00:00.000Z',
} as const;

const peer = recordingJsonPeer({
  page: '/',
  expectedErrors: /^(GET|POST) http:\/\/127\.0\.0\.1:\d+\/api\/orders\/\d+\/momo \d{3} /,
  fallback: () => ({ status: 200, body: { available: true, suggestedPhone: '+233241234567', payment: null } satisfies TMomoOrderState }),
});

function renderPrompt() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false }, queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MomoPrompt order={BUY} />
    </QueryClientProvider>,
  );
}

describe('Pay with MTN MoMo', () => {
  it('shows nothing when the server has no payment provider', async () => {
    peer.answers.push({ status: 200, body: { available: false, suggestedPhone: null, payment: null } });
    const { container } = renderPrompt();
    await waitFor(() => expect(peer.seen).toHaveLength(1));
    expect(container.textContent).toBe('');
  });

  it('suggests the verified phone, sends the prompt for it, then says to approve it on the phone', async () => {
    const user = userEvent.setup();
    renderPrompt();
    const number = await screen.findByLabelText(MOMO_MSG.numberLabel);
    expect((number as HTMLInputElement).value).toBe('024 123 4567');
    peer.answers.push({ status: 200, body: { payment: PENDING } });
    peer.answers.push({ status: 200, body: { available: true, suggestedPhone: '+233241234567', payment: PENDING } });
    expect(screen.getByText(MOMO_MSG.intro('GHS 250.00'))).toBeTruthy();
    await user.click(screen.getByRole('button', { name: MOMO_MSG.send }));
    expect(await screen.findByText(MOMO_MSG.approve)).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('024 123 4567');
    expect(peer.seen[1]).toEqual({ path: `/api/orders/${BUY.id}/momo`, body: { phone: '024 123 4567' } });
    // The state is read again after the prompt (answered before the test ends).
    await waitFor(() => expect(peer.seen).toHaveLength(3));
  });

  it('refuses a number that is not a Ghana mobile number before sending, and shows the server\u2019s refusal on the field', async () => {
    const user = userEvent.setup();
    renderPrompt();
    const number = await screen.findByLabelText(MOMO_MSG.numberLabel);
    await user.clear(number);
    await user.type(number, '12345');
    await user.click(screen.getByRole('button', { name: /Send the prompt/ }));
    expect(await screen.findByText(MOMO_MSG.invalidNumber)).toBeTruthy();
    expect(peer.seen).toHaveLength(1);

    await user.clear(number);
    await user.type(number, '0551234567');
    peer.answers.push({
      status: 400,
      body: { error: { code: 'VALIDATION', message: MOMO_MSG.noWallet, fields: { phone: MOMO_MSG.noWallet } } },
    });
    await user.click(screen.getByRole('button', { name: /Send the prompt/ }));
    expect(await screen.findByText(MOMO_MSG.noWallet)).toBeTruthy();
    expect(number.getAttribute('aria-invalid')).toBe('true');
    // A refusal reads the state again (the page may be behind).
    await waitFor(() => expect(peer.seen).toHaveLength(3));
  });

  it('says why the last prompt failed and offers a new one', async () => {
    peer.answers.push({
      status: 200,
      body: {
        available: true,
        suggestedPhone: '+233241234567',
        payment: { ...PENDING, state: 'failed', failure: 'The payment was declined on your phone.' },
      },
    });
    renderPrompt();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(MOMO_MSG.failedHeading);
    expect(alert.textContent).toContain('The payment was declined on your phone.');
    expect(screen.getByRole('button', { name: MOMO_MSG.tryAgain })).toBeTruthy();
  });
});
