import { PageHeading } from '#web/components/page-heading.js';
import { Spinner } from '#web/components/ui/spinner.js';
import { CONTENT_MSG } from '#shared/contracts/content.js';
import { useAdminContactContent } from '#web/features/admin/contact/api/contact-content.js';
import { ContactContentForm } from '#web/features/admin/contact/components/contact-content-form.js';
import { QueryErrorAlert } from '#web/components/ui/query-error-alert.js';

/** /admin/contact 'Manage Contact Page': the texts of the public /contact page (docs/product.md §2). */
export function ContactContentPage() {
  const query = useAdminContactContent();

  return (
    <section>
      <PageHeading title="Manage Contact Page" description="What customers see on the public Contact page." />
      {query.isPending ? (
        <p role="status" className="flex items-center gap-2 text-slate-700">
          <Spinner className="text-brand-700" /> Loading content…
        </p>
      ) : query.isError ? (
        <QueryErrorAlert error={query.error} message={CONTENT_MSG.loadFailed} onRetry={() => void query.refetch()} />
      ) : (
        <ContactContentForm initial={query.data} />
      )}
    </section>
  );
}
