import type { FormEvent } from 'react';
import type { TProfile } from '#shared/contracts/account.js';
import { ORDER_MSG, type TCreateOrderRequest } from '#shared/contracts/orders.js';
import { isTransactionId } from '#shared/transaction-id.js';
import { isValidDestinationTag, isValidWalletAddress, USDT_NETWORKS, type TUsdtNetwork } from '#shared/wallet-address.js';
import { Alert } from '#web/components/ui/alert.js';
import { Button } from '#web/components/ui/button.js';
import { controlClassName, Field } from '#web/components/ui/field.js';
import { Input } from '#web/components/ui/input.js';
import { Textarea } from '#web/components/ui/textarea.js';
import { useToast } from '#web/components/ui/toast.js';
import { getErrorMessage } from '#web/lib/api.js';
import type { FieldErrors } from '#web/lib/form-errors.js';
import { usePaymentMethods } from '#web/features/trade/api/list-payment-methods.js';
import { usePlaceOrder } from '#web/features/trade/lib/use-place-order.js';
import { useOrderForm } from '#web/features/trade/lib/use-order-form.js';
import { useTradeAmount } from '#web/features/trade/lib/use-trade-amount.js';
import { PaymentAccount } from './payment-account';
import { QuoteSummary } from './quote-summary';
import { TradeAmountFields } from './trade-amount-fields';

type BuyField = 'amount' | 'walletAddress' | 'network' | 'destinationTag' | 'paymentMethodId' | 'paymentTxId' | 'notes';
type BuyValues = {
  walletAddress: string;
  network: '' | TUsdtNetwork;
  destinationTag: string;
  paymentMethodId: string;
  paymentTxId: string;
  notes: string;
};

const EMPTY: BuyValues = { walletAddress: '', network: '', destinationTag: '', paymentMethodId: '', paymentTxId: '', notes: '' };
const REQUIRED = 'This field is required.';
const SERVER_FIELDS: Partial<Record<string, BuyField>> = {
  amountFiat: 'amount',
  walletAddress: 'walletAddress',
  network: 'network',
  destinationTag: 'destinationTag',
  paymentMethodId: 'paymentMethodId',
  paymentTxId: 'paymentTxId',
  notes: 'notes',
};

