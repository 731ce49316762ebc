import { useSearchParams } from 'react-router';
import { useWatch } from 'react-hook-form';
import type { TProfile } from '#shared/contracts/account.js';
import { MOMO_PROVIDERS, ORDER_MSG, type TCreateOrderRequest } from '#shared/contracts/orders.js';
import { formatCrypto } from '#shared/format.js';
import { COIN_NETWORKS } from '#shared/wallet-address.js';
import { CopyButton } from '#web/components/copy-button.js';
import { SelectField, TextareaField, TextField } from '#web/components/form/form.js';
import { showServerError, useZodForm } from '#web/components/form/use-zod-form.js';
import { QrCode } from '#web/components/qr-code.js';
import { Alert } from '#web/components/ui/alert.js';
import { toOptions } from '#web/components/ui/select.js';
import { cn } from '#web/lib/cn.js';
import { ZSellForm, type TSellFormValues } from '#web/features/trade/lib/order-form.js';
import { usePlaceOrder } from '#web/features/trade/lib/use-place-order.js';
import { useTradeAmount } from '#web/features/trade/lib/use-trade-amount.js';
import { TradeForm } from './trade-form';

const PAYOUT_TYPES = [
  ['momo', 'Mobile money'],
  ['bank', 'Bank account'],
] as const;

/**
 * /sell (docs/product.md §2 and §5): the customer sends the crypto to the exchange's address for the
 * coin, gives the on-chain transaction id, and is paid out by mobile money or bank.
 */
export function SellForm({ user }: { user: TProfile }) {
  const [searchParams] = useSearchParams();
  const form = useZodForm<typeof ZSellForm, TSellFormValues>(ZSellForm, {
    defaultValues: {
      coinSymbol: searchParams.get('coin')?.toLowerCase() ?? '',
      fiatCurrency: 'GHS',
      amountFiat: '',
      paymentTxId: '',
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

  const coin = trade.coin;
  const depositAddress = coin?.walletAddress ?? null;
  const isUnavailable = !!coin && !depositAddress;
  const isBlocked = trade.exceedsLimit || !!trade.quoteError || isUnavailable;
  const isMomo = payoutType === 'momo';

  return (
    <TradeForm
      side="sell"
      user={user}
      form={form}
      trade={trade}
      amountLabel="Amount to receive"
      isSubmitting={isSubmitting}
      isBlocked={isBlocked}
      onSubmit={(values) => {
        place((quoteId): TCreateOrderRequest => ({
          type: 'sell',
          quoteId,
          paymentTxId: values.paymentTxId,
          payout: values.payout,
          ...(values.notes ? { notes: values.notes } : {}),
        }));
      }}
    >
      <div className="card space-y-5">
        <h2 className="text-lg font-semibold text-slate-900">Send your {coin ? coin.symbol.toUpperCase() : 'crypto'}</h2>
        {isUnavailable ? (
          <Alert variant="warning">{ORDER_MSG.noWalletConfigured}</Alert>
        ) : depositAddress && coin ? (
          <div className="space-y-3">
            <p className="text-sm text-slate-700">
              Send {trade.quote ? <strong>exactly {formatCrypto(trade.quote.amountCrypto, coin.symbol)}</strong> : `your ${coin.name}`} to
              this address on the <strong>{coin.network || COIN_NETWORKS[coin.symbol] || coin.name}</strong> network:
            </p>
            <QrCode value={depositAddress} label={`QR code of the exchange ${coin.name} address`} />
            <p
              aria-label={`Exchange ${coin.name} address`}
              className="rounded-lg border border-slate-300 bg-slate-50 px-4 py-3 font-mono text-lg leading-relaxed break-all text-slate-900 select-all"
            >
              {depositAddress}
            </p>
            <CopyButton text={depositAddress} label="Copy address" />
          </div>
        ) : null}
        <TextField
          label="On-chain transaction ID"
          name="paymentTxId"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          className="font-mono"
          hint="The transaction hash of your transfer, from your wallet."
        />
      </div>

      <div className="card space-y-5">
        <h2 className="text-lg font-semibold text-slate-900">How you get paid</h2>
        <fieldset>
          <legend className="mb-1.5 block text-sm font-medium text-slate-800">Payout method</legend>
          <div className="grid grid-cols-2 gap-2">
            {PAYOUT_TYPES.map(([type, label]) => (
              <label
                key={type}
                className={cn(
                  'flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border px-3 text-sm font-medium',
                  payoutType === type ? 'border-brand-600 bg-brand-50 text-brand-900' : 'border-slate-300 bg-white text-slate-800',
                )}
              >
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
