import { ORDER_MSG, ZFiatAmount, type TQuoteRequest } from '#shared/contracts/orders.js';
import type { TFiatCurrency } from '#shared/format.js';
import { TIER_MSG, type TLimitResponse } from '#shared/contracts/tiers.js';
import { toDecimal } from '#shared/money.js';
import { ApiError, getErrorMessage } from '#web/lib/api.js';
import { useQuote } from '#web/features/trade/api/create-quote.js';
import { useTradingLimit } from '#web/features/trade/api/get-limit.js';
import { useTradeCoins } from '#web/features/trade/api/list-coins.js';
import { findCoin } from './order-form';
import { useDebouncedValue } from './use-debounced-value';

/** The GHS limits of a Tier 1 or 2 customer and what is left of them; null at Tier 0. */
export type TTierLimit = { tier: number; dailyLimitGhs: string; monthlyLimitGhs: string; leftTodayGhs: string; leftThisMonthGhs: string };

function tierLimitOf(data: TLimitResponse): TTierLimit | null {
  const { tier, dailyLimitGhs, monthlyLimitGhs, leftTodayGhs, leftThisMonthGhs } = data;
  if (dailyLimitGhs === null || monthlyLimitGhs === null || leftTodayGhs === null || leftThisMonthGhs === null) return null;
  return { tier, dailyLimitGhs, monthlyLimitGhs, leftTodayGhs, leftThisMonthGhs };
}

/** The server's refusal of an amount over what is left today or this month, said before it is asked. */
function tierLimitExceeded(limit: TTierLimit, amountGhs: string): string | null {
  const hint = limit.tier === 1 ? ` ${TIER_MSG.raiseTier}` : '';
  if (toDecimal(amountGhs).gt(limit.leftTodayGhs))
    return `${TIER_MSG.overDailyLimit(limit.leftTodayGhs, limit.dailyLimitGhs, limit.tier)}${hint}`;
  if (toDecimal(amountGhs).gt(limit.leftThisMonthGhs))
    return `${TIER_MSG.overMonthlyLimit(limit.leftThisMonthGhs, limit.monthlyLimitGhs, limit.tier)}${hint}`;
  return null;
}

/**
 * A new quote is asked once the amount has stopped changing for this long. Part of the time to the
 * first quote a phone on slow 4G waits (bench:first-quote, goal 1 s): 400 ms left about 600 ms for
 * the request and the render; 300 ms is still longer than the pause between two keys of a number.
 */
export const QUOTE_DEBOUNCE_MS = 300;

export type TTradeSide = TQuoteRequest['side'];

/** The fields of the order form a quote is asked for. */
export type TTradeAmountValues = { coinSymbol: string; fiatCurrency: TFiatCurrency; amountFiat: string };

/**
 * The shared half of /buy and /sell: the live quote for the form's coin, currency and amount,
 * and the limit of the customer's tier (the $20 of Tier 0, the GHS left today and this month at
 * Tiers 1 and 2: docs/decisions/016). The server prices the order (decisions/013 D2)
 * and checks the limit again when the order is placed (decisions/013 D3); here it only guides
 * the person. The values live in the order form (react-hook-form); this reads them.
 */
export function useTradeAmount(side: TTradeSide, { coinSymbol: chosenCoin, fiatCurrency: currency, amountFiat }: TTradeAmountValues) {
  const coinsQuery = useTradeCoins();
  const coins = coinsQuery.data ?? [];
  const amount = amountFiat.trim();

  const coin = findCoin(coins, chosenCoin);
  const coinSymbol = coin?.symbol ?? '';
  const debouncedAmount = useDebouncedValue(amount, QUOTE_DEBOUNCE_MS);
  const isAmountValid = ZFiatAmount.safeParse(debouncedAmount).success;
  const amountError = debouncedAmount !== '' && !isAmountValid ? ORDER_MSG.amountInvalid : undefined;
  const isDebouncing = debouncedAmount !== amount;

  const request: TQuoteRequest | null =
    coinSymbol && isAmountValid && !isDebouncing ? { coinSymbol, side, fiatCurrency: currency, amountFiat: debouncedAmount } : null;
  const quoteQuery = useQuote(request);
  const quote = request && quoteQuery.data && !quoteQuery.isError ? quoteQuery.data : null;
  const quoteError = request && quoteQuery.isError ? getErrorMessage(quoteQuery.error) : null;
  // The minimum or maximum order (the server's message on the amount): a new quote for the same
  // amount is refused the same way, only another amount helps (issue 26).
  const isQuoteErrorAboutAmount = quoteError !== null && quoteQuery.error instanceof ApiError && !!quoteQuery.error.fields?.amountFiat;
  const isQuoting = (request !== null && quoteQuery.isFetching && !quote) || (isDebouncing && amount !== '');

  const limitQuery = useTradingLimit();
  const limit = limitQuery.data?.isLimited ? limitQuery.data : null;
  // Tiers 1 and 2 (docs/decisions/016): what is left today and this month, in GHS.
  const tierLimit = limitQuery.data && !limitQuery.data.isLimited ? tierLimitOf(limitQuery.data) : null;
  const tierLimitMessage = quote && tierLimit ? tierLimitExceeded(tierLimit, quote.amountGhs) : null;
  const exceedsLimit = !!(limit && quote && toDecimal(quote.amountUsd).gt(limit.remainingUsd)) || tierLimitMessage !== null;

  return {
    coins,
    isLoadingCoins: coinsQuery.isPending,
    coinsError: coinsQuery.isError ? getErrorMessage(coinsQuery.error) : null,
    coin,
    currency,
    amountError,
    quote,
    quoteError,
    isQuoteErrorAboutAmount,
    isQuoting,
    refreshQuote: () => void quoteQuery.refetch(),
    limit,
    tierLimit,
    /** Why the quote is over the tier's limit (the server's own words), or null. */
    tierLimitMessage,
    exceedsLimit,
  };
}

export type TTradeAmount = ReturnType<typeof useTradeAmount>;
