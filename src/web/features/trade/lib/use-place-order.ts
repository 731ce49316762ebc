import { isQuoteRefusal } from '#shared/error-codes.js';
import { useRef } from 'react';
import { useNavigate } from '#web/lib/router.js';
import { ORDER_MSG, type TCreateOrderRequest } from '#shared/contracts/orders.js';
import { useToast } from '#web/components/ui/toast.js';
import { ApiError } from '#web/lib/api.js';
import type { TCreatedOrderState } from '#web/lib/my-orders.js';
import { paths } from '#web/lib/paths.js';
import { isUncertainFailure, newIdempotencyKey, useCreateOrder } from '#web/features/trade/api/create-order.js';
import type { TTradeAmount } from './use-trade-amount';

type PlaceOrderOptions = {
  /** Shows a failed attempt on the form (`showServerError`): on its fields, or above the form. */
  onError: (error: unknown, fallback: string) => void;
};

/** One submit attempt: the Idempotency-Key and the exact body sent with it. */
type TAttempt = { idempotencyKey: string; body: TCreateOrderRequest };

/**
 * Submitting an order: one Idempotency-Key per attempt, kept with the body it was sent with
 * while the outcome is unknown (a dropped connection, a timeout, a 5xx). Pressing submit again
 * sends that same key and the same body (the server refuses a known key with another body), so
 * the order cannot be placed twice: the server answers with the order it already placed, or
 * places it now. A definite answer (an order, or a 4xx) ends the attempt; the next submit
 * builds a new body from the form. Nothing typed is lost on an error. A created order opens
 * its page (#/orders/:id), told in its state that it was just created.
 */
export function usePlaceOrder(userId: string, trade: TTradeAmount, { onError }: PlaceOrderOptions) {
  const mutation = useCreateOrder(userId);
  const attempt = useRef<TAttempt | null>(null);
  const toast = useToast();
  const navigate = useNavigate();

  const place = (buildBody: (quoteId: string) => TCreateOrderRequest) => {
    if (mutation.isPending) return;
    let current = attempt.current;
    if (current === null) {
      const quote = trade.quote;
      if (!quote) {
        toast.error(ORDER_MSG.fillRequired);
        return;
      }
      if (quote.localExpiresAt <= Date.now()) {
        toast.error(ORDER_MSG.quoteExpired);
        trade.refreshQuote();
        return;
      }
      current = { idempotencyKey: newIdempotencyKey(), body: buildBody(quote.id) };
      attempt.current = current;
    }

    mutation.mutate(
      { body: current.body, idempotencyKey: current.idempotencyKey },
      {
        onSuccess: (order) => {
          attempt.current = null;
          // Step 2: the order page shows what to pay (or send), where, and until when. It says the
          // order was created itself, under its heading: a toast there covered the heading (issue 26).
          void navigate(paths.order.getHref(order.id), { state: { createdOrderId: order.id } satisfies TCreatedOrderState });
        },
        onError: (error) => {
          if (!isUncertainFailure(error)) attempt.current = null;
          const isOurs = error instanceof ApiError && error.code !== 'UNEXPECTED' && error.code !== 'BAD_RESPONSE';
          onError(isOurs ? error : null, ORDER_MSG.submitFailed);
          if (error instanceof ApiError && isQuoteRefusal(error.code)) trade.refreshQuote();
        },
      },
    );
  };

  return { place, isSubmitting: mutation.isPending };
}
