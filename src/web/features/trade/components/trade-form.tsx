import type { ReactNode } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import type { TProfile } from '#shared/contracts/account.js';
import { ORDER_MSG } from '#shared/contracts/orders.js';
import { TIER_MSG } from '#shared/contracts/tiers.js';
import { Form, FormAlert } from '#web/components/form/form.js';
import { EmailVerificationNotice } from '#web/components/email-verification-notice.js';
import { Alert } from '#web/components/ui/alert.js';
import { Button } from '#web/components/ui/button.js';
import { useToast } from '#web/components/ui/toast.js';
import { TradingRulesNote } from '#web/components/trading-rules.js';
import type { TTradeAmount, TTradeSide } from '#web/features/trade/lib/use-trade-amount.js';
import { useTradingLimit } from '#web/lib/trading-limit.js';
import { QuoteSummary } from './quote-summary';
import { TradeAmountFields } from './trade-amount-fields';

type TTradeFormProps<TValues extends FieldValues, TOutput> = {
  side: TTradeSide;
  user: TProfile;
  form: UseFormReturn<TValues, unknown, TOutput>;
  trade: TTradeAmount;
  amountLabel: string;
  /** Fields checked again when the coin changes (an address is checked for its coin). */
  checkOnCoinChange?: string[];
  isSubmitting: boolean;
  /** Something the page already says stops this order (the limit, no quote). */
  isBlocked: boolean;
  onSubmit: (values: TOutput) => void;
  /** The side's own cards, between the amount and the submit button. */
  children: ReactNode;
};

/**
 * The frame of /buy and /sell: the KYC review notice (the Tier 0 allowance stays usable while a
 * Tier 1 request is reviewed, issue 26 point 11), the amount card with its live quote, the
 * side's own cards, the failure that is about no field, the trading rules and "Create order".
 * A click while an order is being created or blocked does nothing; missing fields are marked
 * and toasted.
 */
export function TradeForm<TValues extends FieldValues, TOutput>({
  side,
  user,
  form,
  trade,
  amountLabel,
  checkOnCoinChange,
  isSubmitting,
  isBlocked,
  onSubmit,
  children,
}: TTradeFormProps<TValues, TOutput>) {
  const toast = useToast();
  const isKycPending = user.kycStatus === 'pending';
  const limit = useTradingLimit().data;
  const isStopped = isBlocked;
  return (
    <Form
      form={form}
      className="space-y-6"
      aria-busy={isSubmitting || undefined}
      onInvalid={() => toast.error(ORDER_MSG.fillRequired)}
      onSubmit={(values) => {
        if (!isSubmitting && !isStopped) onSubmit(values);
      }}
    >
      {isKycPending && (
        <Alert variant="info">
          <p className="font-semibold">{TIER_MSG.underReviewTitle}</p>
          <p className="mt-1">
            {TIER_MSG.underReview} {limit && TIER_MSG.tradeDuringReview(limit.limitUsd)}
          </p>
        </Alert>
      )}

      <div className="card space-y-5">
        <TradeAmountFields trade={trade} amountLabel={amountLabel} checkOnCoinChange={checkOnCoinChange} />
        <QuoteSummary
          trade={trade}
          side={side}
          onChangeAmount={() => form.setFocus('amountFiat' as Path<TValues>, { shouldSelect: true })}
        />
      </div>

      {children}

      <FormAlert />
      {!user.emailVerified && <EmailVerificationNotice email={user.email} />}
      <div className="space-y-3">
        <TradingRulesNote side={side} />
        <Button
          type="submit"
          size="lg"
          className="w-full sm:w-auto"
          isLoading={isSubmitting}
          loadingText="Creating order…"
          disabled={isStopped}
        >
          Create order
        </Button>
      </div>
    </Form>
  );
}
