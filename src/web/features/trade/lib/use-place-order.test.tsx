import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '#web/lib/router.js';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { WAIT } from '#test/helpers/timeouts.js';
import type { TCreateOrderRequest } from '#shared/contracts/orders.js';
import { ToastProvider } from '#web/components/ui/toast.js';
import { answerFromLocalPeer, sendJson } from '#test/helpers/local-api-peer.js';
import { buildOrder } from '#test/helpers/order-fixtures.js';
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

const ORDER = buildOrder({ amountUsd: '6.50', unitPriceUsd: '65000.00', ghsRate: '15.38' });

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
  let seen: TSeen[];
  let answers: TAnswer[];

  beforeEach(() => {
    seen = [];
    answers = [];
  });
  answerFromLocalPeer({
    page: '/buy',
    expectedErrors: /^(Error: socket hang up|POST http:\/\/127\.0\.0\.1:\d+\/api\/orders \d{3} )/,
    handle: (request, body, response) => {
      seen.push({ key: String(request.headers['idempotency-key']), body: JSON.parse(body.toString()) as TCreateOrderRequest });
      const answer = answers.shift() ?? 'order';
      if (answer === 'drop') return request.socket.destroy();
      if (answer === 'order') return sendJson(response, { status: 201, body: { order: ORDER } });
      if (answer === 'fail') return sendJson(response, { status: 503, body: { error: { code: 'UNAVAILABLE', message: 'Down.' } } });
      sendJson(response, {
        status: 400,
        body: { error: { code: 'VALIDATION', message: 'Bad wallet.', fields: { walletAddress: 'Bad wallet.' } } },
      });
    },
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
    await vi.waitFor(() => expect(seen.length).toBeGreaterThanOrEqual(expectedRequests), WAIT);
    // Wait for the attempt to settle (the button is enabled again, or the page moved on).
    await vi.waitFor(
      () => expect(screen.queryByRole('button', { name: 'Place order' })?.hasAttribute('disabled') ?? false).toBe(false),
      WAIT,
    );
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
