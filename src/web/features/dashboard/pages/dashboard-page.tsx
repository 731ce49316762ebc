import type { TProfile } from '../../../../shared/contracts/account.js';
import { formatDate } from '../../../lib/format-date';
import { getFirstName, useSession } from '../../../lib/session';
import { usePortfolio } from '../../trade/api/get-portfolio';
import { BalanceCard } from '../components/balance-card';
import { KycBanner } from '../components/kyc-banner';
import { MarketCards } from '../components/market-cards';
import { RecentOrders } from '../components/recent-orders';

export function DashboardPage() {
  const { user } = useSession();
  if (!user) return null;
  return <Dashboard user={user} />;
}

function Dashboard({ user }: { user: TProfile }) {
  const portfolioQuery = usePortfolio(user.id);
  const portfolio = portfolioQuery.data;
  const isLoading = portfolioQuery.isPending;

  return (
    <div className="container-page space-y-6 py-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Welcome, {getFirstName(user.fullName)}</h1>
        <p className="mt-1 text-sm text-slate-600">Member since {formatDate(user.createdAt)}</p>
      </div>
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
