import { formatDate } from '../../../lib/format-date';
import { getFirstName, useSession } from '../../../lib/session';
import { KycBanner } from '../components/kyc-banner';

export function DashboardPage() {
  const { user } = useSession();
  if (!user) return null;

  return (
    <div className="container-page space-y-6 py-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Welcome, {getFirstName(user.fullName)}</h1>
        <p className="mt-1 text-sm text-slate-600">Member since {formatDate(user.createdAt)}</p>
      </div>
      <KycBanner status={user.kycStatus} />
      <div className="grid gap-4 md:grid-cols-3">
        <section className="card" aria-labelledby="balance-heading">
          <h2 id="balance-heading" className="font-semibold">
            Estimated balance
          </h2>
          <p className="mt-2 text-sm text-slate-600">Coming soon</p>
        </section>
        <section className="card md:col-span-2" aria-labelledby="market-heading">
          <h2 id="market-heading" className="font-semibold">
            Market
          </h2>
          <p className="mt-2 text-sm text-slate-600">Coming soon</p>
        </section>
      </div>
      <section className="card" aria-labelledby="recent-orders-heading">
        <h2 id="recent-orders-heading" className="font-semibold">
          Recent orders
        </h2>
        <p className="mt-2 text-sm text-slate-600">Coming soon</p>
      </section>
    </div>
  );
}
