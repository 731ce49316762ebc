import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TCreateOrderRequest, TOrder } from '#shared/contracts/orders.js';
import { ToastProvider } from '#web/components/ui/toast.js';
import { QUOTE_QUERY_KEY, quoteQueryKey } from '#web/features/trade/api/create-quote.js';
import { usePlaceOrder } from './use-place-order';
import type { TTradeAmount } from './use-trade-amount';

/*
 * The buy and sell forms' submit: one Idempotency-Key per attempt, and an attempt whose outcome
 * is unknown is sent again with that key and the very body it first carried, even when the form
 * changed meanwhile. The network is a local HTTP peer that can drop an answer; what the real
 * server does with a key (places the order once) is tested in orders.test.ts and buy-flow.spec.ts.
 */

type TSeen = { key: string; body: TCreateOrderRequest };
type TAnswer = 'drop' | 'order' | 'refuse' | 'fail';

const ORDER: TOrder = {
  id: 42,
  type: 'buy',
  coinSymbol: 'btc',
  amountCrypto: '0.00010000',
  amountFiat: '100.00',
  fiatCurrency: 'GHS',
  amountUsd: '6.50',
  amountGhs: '100.00',
  unitPriceUsd: '65000.00',
  ghsRate: '15.38',
  paymentMethod: 'MTN MoMo',
  payTo: { type: 'momo', provider: 'MTN MoMo', name: 'CediCrypto Ltd', number: '0241234567' },
  depositTo: null,
  hasProof: false,
  paymentTxId: null,
  paymentReference: 'CCAB2345',
  deadlineAt: '2026-11-24T10:30:00.000Z',
  submittedAt: null,
  payerNumber: null,
  payerName: null,
  payoutReference: null,
  cancelReason: null,
  decidedAt: null,
  walletAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  network: null,
  destinationTag: null,
  payout: null,
  notes: null,
  status: 'awaiting_payment',
  createdAt: '2026-11-24T10:00:00.000Z',
};

const TRADE = {
  quote: { id: 'quote-1', localExpiresAt: Number.MAX_SAFE_INTEGER },
  refreshQuote: () => undefined,
} as unknown as TTradeAmount;

function Harness({ note }: { note: string }) {
  const { place, isSubmitting } = usePlaceOrder('user-1', TRADE, {
    onError: (error, fallback) => {
      const message = error instanceof Error ? error.message : fallback;
      document.title = message;
    },
  });
  return (
    <button
      type="button"
      disabled={isSubmitting}
      onClick={() =>
        place((quoteId) => ({
          type: 'buy',
          quoteId,
          walletAddress: ORDER.walletAddress ?? '',
          paymentMethodId: 1,
          notes: note,
        }))
      }
    >
      Place order
    </button>
  );
}

describe('placing an order is safe to repeat', () => {
  let server: Server;
  let seen: TSeen[];
  let answers: TAnswer[];
  const reportError = console.error;

  beforeEach(async () => {
    // The browser logs a failed request, as Chromium does; anything else still fails the test.
    console.error = (...args: unknown[]) => {
      const text = args.map(String).join(' ');
      if (/^(Error: socket hang up|POST http:\/\/127\.0\.0\.1:\d+\/api\/orders \d{3} )/.test(text)) return;
      reportError(...args);
    };
    seen = [];
    answers = [];
    server = createServer((request: IncomingMessage, response: ServerResponse) => {
      let raw = '';
      request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      request.on('end', () => {
        seen.push({ key: String(request.headers['idempotency-key']), body: JSON.parse(raw) as TCreateOrderRequest });
        const answer = answers.shift() ?? 'order';
        if (answer === 'drop') return request.socket.destroy();
        response.setHeader('content-type', 'application/json');
        if (answer === 'order') return response.writeHead(201).end(JSON.stringify({ order: ORDER }));
        if (answer === 'fail') return response.writeHead(503).end(JSON.stringify({ error: { code: 'UNAVAILABLE', message: 'Down.' } }));
        response
          .writeHead(400)
          .end(JSON.stringify({ error: { code: 'VALIDATION', message: 'Bad wallet.', fields: { walletAddress: 'Bad wallet.' } } }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('expected a TCP address');
    (window as unknown as { happyDOM: { setURL: (url: string) => void } }).happyDOM.setURL(`http://127.0.0.1:${address.port}/buy`);
  });

  afterEach(async () => {
    console.error = reportError;
    await new Promise((resolve) => server.close(resolve));
  });

  function renderHarness(note: string) {
    const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
    const view = (text: string) => (
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <ToastProvider>
            <Harness note={text} />
          </ToastProvider>
        </MemoryRouter>
      </QueryClientProvider>
    );
    const result = render(view(note));
    return { client, rerender: (text: string) => result.rerender(view(text)) };
  }

  async function submit(user: ReturnType<typeof userEvent.setup>, expectedRequests: number) {
    await user.click(await screen.findByRole('button', { name: 'Place order' }));
    for (let i = 0; i < 400 && seen.length < expectedRequests; i += 1) await new Promise((resolve) => setTimeout(resolve, 5));
    // Wait for the attempt to settle (the button is enabled again, or the page moved on).
    for (let i = 0; i < 400 && screen.queryByRole('button', { name: 'Place order' })?.hasAttribute('disabled'); i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  it('sends a lost attempt again with the same key and the body it first carried, though the form changed', async () => {
    const user = userEvent.setup();
    answers = ['drop', 'fail', 'order'];
    const { rerender } = renderHarness('first note');
    await submit(user, 1);
    // The person edits the note while the outcome is unknown, then presses submit again.
    rerender('edited note');
    await submit(user, 2);
    await submit(user, 3);

    expect(seen).toHaveLength(3);
    const [first, second, third] = seen;
    expect(second?.key).toBe(first?.key);
    expect(third?.key).toBe(first?.key);
    expect(second?.body).toEqual(first?.body);
    expect(third?.body).toEqual(first?.body);
    expect(first?.body).toMatchObject({ quoteId: 'quote-1', notes: 'first note' });
  });

  it('forgets the quote once an order used it, so a return to the form asks for a new one', async () => {
    const user = userEvent.setup();
    answers = ['refuse', 'order'];
    const { client } = renderHarness('note');
    const request = { coinSymbol: 'btc', side: 'buy', fiatCurrency: 'USD', amountFiat: '5' } as const;
    client.setQueryData(quoteQueryKey(request), { ...TRADE.quote });
    await submit(user, 1);
    // A refusal that is not about the quote keeps it.
    expect(client.getQueryData(quoteQueryKey(request))).toBeDefined();
    await submit(user, 2);
    expect(seen).toHaveLength(2);
    expect(client.getQueryCache().findAll({ queryKey: QUOTE_QUERY_KEY })).toHaveLength(0);
  });

  it('starts a new attempt, with a new key and the form as it is now, after a definite answer', async () => {
    const user = userEvent.setup();
    answers = ['refuse', 'order'];
    const { rerender } = renderHarness('first note');
    await submit(user, 1);
    rerender('edited note');
    await submit(user, 2);

    const [refused, next] = seen;
    expect(next?.key).not.toBe(refused?.key);
    expect(next?.body).toMatchObject({ notes: 'edited note' });
    expect(refused?.key).toMatch(/^[0-9a-f-]{36}$/);
  });
});
