import { PageHeading } from '../../../components/page-heading';
import { Spinner } from '../../../components/ui/spinner';
import { CONTENT_MSG } from '../../../../shared/contracts/content.js';
import { useAdminContactContent } from '../contact/api/contact-content';
import { ContactContentForm } from '../contact/components/contact-content-form';
import { QueryErrorAlert } from '../../../components/ui/query-error-alert';

/** /admin/contact 'Manage Contact Page': the texts of the public /contact page (spec section 2). */
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
