import { Link } from '#web/lib/router.js';
import { COMPANY_LABELS, companyNumbersLine, telHref, whatsappHref, type TCompanyDetails } from '#shared/company.js';
import { useContactContent } from '#web/lib/contact-content.js';
import { paths } from '#web/lib/paths.js';

const FOOTER_LINKS = [
  { label: 'About', href: paths.about.getHref() },
  { label: 'FAQ', href: paths.faq.getHref() },
  { label: 'Contact', href: paths.contact.getHref() },
  { label: 'Terms', href: paths.terms.getHref() },
  { label: 'Privacy', href: paths.privacy.getHref() },
];

/**
 * Who runs the broker (issue 16): the company's name, registration and licence numbers, street
 * address, support email (docs/decisions/022), phone and WhatsApp, as set on Manage Contact Page. A field not set is not
 * shown (never a placeholder); nothing at all until one is set or while the content loads.
 */
function CompanyDetails({ company }: { company: TCompanyDetails }) {
  const numbers = companyNumbersLine(company);
  const whatsapp = company.whatsappNumber ? whatsappHref(company.whatsappNumber) : null;
  const hasContact = Boolean(company.supportEmail || company.supportPhone || company.whatsappNumber);
  if (!company.companyName && !numbers && !company.streetAddress && !hasContact) return null;
  return (
    <address role="group" aria-label="Company details" className="space-y-1 text-xs text-slate-600 not-italic">
      {(company.companyName || numbers) && (
        <p>
          {company.companyName && <span className="font-semibold text-slate-700">{company.companyName}</span>}
          {company.companyName && numbers && ' · '}
          {numbers}
        </p>
      )}
      {company.streetAddress && <p>{company.streetAddress}</p>}
      {hasContact && (
        <p className="flex flex-wrap gap-x-3 gap-y-1">
          {company.supportEmail && (
            <span className="break-all">
              {COMPANY_LABELS.supportEmail}:{' '}
              <a href={`mailto:${company.supportEmail}`} className="text-slate-700 underline">
                {company.supportEmail}
              </a>
            </span>
          )}
          {company.supportPhone && (
            <span>
              {COMPANY_LABELS.supportPhone}:{' '}
              <a href={telHref(company.supportPhone)} className="text-slate-700 underline">
                {company.supportPhone}
              </a>
            </span>
          )}
          {company.whatsappNumber && (
            <span>
              WhatsApp:{' '}
              {whatsapp ? (
                <a href={whatsapp} className="text-slate-700 underline" target="_blank" rel="noopener noreferrer">
                  {company.whatsappNumber}
                </a>
              ) : (
                company.whatsappNumber
              )}
            </span>
          )}
        </p>
      )}
    </address>
  );
}

export function SiteFooter() {
  const { data: content } = useContactContent();
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="container-page space-y-4 py-8 text-sm text-slate-600">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
          <p>© {new Date().getFullYear()} CediCrypto. Crypto prices change quickly; trade responsibly.</p>
          <nav aria-label="Footer">
            <ul className="flex flex-wrap gap-x-4 gap-y-2">
              {FOOTER_LINKS.map((link) => (
                <li key={link.href}>
                  <Link to={link.href} className="text-slate-700">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        {content && <CompanyDetails company={content} />}
      </div>
    </footer>
  );
}
