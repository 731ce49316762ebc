import { useMemo } from 'react';
import { useSearchParams } from '#web/lib/router.js';
import { useWatch } from 'react-hook-form';
import type { TProfile } from '#shared/contracts/account.js';
import type { TCreateOrderRequest } from '#shared/contracts/orders.js';
import { USDT_NETWORKS } from '#shared/wallet-address.js';
import { SelectField, TextareaField, TextField } from '#web/components/form/form.js';
import { showServerError, useZodForm } from '#web/components/form/use-zod-form.js';
import { Alert } from '#web/components/ui/alert.js';
import { toOptions } from '#web/components/ui/select.js';
import { getErrorMessage } from '#web/lib/api.js';
import { usePaymentMethods } from '#web/features/trade/api/list-payment-methods.js';
import { useTradeCoins } from '#web/features/trade/api/list-coins.js';
import { buyFormSchema, type TBuyFormValues } from '#web/features/trade/lib/order-form.js';
import { usePlaceOrder } from '#web/features/trade/lib/use-place-order.js';
import { useTradeAmount } from '#web/features/trade/lib/use-trade-amount.js';
import { isBuyingSetUp } from '#web/features/trade/lib/trading-setup.js';
import { TradeForm } from './trade-form';
import { TradingOpensSoon } from './trading-opens-soon';

/**
 * /buy, step 1 of the order (docs/decisions/014): coin, amount, wallet and payment method.
 * "Create order" locks the quote's price; the order page then shows what to pay, where, with
 * which reference, and takes "I have paid".
 */
export function BuyForm({ user }: { user: TProfile }) {
  const [searchParams] = useSearchParams();
  const coins = useTradeCoins().data;
  const schema = useMemo(() => buyFormSchema(coins ?? []), [coins]);
  const form = useZodForm(schema, {
    defaultValues: {
      coinSymbol: searchParams.get('coin')?.toLowerCase() ?? '',
      fiatCurrency: 'GHS',
      amountFiat: '',
      walletAddress: '',
      network: '',
      destinationTag: '',
      paymentMethodId: '',
      notes: '',
    } satisfies TBuyFormValues,
  });
  const [coinSymbol, fiatCurrency, amountFiat, paymentMethodId] = useWatch({
    control: form.control,
    name: ['coinSymbol', 'fiatCurrency', 'amountFiat', 'paymentMethodId'],
  });
  const trade = useTradeAmount('buy', { coinSymbol, fiatCurrency, amountFiat });
  const methodsQuery = usePaymentMethods();
  const methods = methodsQuery.data ?? [];
  const { place, isSubmitting } = usePlaceOrder(user.id, trade, {
    onError: (error, fallback) => showServerError(form, error, { fallback }),
  });

  const coin = trade.coin;
  const isUsdt = coin?.symbol === 'usdt';
  const isXrp = coin?.symbol === 'xrp';
  const method = methods.find((m) => String(m.id) === paymentMethodId) ?? null;
  const isBlocked = trade.exceedsLimit || !!trade.quoteError;

  // No payment method at all: the business has not set buying up yet (issue 16).
  if (isBuyingSetUp(methodsQuery.data) === false) return <TradingOpensSoon side="buy" user={user} />;

  return (
    <TradeForm
      side="buy"
      user={user}
      form={form}
      trade={trade}
      amountLabel="Amount to spend"
      checkOnCoinChange={['walletAddress', 'network']}
      isSubmitting={isSubmitting}
      isBlocked={isBlocked}
      onSubmit={(values) => {
        if (!method) return;
        place((quoteId): TCreateOrderRequest => ({
          type: 'buy',
          quoteId,
          walletAddress: values.walletAddress,
          ...(isUsdt && values.network ? { network: values.network } : {}),
          ...(isXrp && values.destinationTag.trim() ? { destinationTag: values.destinationTag.trim() } : {}),
          paymentMethodId: method.id,
          ...(values.notes ? { notes: values.notes } : {}),
        }));
      }}
    >
      <div className="card space-y-5">
        <h2 className="text-lg font-semibold text-slate-900">Where to send your {coin ? coin.symbol.toUpperCase() : 'crypto'}</h2>
        {isUsdt && (
          <SelectField
            label="Network"
            name="network"
            placeholder="Select the network of your address"
            options={toOptions(USDT_NETWORKS)}
            registerOptions={{ deps: ['walletAddress'] }}
          />
        )}
        <TextField
          label="Wallet address"
          name="walletAddress"
          autoComplete="off"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          className="font-mono"
          hint={coin ? `Your own ${coin.name} address. Crypto sent to a wrong address cannot be recovered.` : undefined}
        />
        {isXrp && (
          <TextField
            label="Destination tag (optional)"
            name="destinationTag"
            inputMode="numeric"
            autoComplete="off"
            hint="Needed when your XRP address belongs to an exchange."
          />
        )}
      </div>

      <div className="card space-y-5">
        <h2 className="text-lg font-semibold text-slate-900">Payment</h2>
        {methodsQuery.isError && <Alert variant="error">{getErrorMessage(methodsQuery.error)}</Alert>}
        <SelectField
          label="Payment method"
          name="paymentMethodId"
          disabled={methods.length === 0}
          placeholder={methodsQuery.isPending ? 'Loading payment methods…' : 'Select a payment method'}
          options={methods.map((m) => ({ value: String(m.id), label: m.name }))}
          hint="Once the order is created, you see the amount to pay in GHS, the account to pay to and your payment reference."
        />
        <TextareaField label="Notes (optional)" name="notes" rows={3} maxLength={500} />
      </div>
    </TradeForm>
  );
}
