import { useMemo } from 'react';
import { useSearchParams } from '#web/lib/router.js';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import type { TProfile } from '#shared/contracts/account.js';
import { MOMO_PROVIDERS, ORDER_MSG, type TCoinPublic, type TCreateOrderRequest } from '#shared/contracts/orders.js';
import { isNetworkId } from '#shared/networks.js';
import { errorAt, SelectField, TextareaField, TextField } from '#web/components/form/form.js';
import { showServerError, useZodForm } from '#web/components/form/use-zod-form.js';
import { Erc20FeeNote } from '#web/components/orders/erc20-fee-note.js';
import { Alert } from '#web/components/ui/alert.js';
import { toOptions } from '#web/components/ui/select.js';
import { cn } from '#web/lib/cn.js';
import { useTradeCoins } from '#web/features/trade/api/list-coins.js';
import { sellableNetworks, sellFormSchema, sellNetworkOf, type TSellFormValues } from '#web/features/trade/lib/order-form.js';
import { usePlaceOrder } from '#web/features/trade/lib/use-place-order.js';
import { useTradeAmount } from '#web/features/trade/lib/use-trade-amount.js';
import { isSellingSetUp } from '#web/features/trade/lib/trading-setup.js';
import { TradeForm } from './trade-form';
import { TradingOpensSoon } from './trading-opens-soon';

const PAYOUT_TYPES = [
  ['momo', 'Mobile money'],
  ['bank', 'Bank account'],
] as const;

const choiceClassName = (isChosen: boolean) =>
  cn(
    'flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm font-medium',
    isChosen ? 'border-brand-600 bg-brand-50 text-brand-900' : 'border-slate-300 bg-white text-slate-800',
  );

/**
 * The network the customer will send on (docs/decisions/014; decisions/013 D17): a coin's sellable networks
 * as a choice nobody can skip when there are several, the only one shown when there is one.
 * Coins sent on another network are lost, which the card says.
 */
function NetworkChoice({ coin, amountUsd }: { coin: TCoinPublic; amountUsd: string | undefined }) {
  const { register } = useFormContext<TSellFormValues>();
  const { errors } = useFormState<TSellFormValues>();
  const chosen = useWatch<TSellFormValues, 'network'>({ name: 'network' });
  const networks = sellableNetworks(coin);
  const symbol = coin.symbol.toUpperCase();
  const error = errorAt(errors, 'network');
  const only = networks.length === 1 ? networks[0] : undefined;

  if (networks.length === 0) return <Alert variant="warning">{ORDER_MSG.noWalletConfigured}</Alert>;
  return (
    <div className="space-y-3">
      {only ? (
        <div>
          <p className="text-sm text-slate-800">
            Network: <strong>{only.label}</strong>. You send your {symbol} on this network.
          </p>
          {/* The server may still refuse it (its address was just removed). */}
          {error && <p className="mt-1.5 text-sm font-medium text-red-700">{error}</p>}
        </div>
      ) : (
        <fieldset aria-describedby={error ? 'sell-network-error' : undefined}>
          <legend className="mb-1.5 block text-sm font-medium text-slate-800">Network you will send on</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {networks.map((network) => (
              <label key={network.network} className={choiceClassName(chosen === network.network)}>
                <input type="radio" value={network.network} {...register('network')} className="accent-brand-700" />
                {network.label}
              </label>
            ))}
          </div>
          {error && (
            <p id="sell-network-error" className="mt-1.5 text-sm font-medium text-red-700">
              {error}
            </p>
          )}
        </fieldset>
      )}
      <Erc20FeeNote coinSymbol={coin.symbol} network={only ? only.network : chosen} amountUsd={amountUsd} />
      <Alert variant="warning">
        Send {symbol} only on {only ? only.label : 'the network you choose here'}. Coins sent on another network are lost and cannot be
        recovered.
      </Alert>
    </div>
  );
}

/**
 * /sell, step 1 of the order (docs/decisions/014): coin, amount, the network the customer will
 * send on and the payout account. "Create order" fixes the amount to send; the order page then
 * shows the deposit address (and tag) for that network and takes "I have sent".
 */
