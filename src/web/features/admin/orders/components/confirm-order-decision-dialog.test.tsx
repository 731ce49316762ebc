import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ORDER_MSG, type TAdminOrder } from '#shared/contracts/orders.js';
import { ToastProvider } from '#web/components/ui/toast.js';
import { ConfirmOrderDecisionDialog } from './confirm-order-decision-dialog';

/*
 * Approve and Cancel ask for what the decision needs (docs/decisions/014) under the product's
 * question: the payout hash of a buy is judged for the order's network before anything is sent;
 * the server's field message lands on the field; a 409 closes with the product's message. The
 * server is a local HTTP peer that records what it is sent and answers as told.
 */

const BTC_HASH = 'a1075db55d416d3ca199f55b6084e2115b9345e16c5cf302fc80e9d5fbf5d48d';
const EVM_HASH = '0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060';

const BUY: TAdminOrder = {
  id: 9001,
  type: 'buy',
  coinSymbol: 'btc',
  amountCrypto: '0.00150000',
  amountFiat: '1500.00',
  fiatCurrency: 'GHS',
  amountUsd: '90.91',
  amountGhs: '1500.00',
  unitPriceUsd: '60606.06',
  ghsRate: '16.5',
  paymentMethod: 'MTN MoMo',
  payTo: { type: 'momo', provider: 'MTN MoMo', name: 'CediCrypto Ltd', number: '0241112222' },
  depositTo: null,
  hasProof: false,
  paymentTxId: 'MP240101.1234.A56789XYZ',
  paymentReference: 'CC7KQ2MX',
  deadlineAt: '2025-01-10T09:30:00.000Z',
  submittedAt: '2025-01-10T09:10:00.000Z',
  payerNumber: null,
  payerName: null,
  payoutReference: null,
  cancelReason: null,
  decidedAt: null,
  walletAddress: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
  network: null,
  destinationTag: null,
  payout: null,
  notes: null,
  status: 'payment_submitted',
  createdAt: '2025-01-10T09:00:00.000Z',
  userId: 'user-1',
  customerName: 'Kwame Mensah',
  customerEmail: 'kwame@example.com',
  customerPhone: null,
};

type TSeen = { path: string; body: unknown };
type TAnswer = { status: number; body: unknown };

describe('Approve and Cancel ask for the payout reference and the reason', () => {
  let server: Server;
  let seen: TSeen[];
  let answers: TAnswer[];
  const reportError = console.error;

  beforeEach(async () => {
    // The browser logs a refused request, as Chromium does; anything else still fails the test.
    console.error = (...args: unknown[]) => {
      if (/^POST http:\/\/127\.0\.0\.1:\d+\/api\/admin\/orders\/\d+\/(approve|cancel) \d{3} /.test(args.map(String).join(' '))) return;
      reportError(...args);
    };
    seen = [];
    answers = [];
    server = createServer((request: IncomingMessage, response: ServerResponse) => {
      let raw = '';
      request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      request.on('end', () => {
        seen.push({ path: request.url ?? '', body: raw ? (JSON.parse(raw) as unknown) : undefined });
        const answer = answers.shift() ?? { status: 200, body: { order: { ...BUY, status: 'completed' } } };
        response.setHeader('content-type', 'application/json');
        response.writeHead(answer.status).end(JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('expected a TCP address');
    (window as unknown as { happyDOM: { setURL: (url: string) => void } }).happyDOM.setURL(`http://127.0.0.1:${address.port}/admin`);
  });

  afterEach(async () => {
    console.error = reportError;
    await new Promise((resolve) => server.close(resolve));
  });

  function renderDialog(order: TAdminOrder, decision: 'approve' | 'cancel') {
    const onDone = vi.fn();
    const client = new QueryClient({ defaultOptions: { mutations: { retry: false }, queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <ToastProvider>
          <ConfirmOrderDecisionDialog order={order} decision={decision} onDone={onDone} />
        </ToastProvider>
      </QueryClientProvider>,
    );
    return { onDone, dialog: screen.getByRole('dialog', { name: decision === 'approve' ? 'Approve order' : 'Cancel order' }) };
  }

  it("keeps the product's question, and refuses a buy's payout hash of another network before sending anything", async () => {
    const user = userEvent.setup();
    const { dialog, onDone } = renderDialog(BUY, 'approve');
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(dialog.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Are you sure you want to mark this order as completed?',
    );
    const field = screen.getByLabelText('Payout transaction hash');

    await user.click(screen.getByRole('button', { name: 'Approve order' }));
    expect(await screen.findByText(ORDER_MSG.payoutReferenceRequired)).toBeTruthy();

    await user.type(field, EVM_HASH);
    expect(await screen.findByText(ORDER_MSG.payoutHashFormat('Bitcoin'))).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Approve order' }));
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(seen).toEqual([]);

    await user.clear(field);
    await user.type(field, ` ${BTC_HASH} `);
    await user.click(screen.getByRole('button', { name: 'Approve order' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(seen).toEqual([{ path: '/api/admin/orders/9001/approve', body: { payoutReference: BTC_HASH } }]);
    expect(await screen.findByText('Order #9001 marked as completed.')).toBeTruthy();
  });

  it("puts the server's field message on the field, and a sell takes a MoMo or bank reference", async () => {
    const user = userEvent.setup();
    const sell: TAdminOrder = { ...BUY, type: 'sell', payTo: null, depositTo: { network: 'BTC', address: 'bc1qexample', tag: null } };
    answers = [{ status: 400, body: { error: { code: 'VALIDATION', message: 'Too long.', fields: { payoutReference: 'Too long.' } } } }];
    const { onDone } = renderDialog(sell, 'approve');
    const field = screen.getByLabelText('Payout reference');
    await user.type(field, 'MP250110.0915.B12345');
    await user.click(screen.getByRole('button', { name: 'Approve order' }));
    expect(await screen.findByText('Too long.')).toBeTruthy();
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(seen).toEqual([{ path: '/api/admin/orders/9001/approve', body: { payoutReference: 'MP250110.0915.B12345' } }]);
    expect(onDone).not.toHaveBeenCalled();
  });

  it("asks Cancel for the reason the customer is told, and closes with the product's message when someone else decided first", async () => {
    const user = userEvent.setup();
    answers = [{ status: 409, body: { error: { code: 'ORDER_ALREADY_DECIDED', message: 'Some other text.' } } }];
    const { dialog, onDone } = renderDialog(BUY, 'cancel');
    expect(document.getElementById(dialog.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Are you sure you want to mark this order as cancelled?',
    );
    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText(ORDER_MSG.cancelReasonRequired)).toBeTruthy();
    expect(seen).toEqual([]);

    await user.type(screen.getByLabelText('Reason'), 'No payment arrived with this reference.');
    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(seen).toEqual([{ path: '/api/admin/orders/9001/cancel', body: { reason: 'No payment arrived with this reference.' } }]);
    expect(await screen.findByText(ORDER_MSG.alreadyProcessed)).toBeTruthy();
  });
});
