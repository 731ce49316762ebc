import { PageHeading } from '#web/components/page-heading.js';
import { CONTENT_MSG } from '#shared/contracts/content.js';
import { useAdminContactContent } from '#web/features/admin/contact/api/contact-content.js';
import { ContactContentForm } from '#web/features/admin/contact/components/contact-content-form.js';
import { QueryContent } from '#web/components/ui/query-content.js';

/**
 * /admin/contact 'Manage Contact Page': the texts of the public /contact page (docs/product.md §2)
 * and the company's details shown in the footer, on About and in order emails (issue 16).
 */
export function ContactContentPage() {
  const query = useAdminContactContent();

  return (
    <section>
      <PageHeading
        title="Manage Contact Page"
        description="The public Contact page, and who you are: your company's details for the footer, About and order emails."
      />
      <QueryContent query={query} loadingText="Loading content…" errorMessage={CONTENT_MSG.loadFailed}>
        {(content) => <ContactContentForm initial={content} />}
      </QueryContent>
    </section>
  );
}