export function SellForm({ user }: { user: TProfile }) {
  const [searchParams] = useSearchParams();
  const coins = useTradeCoins().data;
  const schema = useMemo(() => sellFormSchema(coins ?? []), [coins]);
  const form = useZodForm<typeof schema, TSellFormValues>(schema, {
    defaultValues: {
      coinSymbol: searchParams.get('coin')?.toLowerCase() ?? '',
      fiatCurrency: 'GHS',
      amountFiat: '',
      network: '',
      payout: { type: 'momo', provider: '', name: '', number: '', bankName: '', accountNumber: '' },
      notes: '',
    },
  });
  const [coinSymbol, fiatCurrency, amountFiat, payoutType] = useWatch({
    control: form.control,
    name: ['coinSymbol', 'fiatCurrency', 'amountFiat', 'payout.type'],
  });
  const trade = useTradeAmount('sell', { coinSymbol, fiatCurrency, amountFiat });
  const { place, isSubmitting } = usePlaceOrder(user.id, trade, {
    onError: (error, fallback) => showServerError(form, error, { fallback }),
  });

  // A network chosen for another coin counts as none (sellNetworkOf), so it is asked again.
  const coin = trade.coin;

  const isUnavailable = !!coin && sellableNetworks(coin).length === 0;
  const isBlocked = trade.exceedsLimit || !!trade.quoteError || isUnavailable;
  const isMomo = payoutType === 'momo';

  // No deposit address on any coin: the business has not set selling up yet (issue 16). One coin
  // without an address is the normal case: its own message (NetworkChoice).
  if (isSellingSetUp(coins) === false) return <TradingOpensSoon side="sell" user={user} />;

  return (
    <TradeForm
      side="sell"
      user={user}
      form={form}
      trade={trade}
      amountLabel="Amount to receive"
      checkOnCoinChange={['network']}
      isSubmitting={isSubmitting}
      isBlocked={isBlocked}
      onSubmit={(values) => {
        const network = sellNetworkOf(coin, values.network)?.network;
        place((quoteId): TCreateOrderRequest => ({
          type: 'sell',
          quoteId,
          ...(network && isNetworkId(network) ? { network } : {}),
          payout: values.payout,
          ...(values.notes ? { notes: values.notes } : {}),
        }));
      }}
    >
      <div className="card space-y-5">
        <h2 className="text-lg font-semibold text-slate-900">Send your {coin ? coin.symbol.toUpperCase() : 'crypto'}</h2>
        {coin && <NetworkChoice coin={coin} amountUsd={trade.quote?.amountUsd} />}
        {coin && !isUnavailable && (
          <p className="text-sm text-slate-600">
            Once the order is created, you see the address to send to and the exact amount, fixed for this order.
          </p>
        )}
      </div>

      <div className="card space-y-5">
        <h2 className="text-lg font-semibold text-slate-900">How you get paid</h2>
        <fieldset>
          <legend className="mb-1.5 block text-sm font-medium text-slate-800">Payout method</legend>
          <div className="grid grid-cols-2 gap-2">
            {PAYOUT_TYPES.map(([type, label]) => (
              <label key={type} className={choiceClassName(payoutType === type)}>
                <input type="radio" value={type} {...form.register('payout.type')} className="accent-brand-700" />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
        {isMomo && (
          <SelectField
            label="Mobile money provider"
            name="payout.provider"
            placeholder="Select a provider"
            options={toOptions(MOMO_PROVIDERS)}
          />
        )}
        <TextField label="Account name" name="payout.name" autoComplete="name" />
        {isMomo ? (
          <TextField label="Mobile money number" name="payout.number" type="tel" autoComplete="tel" placeholder="024 123 4567" />
        ) : (
          <>
            <TextField label="Bank name" name="payout.bankName" autoComplete="off" />
            <TextField label="Account number" name="payout.accountNumber" inputMode="numeric" autoComplete="off" />
          </>
        )}
        <TextareaField label="Notes (optional)" name="notes" rows={3} maxLength={500} />
      </div>
    </TradeForm>
  );
}
