import { Link } from '#web/lib/router.js';
import type { TProfile } from '#shared/contracts/account.js';
import { TRADING_SOON_MSG } from '#shared/contracts/setup.js';
import { paths } from '#web/lib/paths.js';

/**
 * What /buy or /sell shows while the business has not set that side up at all (issue 16), instead
 * of a form nobody can complete and a "try again later".
 */
export function TradingOpensSoon({ side, user }: { side: 'buy' | 'sell'; user: TProfile }) {
  const canVerify = user.kycStatus === 'unverified' || user.kycStatus === 'rejected';
  return (
    <section aria-labelledby="trading-soon-heading" className="card space-y-3 text-center">
      <h2 id="trading-soon-heading" className="text-xl font-semibold text-slate-900">
        {TRADING_SOON_MSG.title}
      </h2>
      <p className="text-slate-700">{TRADING_SOON_MSG[side]}</p>
      {canVerify && (
        <p className="text-sm text-slate-600">
          {TRADING_SOON_MSG.meanwhile}{' '}
          <Link to={paths.kyc.getHref()} className="font-semibold underline">
            Verify your identity
          </Link>
        </p>
      )}
    </section>
  );
}
