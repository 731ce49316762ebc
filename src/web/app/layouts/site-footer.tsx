import { Link } from 'react-router';
import { paths } from '#web/lib/paths.js';

const FOOTER_LINKS = [
  { label: 'About', href: paths.about.getHref() },
  { label: 'FAQ', href: paths.faq.getHref() },
  { label: 'Contact', href: paths.contact.getHref() },
  { label: 'Terms', href: paths.terms.getHref() },
  { label: 'Privacy', href: paths.privacy.getHref() },
];

export function SiteFooter() {
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="container-page flex flex-col gap-4 py-8 text-sm text-slate-600 sm:flex-row sm:items-center sm:justify-between">
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
    </footer>
  );
}
