import { useQuery } from '@tanstack/react-query';
import { DEFAULT_TRADING_RULES, type TTradingRules } from '#shared/contracts/market.js';
import { formatGhs } from '#shared/format.js';
import { marketQueryOptions } from '#web/lib/market.js';

/**
 * The trading rules of the settings (docs/decisions/014): the payment and deposit windows and
 * the smallest and largest order in GHS. Read from the market answer like the fee
 * (`useServiceFeeLabel` in lib/market.ts); until one has arrived, or from an answer cached by an
 * older version of the app, the defaults of decisions/014. No polling of its own.
 */
export function useTradingRules(): TTradingRules {
  const { data } = useQuery({
    ...marketQueryOptions(),
    refetchInterval: false,
    select: (market) => (market.tradingRules as TTradingRules | undefined) ?? null,
  });
  return data ?? DEFAULT_TRADING_RULES;
}

/** '30 minutes', '1 hour', '2 hours', '90 minutes'. */
export function formatMinutes(minutes: number): string {
  if (minutes >= 60 && minutes % 60 === 0) {
    const hours = minutes / 60;
    return hours === 1 ? '1 hour' : `${hours} hours`;
  }
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** 'from GHS 10.00 to GHS 5,000.00', or 'from GHS 10.00, with no maximum'. */
export function orderSizeText(rules: Pick<TTradingRules, 'minOrderGhs' | 'maxOrderGhs'>): string {
  return rules.maxOrderGhs === null
    ? `from ${formatGhs(rules.minOrderGhs)}, with no maximum`
    : `from ${formatGhs(rules.minOrderGhs)} to ${formatGhs(rules.maxOrderGhs)}`;
}

/** The time a customer has after creating an order of this side: '30 minutes' to pay, '1 hour' to send. */
export function windowOf(side: 'buy' | 'sell', rules: TTradingRules): string {
  return formatMinutes(side === 'buy' ? rules.paymentWindowMinutes : rules.depositWindowMinutes);
}

/** The rules under an order form: the order size and the time the customer then has. */
export function TradingRulesNote({ side }: { side: 'buy' | 'sell' }) {
  const rules = useTradingRules();
  return (
    <p className="text-sm text-slate-600">
      Orders are {orderSizeText(rules)}. Once you create an order you have {windowOf(side, rules)} to{' '}
      {side === 'buy' ? 'pay' : 'send your crypto'}; after that it expires.
    </p>
  );
}
