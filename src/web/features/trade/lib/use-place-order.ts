import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ORDER_MSG, type TCreateOrderRequest } from '../../../../shared/contracts/orders.js';
import { useToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api';
import { paths } from '../../../lib/paths';
import { isUncertainFailure, newIdempotencyKey, useCreateOrder } from '../api/create-order';
import type { TTradeAmount } from './use-trade-amount';

/** What /history reads from the location state to open the order just placed. */
export type THistoryLocationState = { openOrderId?: number };

type PlaceOrderOptions = {
  /** Maps the server's per-field messages ('walletAddress', 'payout.number', ...) onto the form. */
  onFieldErrors: (fields: Record<string, string>) => void;
};

/**
 * Submitting an order: one Idempotency-Key per attempt, kept while the outcome is unknown (a
 * dropped connection, a timeout, a 5xx) so that pressing submit again cannot place the order
 * twice: the server answers a repeated key with the order it already placed. A definite answer
 * (an order, or a 4xx) ends the attempt. Nothing typed is lost on an error.
 */
export function usePlaceOrder(userId: string, trade: TTradeAmount, { onFieldErrors }: PlaceOrderOptions) {
  const mutation = useCreateOrder(userId);
  const attemptKey = useRef<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const toast = useToast();
  const navigate = useNavigate();

  const place = (buildBody: (quoteId: string) => TCreateOrderRequest) => {
    if (mutation.isPending) return;
    const quote = trade.quote;
    if (!quote) {
      toast.error(ORDER_MSG.fillRequired);
      return;
    }
    if (quote.localExpiresAt <= Date.now() && attemptKey.current === null) {
      toast.error(ORDER_MSG.quoteExpired);
      trade.refreshQuote();
      return;
    }
    const idempotencyKey = attemptKey.current ?? newIdempotencyKey();
    attemptKey.current = idempotencyKey;
    setFormError(null);

    mutation.mutate(
      { body: buildBody(quote.id), idempotencyKey },
      {
        onSuccess: (order) => {
          attemptKey.current = null;
          toast.success(`Your ${order.type} order #${order.id} was placed. We will process it shortly.`);
          const state: THistoryLocationState = { openOrderId: order.id };
          void navigate(paths.history.getHref(), { state });
        },
        onError: (error) => {
          if (!isUncertainFailure(error)) attemptKey.current = null;
          const message = error instanceof ApiError && error.code !== 'UNEXPECTED' && error.code !== 'BAD_RESPONSE' ? error.message : ORDER_MSG.submitFailed;
          setFormError(message);
          toast.error(message);
          if (error instanceof ApiError && error.fields) onFieldErrors(error.fields);
          if (error instanceof ApiError && error.code === 'QUOTE_INVALID') trade.refreshQuote();
        },
      },
    );
  };

  return { place, isSubmitting: mutation.isPending, formError };
}
