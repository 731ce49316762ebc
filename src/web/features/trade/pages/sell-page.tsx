import { PageHeading } from '../../../components/page-heading';
import { useSession } from '../../../lib/session';
import { SellForm } from '../components/sell-form';

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
