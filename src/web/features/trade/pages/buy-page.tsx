import { PageHeading } from '#web/components/page-heading.js';
import { useSession } from '#web/lib/session.js';
import { BuyForm } from '#web/features/trade/components/buy-form.js';

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
