import type { TLimitResponse, TTierRequirement } from '#shared/contracts/tiers.js';
import { formatGhs, formatUsd } from '#shared/format.js';
import { cn } from '#web/lib/cn.js';

const REQUIREMENT_TEXT: Record<TTierRequirement, string> = {
  phone: 'verify your phone number (step 1)',
  identity: 'verify your identity with your Ghana Card or passport and a selfie (step 2)',
  address_proof: 'send a proof of address (step 3)',
  source_of_funds: 'tell us where your money comes from (step 3)',
};

const TIER_NEEDS: Record<number, string> = {
  0: 'Signed up.',
  1: 'Verified phone, Ghana Card (or passport for foreign nationals) and a selfie holding it.',
  2: 'Tier 1, plus a proof of address and your source of funds.',
};

function tierLimitText(tier: TLimitResponse['tiers'][number], limitUsd: string): string {
  if (tier.dailyLimitGhs === null || tier.monthlyLimitGhs === null) return `Up to ${formatUsd(limitUsd)} in total.`;
  return `${formatGhs(tier.dailyLimitGhs)} a day, ${formatGhs(tier.monthlyLimitGhs)} a month.`;
}

/** "a, b and c" */
function joinWithAnd(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/**
 * The customer's verification tier (docs/decisions/016): what is left today and this month (or
 * of the $20 at Tier 0), the limits of every tier with what each needs, and what the next one
 * needs. Days and months are Ghana's (GMT, no daylight saving).
 */
export function TierOverview({ limit }: { limit: TLimitResponse }) {
  const { tier } = limit;
  return (
    <section aria-labelledby="tier-heading" className="card space-y-4">
      <h2 id="tier-heading" className="text-lg font-semibold text-slate-900">
        Your verification tier: Tier {tier}
      </h2>
      {tier === 0 || limit.leftTodayGhs === null || limit.leftThisMonthGhs === null ? (
        <p className="text-slate-800">
          You can trade up to {formatUsd(limit.limitUsd)} in total until your identity is verified:{' '}
          <strong className="tabular-nums">{formatUsd(limit.remainingUsd)}</strong> left.
        </p>
      ) : (
        <dl className="grid gap-3 sm:grid-cols-2">
          <div className="rounded-lg border border-slate-200 p-3">
            <dt className="text-sm text-slate-600">Left today</dt>
            <dd className="text-lg font-semibold text-slate-900 tabular-nums">{formatGhs(limit.leftTodayGhs)}</dd>
            <dd className="text-sm text-slate-600">of {formatGhs(limit.dailyLimitGhs ?? '0')} a day</dd>
          </div>
          <div className="rounded-lg border border-slate-200 p-3">
            <dt className="text-sm text-slate-600">Left this month</dt>
            <dd className="text-lg font-semibold text-slate-900 tabular-nums">{formatGhs(limit.leftThisMonthGhs)}</dd>
            <dd className="text-sm text-slate-600">of {formatGhs(limit.monthlyLimitGhs ?? '0')} a month</dd>
          </div>
        </dl>
      )}
      {tier > 0 && (
        <p className="text-sm text-slate-600">
          Days and months are counted in Ghana time (GMT): the daily limit starts again at midnight. Cancelled and expired orders do not
          count.
        </p>
      )}
      <div>
        <h3 className="text-sm font-semibold text-slate-900">The tiers</h3>
        <ul className="mt-2 space-y-2">
          {limit.tiers.map((row) => (
            <li
              key={row.tier}
              className={cn('rounded-lg border p-3 text-sm', row.tier === tier ? 'border-brand-300 bg-brand-50' : 'border-slate-200')}
            >
              <p className="font-semibold text-slate-900">
                Tier {row.tier}
                {row.tier === tier && <span className="font-normal text-brand-800"> (your tier)</span>}
              </p>
              <p className="text-slate-700">{TIER_NEEDS[row.tier]}</p>
              <p className="text-slate-900 tabular-nums">{tierLimitText(row, limit.limitUsd)}</p>
            </li>
          ))}
        </ul>
      </div>
      {limit.nextTier && limit.nextTier.needs.length > 0 && (
        <p className="text-slate-800">
          To reach Tier {limit.nextTier.tier}, {joinWithAnd(limit.nextTier.needs.map((need) => REQUIREMENT_TEXT[need]))}.
        </p>
      )}
    </section>
  );
}
