import type { TProfile } from '#shared/contracts/account.js';
import { EmailVerificationNotice } from '#web/components/email-verification-notice.js';
import { formatDate } from '#web/lib/format-date.js';
import { getFirstName, useSession } from '#web/lib/session.js';
import { useOrdersLive } from '#web/lib/use-order-events.js';
import { PORTFOLIO_QUERY_KEY, usePortfolio } from '#web/lib/portfolio.js';
import { BalanceCard } from '#web/features/dashboard/components/balance-card.js';
import { KycBanner } from '#web/features/dashboard/components/kyc-banner.js';
import { MarketCards } from '#web/features/dashboard/components/market-cards.js';
import { RecentOrders } from '#web/features/dashboard/components/recent-orders.js';

const LIVE_KEYS = [PORTFOLIO_QUERY_KEY];

export function DashboardPage() {
  const { user } = useSession();
  if (!user) return null;
  return <Dashboard user={user} />;
}

function Dashboard({ user }: { user: TProfile }) {
  const portfolioQuery = usePortfolio(user.id);
  // The last orders and the balance follow what staff decide, without a reload.
  useOrdersLive(LIVE_KEYS);
  const portfolio = portfolioQuery.data;
  const isLoading = portfolioQuery.isPending;

  return (
    <div className="container-page space-y-6 py-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Welcome, {getFirstName(user.fullName)}</h1>
        <p className="mt-1 text-sm text-slate-600">Member since {formatDate(user.createdAt)}</p>
      </div>
      {!user.emailVerified && !user.role && <EmailVerificationNotice email={user.email} />}
      <KycBanner status={user.kycStatus} />
      <div className="grid gap-6 lg:grid-cols-3">
        <BalanceCard portfolio={portfolio} isLoading={isLoading} />
        <div className="lg:col-span-2">
          <MarketCards />
        </div>
      </div>
      <RecentOrders orders={portfolio?.recentOrders ?? []} isLoading={isLoading} />
    </div>
  );
}
