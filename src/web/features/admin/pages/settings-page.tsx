import { PageHeading } from '#web/components/page-heading.js';
import { useSettings } from '#web/features/admin/settings/api/settings.js';
import { SettingsForm } from '#web/features/admin/settings/components/settings-form.js';
import { AutoPayoutForm } from '#web/features/admin/settings/components/auto-payout-form.js';
import { ChainNetworksSection } from '#web/features/admin/settings/components/chain-networks-form.js';
import { QueryContent } from '#web/components/ui/query-content.js';

/**
 * /admin/settings: notification email, service fee, the order windows and limits
 * (docs/decisions/014), SMTP (docs/product.md §2), automatic payouts (docs/decisions/061) and the chain
 * watchers (docs/decisions/058); super admin only.
 */
export function SettingsPage() {
  const query = useSettings();

  return (
    <section>
      <PageHeading title="Settings" description="System, fee, order and email delivery settings." />
      <QueryContent query={query} loadingText="Loading settings…">
        {(settings) => <SettingsForm settings={settings} />}
      </QueryContent>
      <AutoPayoutForm />
      <ChainNetworksSection />
    </section>
  );
}
