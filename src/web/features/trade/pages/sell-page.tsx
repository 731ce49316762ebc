import { PageHeading } from '#web/components/page-heading.js';
import { useSession } from '#web/lib/session.js';
import { SellForm } from '#web/features/trade/components/sell-form.js';

export function SellPage() {
  const { user } = useSession();
  if (!user) return null; // RequireCustomer guarantees a customer.
  return (
    <div className="container-page max-w-2xl py-8">
      <PageHeading title="Sell crypto" description="Send your crypto to us; we pay you by mobile money or bank transfer." />
      <SellForm user={user} />
    </div>
  );
}
