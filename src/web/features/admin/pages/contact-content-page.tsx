import { PageHeading } from '#web/components/page-heading.js';
import { CONTENT_MSG } from '#shared/contracts/content.js';
import { useAdminContactContent } from '#web/features/admin/contact/api/contact-content.js';
import { ContactContentForm } from '#web/features/admin/contact/components/contact-content-form.js';
import { QueryContent } from '#web/components/ui/query-content.js';

/** /admin/contact 'Manage Contact Page': the texts of the public /contact page (docs/product.md §2). */
export function ContactContentPage() {
  const query = useAdminContactContent();

  return (
    <section>
      <PageHeading title="Manage Contact Page" description="What customers see on the public Contact page." />
      <QueryContent query={query} loadingText="Loading content…" errorMessage={CONTENT_MSG.loadFailed}>
        {(content) => <ContactContentForm initial={content} />}
      </QueryContent>
    </section>
  );
}
