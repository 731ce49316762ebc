import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { Link, Navigate, useLocation } from '#web/lib/router.js';
import { ZProfile } from '#shared/contracts/account.js';
import { formatTier0Limit } from '#shared/contracts/tiers.js';
import { buttonClassName } from '#web/components/ui/button.js';
import { paths } from '#web/lib/paths.js';
import { getFirstName, setSessionUser, useSession } from '#web/lib/session.js';
import { useTradingLimit } from '#web/lib/trading-limit.js';
import { AuthCard } from '#web/features/auth/components/auth-card.js';

function readCreatedUser(state: unknown) {
  if (typeof state !== 'object' || state === null || !('user' in state)) return null;
  const parsed = ZProfile.safeParse(state.user);
  return parsed.success ? parsed.data : null;
}

/**
 * The 'Account Created!' screen of docs/product.md §2, shown once the emailed link confirmed the address and signed the
 * person in (verify-email-page.tsx, docs/decisions/024). It adopts the new session here.
 */
export function AccountCreatedPage() {
  const location = useLocation();
  const createdUser = useMemo(() => readCreatedUser(location.state), [location.state]);
  const { user } = useSession();
  const queryClient = useQueryClient();
  // The Tier 0 limit of the settings (docs/decisions/016), stated once it is read.
  const limitUsd = useTradingLimit().data?.limitUsd;

  useEffect(() => {
    if (createdUser) setSessionUser(queryClient, createdUser);
  }, [createdUser, queryClient]);

  const person = createdUser ?? user;
  if (!person) return <Navigate to={paths.home.getHref()} replace />;

  return (
    <AuthCard title="Account Created!">
      <div className="space-y-5">
        <p className="text-slate-700">
          Welcome to CediCrypto, {getFirstName(person.fullName)}. Your account is ready and you are signed in.
        </p>
        <p className="text-sm text-slate-600">
          {limitUsd && `You can trade up to ${formatTier0Limit(limitUsd)} straight away. `}
          Verify your phone and identity (KYC) for daily and monthly limits in cedis.
        </p>
        <Link to={paths.dashboard.getHref()} className={buttonClassName('primary', 'md', 'w-full')}>
          Go to dashboard
        </Link>
      </div>
    </AuthCard>
  );
}