/** /buy (docs/product.md §2 and §5): the server prices it, the customer pays by mobile money or bank. */
export function BuyForm({ user }: { user: TProfile }) {
  const trade = useTradeAmount('buy');
  const methodsQuery = usePaymentMethods();
  const methods = methodsQuery.data ?? [];
  const { values, errors, setErrors, setValue, formRef, focusFirstInvalid, showServerFieldErrors } = useOrderForm<BuyValues, BuyField>(
    EMPTY,
    SERVER_FIELDS,
  );
  const toast = useToast();
  const { place, isSubmitting, formError } = usePlaceOrder(user.id, trade, {
    onFieldErrors: showServerFieldErrors,
  });

  const coin = trade.coin;
  const isUsdt = coin?.symbol === 'usdt';
  const isXrp = coin?.symbol === 'xrp';
  const method = methods.find((m) => String(m.id) === values.paymentMethodId) ?? null;
  const isKycPending = user.kycStatus === 'pending';
  const isBlocked = isKycPending || trade.exceedsLimit || !!trade.quoteError;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting || isBlocked) return;
    const walletAddress = values.walletAddress.trim();
    const paymentTxId = values.paymentTxId.trim();
    const destinationTag = values.destinationTag.trim();

    const missing: FieldErrors<BuyField> = {};
    if (!trade.quote) missing.amount = trade.amountError ?? REQUIRED;
    if (!walletAddress) missing.walletAddress = REQUIRED;
    if (isUsdt && !values.network) missing.network = REQUIRED;
    if (!method) missing.paymentMethodId = REQUIRED;
    if (!paymentTxId) missing.paymentTxId = REQUIRED;
    if (Object.keys(missing).length > 0) {
      setErrors(missing);
      toast.error(ORDER_MSG.fillRequired);
      focusFirstInvalid();
      return;
    }

    const network = isUsdt && values.network ? values.network : undefined;
    const invalid: FieldErrors<BuyField> = {};
    if (coin && !isValidWalletAddress(coin.symbol, walletAddress, network)) invalid.walletAddress = ORDER_MSG.invalidWallet(coin.name);
    if (isXrp && destinationTag && !isValidDestinationTag(destinationTag)) invalid.destinationTag = ORDER_MSG.invalidTag;
    if (!isTransactionId(paymentTxId)) invalid.paymentTxId = ORDER_MSG.txIdFormat;
    if (Object.keys(invalid).length > 0) {
      setErrors(invalid);
      focusFirstInvalid();
      return;
    }

    setErrors({});
    place((quoteId): TCreateOrderRequest => ({
      type: 'buy',
      quoteId,
      walletAddress,
      ...(network ? { network } : {}),
      ...(isXrp && destinationTag ? { destinationTag } : {}),
      paymentMethodId: method!.id,
      paymentTxId,
      ...(values.notes.trim() ? { notes: values.notes.trim() } : {}),
    }));
  };

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-6" aria-busy={isSubmitting || undefined}>
      {isKycPending && <Alert variant="info">{ORDER_MSG.kycPending}</Alert>}
      {formError && <Alert variant="error">{formError}</Alert>}

      <div className="card space-y-5">
        <TradeAmountFields trade={trade} amountLabel="Amount to spend" missing={!!errors.amount && !trade.amountError} />
        <QuoteSummary trade={trade} side="buy" />
      </div>

      <div className="card space-y-5">
        <h2 className="text-lg font-semibold text-slate-900">Where to send your {coin ? coin.symbol.toUpperCase() : 'crypto'}</h2>
        {isUsdt && (
          <Field label="Network" error={errors.network}>
            {(control) => (
              <select
                {...control}
                name="network"
                value={values.network}
                onChange={(event) => setValue('network', event.target.value as BuyValues['network'])}
                className={controlClassName}
              >
                <option value="" disabled>
                  Select the network of your address
                </option>
                {USDT_NETWORKS.map((network) => (
                  <option key={network} value={network}>
                    {network}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
        <Input
          label="Wallet address"
          name="walletAddress"
          autoComplete="off"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          className="font-mono"
          value={values.walletAddress}
          onChange={(event) => setValue('walletAddress', event.target.value)}
          error={errors.walletAddress}
          hint={coin ? `Your own ${coin.name} address. Crypto sent to a wrong address cannot be recovered.` : undefined}
        />
        {isXrp && (
          <Input
            label="Destination tag (optional)"
            name="destinationTag"
            inputMode="numeric"
            autoComplete="off"
            value={values.destinationTag}
            onChange={(event) => setValue('destinationTag', event.target.value)}
            error={errors.destinationTag}
            hint="Needed when your XRP address belongs to an exchange."
          />
        )}
      </div>

      <div className="card space-y-5">
        <h2 className="text-lg font-semibold text-slate-900">Payment</h2>
        {methodsQuery.isError && <Alert variant="error">{getErrorMessage(methodsQuery.error)}</Alert>}
        {methodsQuery.isSuccess && methods.length === 0 && (
          <Alert variant="warning">No payment method is available right now. Please try again later.</Alert>
        )}
        <Field label="Payment method" error={errors.paymentMethodId}>
          {(control) => (
            <select
              {...control}
              name="paymentMethodId"
              value={values.paymentMethodId}
              disabled={methods.length === 0}
              onChange={(event) => setValue('paymentMethodId', event.target.value)}
              className={controlClassName}
            >
              <option value="" disabled>
                {methodsQuery.isPending ? 'Loading payment methods…' : 'Select a payment method'}
              </option>
              {methods.map((m) => (
                <option key={m.id} value={String(m.id)}>
                  {m.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        {method && <PaymentAccount method={method} />}
        <Input
          label="MoMo Transaction ID"
          name="paymentTxId"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          value={values.paymentTxId}
          onChange={(event) => setValue('paymentTxId', event.target.value)}
          error={errors.paymentTxId}
          hint="The transaction ID from the confirmation message of your payment."
        />
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
        Place buy order
      </Button>
    </form>
  );
}
