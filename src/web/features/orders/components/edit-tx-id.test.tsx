import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { ORDER_MSG } from '#shared/contracts/orders.js';
import { ToastProvider } from '#web/components/ui/toast.js';
import { recordingJsonPeer } from '#test/helpers/local-api-peer.js';
import { buildOrder } from '#test/helpers/order-fixtures.js';
import { EditTxId } from './edit-tx-id';

/*
 * "Edit" of a submitted order's transaction id (issue 26, docs/decisions/009): a labelled form
 * that checks the rail's minimum before sending, sends PUT /api/orders/:id/payment-tx-id, and
 * shows the server's refusal on the field. The server is a local HTTP peer.
 */

const ORDER = buildOrder({ status: 'payment_submitted', paymentTxId: '48123456789' });

describe('editing the transaction id of a submitted order', () => {
  // The form is loaded lazily on "Edit" (issue 26 point 15); its module is loaded here first so
  // that how long the test runner takes to compile it never decides a result.
  beforeAll(async () => {
    await import('./edit-tx-id-form');
  });

  const { seen, answers } = recordingJsonPeer({
    page: '/',
    expectedErrors: /^PUT http:\/\/127\.0\.0\.1:\d+\/api\/orders\/\d+\/payment-tx-id 409 /,
    fallback: () => ({ status: 200, body: { order: { ...ORDER, paymentTxId: '48123456790' } } }),
  });

  function renderEdit() {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <ToastProvider>
          <EditTxId order={ORDER} userId="user-1" />
        </ToastProvider>
      </QueryClientProvider>,
    );
  }

  it('opens a labelled form on the id, refuses a 1-character id with an example, and sends the corrected one', async () => {
    const user = userEvent.setup();
    renderEdit();
    expect(screen.getByText('48123456789')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Edit MoMo TxID' }));
    const field = await screen.findByRole('textbox', { name: 'MoMo TxID' });
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(screen.getByText(ORDER_MSG.txIdHint('mtn'))).toBeTruthy();

    await user.clear(field);
    await user.type(field, '7');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(ORDER_MSG.txIdTooShort('mtn'))).toBeTruthy();
    expect(seen).toHaveLength(0);

    await user.clear(field);
    await user.type(field, '48123456790');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(seen).toEqual([{ path: `/api/orders/${ORDER.id}/payment-tx-id`, body: { paymentTxId: '48123456790' } }]));
    // Back to the id, focus on "Edit".
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit MoMo TxID' })));
  });

  it("shows the server's refusal of an id already used on the field", async () => {
    answers.push({
      status: 409,
      body: { error: { code: 'TX_ID_USED', message: ORDER_MSG.txIdUsed, fields: { paymentTxId: ORDER_MSG.txIdUsed } } },
    });
    const user = userEvent.setup();
    renderEdit();
    await user.click(screen.getByRole('button', { name: 'Edit MoMo TxID' }));
    const field = await screen.findByRole('textbox', { name: 'MoMo TxID' });
    await user.clear(field);
    await user.type(field, '0048123456700');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(ORDER_MSG.txIdUsed)).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
  });
});
