import { Link } from '#web/lib/router.js';
import { KYC_ACCEPTED_IDS_TEXT } from '#shared/kyc-id-types.js';
import { buttonClassName } from '#web/components/ui/button.js';
import { paths } from '#web/lib/paths.js';
import { useServiceFeeLabel } from '#web/lib/market.js';
import { getHomePathFor, useSession } from '#web/lib/session.js';
import { MarketSection } from '#web/features/public/components/market-section.js';

/** The reasons to choose us; the fee is the one set in the back-office. */
const features = (fee: string) => [
  {
    title: 'Pay with mobile money',
    text: 'Buy with MTN MoMo, Telecel Cash, AirtelTigo Money or a bank transfer, and get paid out the same way.',
  },
  {
    title: 'Clear prices in cedis',
    text: `See every price in GHS and US dollars before you confirm. One simple ${fee} service fee, no surprises.`,
  },
  {
    title: 'Fast, human support',
    text: 'Orders are processed quickly, and our team in Ghana answers live chat when you need help.',
  },
  {
    title: 'Security first',
    text: 'Identity checks, private document storage and staff audit trails keep your account and your money safe.',
  },
];

const STEPS = [
  { title: 'Create your account', text: 'Sign up with your email in about a minute. You can trade up to $20 straight away.' },
  { title: 'Verify your identity', text: `Upload your ID and a selfie. ${KYC_ACCEPTED_IDS_TEXT} We review within 24-48 hours.` },
  { title: 'Buy or sell', text: 'Choose a coin, pay with mobile money or bank, and receive your crypto or cedis.' },
];

const HERO_BUTTON =
  'inline-flex min-h-12 items-center justify-center rounded-lg px-6 text-base font-semibold no-underline hover:no-underline';
const HERO_PRIMARY = `${HERO_BUTTON} bg-white text-brand-800 hover:bg-brand-50`;
const HERO_SECONDARY = `${HERO_BUTTON} border border-white/50 text-white hover:bg-white/10`;

export function LandingPage() {
  const { user } = useSession();
  const primaryHref = user ? getHomePathFor(user) : paths.signup.getHref();
  const primaryLabel = user ? 'Go to your dashboard' : 'Get started';
  const fee = useServiceFeeLabel();

  return (
    <div>
      <section className="bg-gradient-to-b from-brand-900 to-brand-700 text-white">
        <div className="container-page py-14 sm:py-20">
          <div className="max-w-3xl space-y-6">
            <p className="inline-flex rounded-full bg-white/10 px-3 py-1 text-sm font-medium text-brand-100">Made for Ghana</p>
            <h1 className="text-3xl font-bold tracking-tight sm:text-5xl">Buy and sell crypto with cedis and mobile money</h1>
            <p className="text-lg text-brand-100">
              Bitcoin, Ethereum, USDT and more: simple prices in GHS, paid with MoMo or bank, with real people ready to help.
            </p>
            <div className="flex flex-wrap gap-3">
              <Link to={primaryHref} className={HERO_PRIMARY}>
                {primaryLabel}
              </Link>
              <Link to={paths.faq.getHref()} className={HERO_SECONDARY}>
                Read the FAQ
              </Link>
            </div>
          </div>
        </div>
      </section>

      <MarketSection />

      <section aria-labelledby="features-heading" className="container-page py-14">
        <h2 id="features-heading" className="text-2xl font-bold tracking-tight">
          Why CediCrypto
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {features(fee).map((feature) => (
            <li key={feature.title} className="card">
              <h3 className="font-semibold text-slate-900">{feature.title}</h3>
              <p className="mt-2 text-sm text-slate-600">{feature.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="steps-heading" className="bg-white py-14">
        <div className="container-page">
          <h2 id="steps-heading" className="text-2xl font-bold tracking-tight">
            Start in 3 steps
          </h2>
          <ol className="mt-6 grid gap-4 md:grid-cols-3">
            {STEPS.map((step, index) => (
              <li key={step.title} className="rounded-xl border border-slate-200 p-5">
                <span
                  className="flex size-9 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-800"
                  aria-hidden="true"
                >
                  {index + 1}
                </span>
                <h3 className="mt-3 font-semibold">
                  <span className="sr-only">Step {index + 1}: </span>
                  {step.title}
                </h3>
                <p className="mt-1 text-sm text-slate-600">{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      {!user && (
        <section className="container-page py-14">
          <div className="card flex flex-col items-start gap-4 bg-brand-50 sm:flex-row sm:items-center sm:justify-between">
            <div>
              <h2 className="text-xl font-bold">Ready to start?</h2>
              <p className="text-slate-700">Create your free account and make your first trade today.</p>
            </div>
            <Link to={paths.signup.getHref()} className={buttonClassName('primary', 'lg')}>
              Create your free account
            </Link>
          </div>
        </section>
      )}
    </div>
  );
}
