import { useController, useFormContext } from 'react-hook-form';
import { FIAT_CURRENCIES } from '#shared/contracts/orders.js';
import { TextField } from '#web/components/form/form.js';
import { Alert } from '#web/components/ui/alert.js';
import { Select } from '#web/components/ui/select.js';
import { cn } from '#web/lib/cn.js';
import type { TTradeAmount, TTradeAmountValues } from '#web/features/trade/lib/use-trade-amount.js';

/**
 * Coin, fiat currency (GHS/USD) and amount of an order form: what the quote is asked for. The
 * wallet address is checked against the coin, so changing the coin checks it again.
 */
export function TradeAmountFields({
  trade,
  amountLabel,
  checkOnCoinChange = [],
}: {
  trade: TTradeAmount;
  amountLabel: string;
  /** Fields whose rules read the coin (the buy form's wallet address). */
  checkOnCoinChange?: string[];
}) {
  const { setValue } = useFormContext<TTradeAmountValues>();
  const { field: coinField } = useController({ name: 'coinSymbol', rules: { deps: checkOnCoinChange } });
  const coinOptions = trade.coins.map((coin) => ({ value: coin.symbol, label: `${coin.name} (${coin.symbol.toUpperCase()})` }));

  return (
    <div className="space-y-5">
      {trade.coinsError && <Alert variant="error">{trade.coinsError}</Alert>}
      <Select
        label="Coin"
        name={coinField.name}
        ref={coinField.ref}
        // The coin the quote is for: the chosen one, or the first while none is chosen.
        value={trade.coin?.symbol ?? ''}
        onChange={(event) => coinField.onChange(event.target.value)}
        onBlur={coinField.onBlur}
        disabled={trade.isLoadingCoins || trade.coins.length === 0}
        options={coinOptions}
        placeholder={trade.isLoadingCoins ? 'Loading coins…' : undefined}
      />

      <fieldset>
        <legend className="mb-1.5 block text-sm font-medium text-slate-800">Currency</legend>
        <div className="inline-flex rounded-lg border border-slate-300 bg-slate-50 p-1">
          {FIAT_CURRENCIES.map((currency) => (
            <button
              key={currency}
              type="button"
              aria-pressed={trade.currency === currency}
              onClick={() => setValue('fiatCurrency', currency)}
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

      <TextField
        label={`${amountLabel} (${trade.currency})`}
        name="amountFiat"
        type="number"
        inputMode="decimal"
        step="0.01"
        min="0.01"
        placeholder="0.00"
        autoComplete="off"
        // The live check of what is typed, until a submit has judged the field.
        fallbackError={trade.amountError}
      />
    </div>
  );
}
