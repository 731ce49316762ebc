import type { FormEvent } from 'react';
import type { TProfile } from '#shared/contracts/account.js';
import { MOMO_PROVIDERS, ORDER_MSG, type TCreateOrderRequest, type TPayout } from '#shared/contracts/orders.js';
import { formatCrypto } from '#shared/format.js';
import { isTransactionId } from '#shared/transaction-id.js';
import { COIN_NETWORKS, isGhanaMobileNumber } from '#shared/wallet-address.js';
import { QrCode } from '#web/components/qr-code.js';
import { Alert } from '#web/components/ui/alert.js';
import { Button } from '#web/components/ui/button.js';
import { controlClassName, Field } from '#web/components/ui/field.js';
import { Input } from '#web/components/ui/input.js';
import { Textarea } from '#web/components/ui/textarea.js';
import { useToast } from '#web/components/ui/toast.js';
import { cn } from '#web/lib/cn.js';
import type { FieldErrors } from '#web/lib/form-errors.js';
import { usePlaceOrder } from '#web/features/trade/lib/use-place-order.js';
import { useOrderForm } from '#web/features/trade/lib/use-order-form.js';
import { useTradeAmount } from '#web/features/trade/lib/use-trade-amount.js';
import { CopyButton } from '#web/components/copy-button.js';
import { QuoteSummary } from './quote-summary';
import { TradeAmountFields } from './trade-amount-fields';

type PayoutType = TPayout['type'];
type MomoProvider = (typeof MOMO_PROVIDERS)[number];
type SellField = 'amount' | 'paymentTxId' | 'provider' | 'accountName' | 'number' | 'bankName' | 'accountNumber' | 'notes';
type SellValues = {
  paymentTxId: string;
  payoutType: PayoutType;
  provider: '' | MomoProvider;
  accountName: string;
  number: string;
  bankName: string;
  accountNumber: string;
  notes: string;
};

const EMPTY: SellValues = {
  paymentTxId: '',
  payoutType: 'momo',
  provider: '',
  accountName: '',
  number: '',
  bankName: '',
  accountNumber: '',
  notes: '',
};
const REQUIRED = 'This field is required.';
const ACCOUNT_NUMBER_PATTERN = /^[0-9 -]{6,30}$/;
const INVALID_ACCOUNT_NUMBER = 'Enter a valid account number (6 to 30 digits).';
const SERVER_FIELDS: Partial<Record<string, SellField>> = {
  amountFiat: 'amount',
  paymentTxId: 'paymentTxId',
  'payout.provider': 'provider',
  'payout.name': 'accountName',
  'payout.number': 'number',
  'payout.bankName': 'bankName',
  'payout.accountNumber': 'accountNumber',
  notes: 'notes',
};

/**
 * /sell (docs/product.md §2 and §5): the customer sends the crypto to the exchange's address for the
 * coin, gives the on-chain transaction id, and is paid out by mobile money or bank.
 */
