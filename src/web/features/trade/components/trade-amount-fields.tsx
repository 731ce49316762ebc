import { FIAT_CURRENCIES } from '#shared/contracts/orders.js';
import { Alert } from '#web/components/ui/alert.js';
import { controlClassName, Field } from '#web/components/ui/field.js';
import { Input } from '#web/components/ui/input.js';
import { cn } from '#web/lib/cn.js';
import type { TTradeAmount } from '#web/features/trade/lib/use-trade-amount.js';

/** Coin, fiat currency (GHS/USD) and amount: what the quote is asked for. */
export function TradeAmountFields({ trade, amountLabel, missing }: { trade: TTradeAmount; amountLabel: string; missing?: boolean }) {
  return (
    <div className="space-y-5">
      {trade.coinsError && <Alert variant="error">{trade.coinsError}</Alert>}
      <Field label="Coin">
        {(control) => (
          <select
            {...control}
            name="coinSymbol"
            value={trade.coin?.symbol ?? ''}
            disabled={trade.isLoadingCoins || trade.coins.length === 0}
            onChange={(event) => trade.setCoinSymbol(event.target.value)}
            className={controlClassName}
          >
            {trade.isLoadingCoins && <option value="">Loading coins…</option>}
            {trade.coins.map((coin) => (
              <option key={coin.symbol} value={coin.symbol}>
                {coin.name} ({coin.symbol.toUpperCase()})
              </option>
            ))}
          </select>
        )}
      </Field>

      <fieldset>
        <legend className="mb-1.5 block text-sm font-medium text-slate-800">Currency</legend>
        <div className="inline-flex rounded-lg border border-slate-300 bg-slate-50 p-1">
          {FIAT_CURRENCIES.map((currency) => (
            <button
              key={currency}
              type="button"
              aria-pressed={trade.currency === currency}
              onClick={() => trade.setCurrency(currency)}
              className={cn(
                'min-h-9 min-w-16 rounded-md px-4 text-sm font-semibold',
                trade.currency === currency
                  ? 'bg-white text-brand-800 shadow-sm ring-1 ring-slate-200'
                  : 'text-slate-600 hover:text-slate-900',
              )}
            >
              {currency}
            </button>
          ))}
        </div>
      </fieldset>

      <Input
        label={`${amountLabel} (${trade.currency})`}
        name="amountFiat"
        type="number"
        inputMode="decimal"
        step="0.01"
        min="0.01"
        placeholder="0.00"
        autoComplete="off"
        value={trade.amount}
        onChange={(event) => trade.setAmount(event.target.value)}
        error={trade.amountError ?? (missing ? 'Enter an amount.' : undefined)}
      />
    </div>
  );
}
