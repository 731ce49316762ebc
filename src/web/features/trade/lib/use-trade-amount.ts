import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ORDER_MSG, ZFiatAmount, type TQuoteRequest } from '#shared/contracts/orders.js';
import type { TFiatCurrency } from '#shared/format.js';
import { toDecimal } from '#shared/money.js';
import { getErrorMessage } from '#web/lib/api.js';
import { useQuote } from '#web/features/trade/api/create-quote.js';
import { useTradingLimit } from '#web/features/trade/api/get-limit.js';
import { useTradeCoins } from '#web/features/trade/api/list-coins.js';
import { useDebouncedValue } from './use-debounced-value';

/** A new quote is asked once the amount has stopped changing for this long. */
export const QUOTE_DEBOUNCE_MS = 400;

export type TTradeSide = TQuoteRequest['side'];

/**
 * The shared half of /buy and /sell: coin, currency and amount, the live quote for them, and
 * the $20 limit of customers not yet verified. The server prices the order (decisions/013 D2) and
 * checks the limit again when the order is placed (decisions/013 D3); here it only guides the person.
 */
export function useTradeAmount(side: TTradeSide) {
  const [searchParams] = useSearchParams();
  const coinsQuery = useTradeCoins();
  const coins = coinsQuery.data ?? [];
  const [chosenCoin, setCoinSymbol] = useState(() => searchParams.get('coin')?.toLowerCase() ?? '');
  const [currency, setCurrency] = useState<TFiatCurrency>('GHS');
  const [amount, setAmount] = useState('');

  const coin = coins.find((c) => c.symbol === chosenCoin) ?? coins[0] ?? null;
  const coinSymbol = coin?.symbol ?? '';
  const debouncedAmount = useDebouncedValue(amount.trim(), QUOTE_DEBOUNCE_MS);
  const isAmountValid = ZFiatAmount.safeParse(debouncedAmount).success;
  const amountError = debouncedAmount !== '' && !isAmountValid ? ORDER_MSG.amountInvalid : undefined;
  const isDebouncing = debouncedAmount !== amount.trim();

  const request: TQuoteRequest | null =
    coinSymbol && isAmountValid && !isDebouncing ? { coinSymbol, side, fiatCurrency: currency, amountFiat: debouncedAmount } : null;
  const quoteQuery = useQuote(request);
  const quote = request && quoteQuery.data && !quoteQuery.isError ? quoteQuery.data : null;
  const quoteError = request && quoteQuery.isError ? getErrorMessage(quoteQuery.error) : null;
  const isQuoting = (request !== null && quoteQuery.isFetching && !quote) || (isDebouncing && amount.trim() !== '');

  const limitQuery = useTradingLimit();
  const limit = limitQuery.data?.isLimited ? limitQuery.data : null;
  const exceedsLimit = !!(limit && quote && toDecimal(quote.amountUsd).gt(limit.remainingUsd));

  return {
    coins,
    isLoadingCoins: coinsQuery.isPending,
    coinsError: coinsQuery.isError ? getErrorMessage(coinsQuery.error) : null,
    coin,
    setCoinSymbol,
    currency,
    setCurrency,
    amount,
    setAmount,
    amountError,
    quote,
    quoteError,
    isQuoting,
    refreshQuote: () => void quoteQuery.refetch(),
    limit,
    exceedsLimit,
  };
}

export type TTradeAmount = ReturnType<typeof useTradeAmount>;