export function SellForm({ user }: { user: TProfile }) {
  const trade = useTradeAmount('sell');
  const { values, errors, setErrors, setValue, formRef, focusFirstInvalid, showServerFieldErrors } = useOrderForm<SellValues, SellField>(
    EMPTY,
    SERVER_FIELDS,
  );
  const toast = useToast();
  const { place, isSubmitting, formError } = usePlaceOrder(user.id, trade, {
    onFieldErrors: showServerFieldErrors,
  });

  const coin = trade.coin;
  const depositAddress = coin?.walletAddress ?? null;
  const isKycPending = user.kycStatus === 'pending';
  const isUnavailable = !!coin && !depositAddress;
  const isBlocked = isKycPending || trade.exceedsLimit || !!trade.quoteError || isUnavailable;
  const isMomo = values.payoutType === 'momo';

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting || isBlocked) return;
    const v = {
      paymentTxId: values.paymentTxId.trim(),
      accountName: values.accountName.trim(),
      number: values.number.trim(),
      bankName: values.bankName.trim(),
      accountNumber: values.accountNumber.trim(),
      notes: values.notes.trim(),
    };

    const missing: FieldErrors<SellField> = {};
    if (!trade.quote) missing.amount = trade.amountError ?? REQUIRED;
    if (!v.paymentTxId) missing.paymentTxId = REQUIRED;
    if (!v.accountName) missing.accountName = REQUIRED;
    if (isMomo) {
      if (!values.provider) missing.provider = REQUIRED;
      if (!v.number) missing.number = REQUIRED;
    } else {
      if (!v.bankName) missing.bankName = REQUIRED;
      if (!v.accountNumber) missing.accountNumber = REQUIRED;
    }
    if (Object.keys(missing).length > 0) {
      setErrors(missing);
      toast.error(ORDER_MSG.fillRequired);
      focusFirstInvalid();
      return;
    }

    const invalid: FieldErrors<SellField> = {};
    if (!isTransactionId(v.paymentTxId)) invalid.paymentTxId = ORDER_MSG.txIdFormat;
    if (isMomo && !isGhanaMobileNumber(v.number)) invalid.number = ORDER_MSG.invalidMobile;
    if (!isMomo && !ACCOUNT_NUMBER_PATTERN.test(v.accountNumber)) invalid.accountNumber = INVALID_ACCOUNT_NUMBER;
    if (Object.keys(invalid).length > 0) {
      setErrors(invalid);
      focusFirstInvalid();
      return;
    }

    const payout: TPayout = isMomo
      ? { type: 'momo', provider: values.provider as MomoProvider, name: v.accountName, number: v.number }
      : { type: 'bank', name: v.accountName, bankName: v.bankName, accountNumber: v.accountNumber };
    setErrors({});
    place((quoteId): TCreateOrderRequest => ({
      type: 'sell',
      quoteId,
      paymentTxId: v.paymentTxId,
      payout,
      ...(v.notes ? { notes: v.notes } : {}),
    }));
  };

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-6" aria-busy={isSubmitting || undefined}>
      {isKycPending && <Alert variant="info">{ORDER_MSG.kycPending}</Alert>}
      {formError && <Alert variant="error">{formError}</Alert>}

      <div className="card space-y-5">
        <TradeAmountFields trade={trade} amountLabel="Amount to receive" missing={!!errors.amount && !trade.amountError} />
        <QuoteSummary trade={trade} side="sell" />
      </div>

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
        <Input
          label="On-chain transaction ID"
          name="paymentTxId"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          className="font-mono"
          value={values.paymentTxId}
          onChange={(event) => setValue('paymentTxId', event.target.value)}
          error={errors.paymentTxId}
          hint="The transaction hash of your transfer, from your wallet."
        />
      </div>

      <div className="card space-y-5">
        <h2 className="text-lg font-semibold text-slate-900">How you get paid</h2>
        <fieldset>
          <legend className="mb-1.5 block text-sm font-medium text-slate-800">Payout method</legend>
          <div className="grid grid-cols-2 gap-2">
            {(
              [
                ['momo', 'Mobile money'],
                ['bank', 'Bank account'],
              ] as const
            ).map(([type, label]) => (
              <label
                key={type}
                className={cn(
                  'flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border px-3 text-sm font-medium',
                  values.payoutType === type ? 'border-brand-600 bg-brand-50 text-brand-900' : 'border-slate-300 bg-white text-slate-800',
                )}
              >
                <input
                  type="radio"
                  name="payoutType"
                  value={type}
                  checked={values.payoutType === type}
                  onChange={() => setValue('payoutType', type)}
                  className="accent-brand-700"
                />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
        {isMomo && (
          <Field label="Mobile money provider" error={errors.provider}>
            {(control) => (
              <select
                {...control}
                name="provider"
                value={values.provider}
                onChange={(event) => setValue('provider', event.target.value as SellValues['provider'])}
                className={controlClassName}
              >
                <option value="" disabled>
                  Select a provider
                </option>
                {MOMO_PROVIDERS.map((provider) => (
                  <option key={provider} value={provider}>
                    {provider}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
        <Input
          label="Account name"
          name="accountName"
          autoComplete="name"
          value={values.accountName}
          onChange={(event) => setValue('accountName', event.target.value)}
          error={errors.accountName}
        />
        {isMomo ? (
          <Input
            label="Mobile money number"
            name="number"
            type="tel"
            autoComplete="tel"
            placeholder="024 123 4567"
            value={values.number}
            onChange={(event) => setValue('number', event.target.value)}
            error={errors.number}
          />
        ) : (
          <>
            <Input
              label="Bank name"
              name="bankName"
              autoComplete="off"
              value={values.bankName}
              onChange={(event) => setValue('bankName', event.target.value)}
              error={errors.bankName}
            />
            <Input
              label="Account number"
              name="accountNumber"
              inputMode="numeric"
              autoComplete="off"
              value={values.accountNumber}
              onChange={(event) => setValue('accountNumber', event.target.value)}
              error={errors.accountNumber}
            />
          </>
        )}
        <Textarea
          label="Notes (optional)"
          name="notes"
          rows={3}
          maxLength={500}
          value={values.notes}
          onChange={(event) => setValue('notes', event.target.value)}
          error={errors.notes}
        />
      </div>

      <Button
        type="submit"
        size="lg"
        className="w-full sm:w-auto"
        isLoading={isSubmitting}
        loadingText="Placing order…"
        disabled={isBlocked}
      >
        Place sell order
      </Button>
    </form>
  );
}
