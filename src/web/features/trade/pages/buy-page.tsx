import { PageHeading } from '../../../components/page-heading';
import { useSession } from '../../../lib/session';
import { BuyForm } from '../components/buy-form';

export function BuyPage() {
  const { user } = useSession();
  if (!user) return null; // RequireCustomer guarantees a customer.
  return (
    <div className="container-page max-w-2xl py-8">
      <PageHeading title="Buy crypto" description="Pay with mobile money or bank transfer; we send the crypto to your wallet." />
      <BuyForm user={user} />
    </div>
  );
}
