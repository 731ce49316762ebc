import { Link } from '#web/lib/router.js';
import { PageHeading } from '#web/components/page-heading.js';
import type { TTradingRules } from '#shared/contracts/market.js';
import { formatMinutes, orderSizeText, useTradingRules } from '#web/components/trading-rules.js';
import { feeSpreadText, formatFeePercentage } from '#shared/fees.js';
import { useServiceFeePercentage } from '#web/lib/market.js';
import { paths } from '#web/lib/paths.js';

/**
 * The product's five questions (docs/product.md §2), with the order-first lifecycle of
 * docs/decisions/014; the fee and the trading rules (payment and deposit windows, order size)
 * are the ones set in the back-office.
 */
const questions = (feePercentage: string, rules: TTradingRules) => {
  const fee = formatFeePercentage(feePercentage);
  return [
    {
      question: 'How do I buy crypto?',
      answer: `Create an account, choose Buy, pick a coin, an amount, your payment method and your wallet address, then press Create order. The order page shows the amount to pay in GHS, the account to pay to and your payment reference. Pay within ${formatMinutes(rules.paymentWindowMinutes)}, with the reference in the MoMo reference field, then press "I have paid" and enter your transaction ID. We send the crypto to your wallet once your payment is confirmed.`,
    },
    {
      question: 'What are the fees?',
      answer: `We charge a flat ${fee} service fee, already included in the buy and sell prices you see. ${feeSpreadText(feePercentage)} There are no hidden charges.`,
    },
    {
      question: 'How long does an order take?',
      answer: `Most orders are completed shortly after we confirm your mobile money or bank payment, or your crypto transfer, usually within minutes during business hours. After you create an order you have ${formatMinutes(rules.paymentWindowMinutes)} to pay for a buy, or ${formatMinutes(rules.depositWindowMinutes)} to send the crypto for a sell; an order not paid in time expires and no longer counts against your limit. Orders are ${orderSizeText(rules)}. You can follow every order on its page and in your history.`,
    },
    {
      question: 'Why do I need to verify my identity (KYC)?',
      answer:
        'The law requires us to know our customers. Until your KYC is approved you can trade up to $20 in total; after approval (Tier 1: a verified phone, your Ghana Card or passport and a selfie) daily and monthly limits in cedis apply, and a proof of address and your source of funds (Tier 2) raise them. Reviews take 24-48 hours.',
    },
    {
      question: 'Is my money safe?',
      answer:
        'We verify every customer, keep identity documents private, protect accounts with secure sessions and record every staff action. Always keep your password secret and log out on shared computers.',
    },
  ];
};

export function FaqPage() {
  const fee = useServiceFeePercentage();
  const rules = useTradingRules();
  return (
    <div className="container-page py-10">
      <PageHeading title="Frequently asked questions" />
      <div className="max-w-3xl space-y-3">
        {questions(fee, rules).map((item) => (
          <details key={item.question} className="group card !p-0">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 font-semibold text-slate-900">
              {item.question}
              <span aria-hidden="true" className="text-brand-700 transition-transform group-open:rotate-45">
                +
              </span>
            </summary>
            <p className="px-5 pb-5 text-slate-700">{item.answer}</p>
          </details>
        ))}
      </div>
      <p className="mt-8 text-slate-700">
        Still have a question? <Link to={paths.contact.getHref()}>Contact our support team</Link>.
      </p>
    </div>
  );
}
