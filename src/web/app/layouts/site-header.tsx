import { useEffect, useId, useState } from 'react';
import { Link, NavLink, useLocation } from '#web/lib/router.js';
import { isStaffRole } from '#shared/permissions.js';
import { buttonClassName } from '#web/components/ui/button.js';
import { canSubmitKyc } from '#web/features/kyc/kyc-status.js';
import { cn } from '#web/lib/cn.js';
import { paths } from '#web/lib/paths.js';
import { useSession } from '#web/lib/session.js';
import { UserMenu } from './user-menu';

type NavItem = { label: string; href: string };

const navLinkClassName = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-lg px-3 py-2 text-sm font-semibold no-underline hover:bg-slate-100 hover:no-underline',
    isActive ? 'text-brand-800' : 'text-slate-700',
  );

function useNavItems(): NavItem[] {
  const { user } = useSession();
  if (!user) return [];
  if (isStaffRole(user.role)) return [{ label: 'Admin panel', href: paths.admin.dashboard.getHref() }];
  const items: NavItem[] = [
    { label: 'Dashboard', href: paths.dashboard.getHref() },
    { label: 'Buy', href: paths.buy.getHref() },
    { label: 'Sell', href: paths.sell.getHref() },
    { label: 'History', href: paths.history.getHref() },
  ];
  // docs/product.md §2: 'Complete KYC' only while the customer still has to verify; a rejected
  // customer has to verify again (one rule with the dashboard banner and /kyc: canSubmitKyc).
  if (canSubmitKyc(user.kycStatus)) {
    items.push({ label: 'Complete KYC', href: paths.kyc.getHref() });
  }
  return items;
}

export function SiteHeader() {
  const { user } = useSession();
  const navItems = useNavItems();
  const location = useLocation();
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const mobileNavId = useId();
  const isAuthPage = location.pathname === paths.login.path || location.pathname === paths.signup.path;

  useEffect(() => {
    if (!isMenuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setIsMenuOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [isMenuOpen]);

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="container-page flex h-16 items-center justify-between gap-2">
        <Link
          to={paths.home.getHref()}
          className="shrink-0 text-lg font-bold tracking-tight text-brand-800 no-underline hover:no-underline"
        >
          Cedi<span className="text-accent-700">Crypto</span>
        </Link>

        {navItems.length > 0 && (
          <nav aria-label="Main" className="hidden flex-1 items-center gap-1 md:flex md:pl-6">
            {navItems.map((item) => (
              <NavLink key={item.href} to={item.href} className={navLinkClassName}>
                {item.label}
              </NavLink>
            ))}
          </nav>
        )}

        <div className="flex min-w-0 items-center gap-1 sm:gap-2">
          {user ? (
            <UserMenu user={user} />
          ) : (
            !isAuthPage && (
              <>
                <Link to={paths.login.getHref()} className={buttonClassName('ghost', 'sm')}>
                  Login
                </Link>
                <Link to={paths.signup.getHref()} className={buttonClassName('primary', 'sm')}>
                  Sign Up
                </Link>
              </>
            )
          )}
          {navItems.length > 0 && (
            <button
              type="button"
              aria-expanded={isMenuOpen}
              aria-controls={mobileNavId}
              onClick={() => setIsMenuOpen((open) => !open)}
              className="rounded-lg p-2 text-slate-700 hover:bg-slate-100 md:hidden"
            >
              <span className="sr-only">Menu</span>
              <svg viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
                {isMenuOpen ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
              </svg>
            </button>
          )}
        </div>
      </div>

      {isMenuOpen && navItems.length > 0 && (
        <nav id={mobileNavId} aria-label="Main" className="border-t border-slate-200 bg-white md:hidden">
          <ul className="container-page flex flex-col py-2">
            {navItems.map((item) => (
              <li key={item.href}>
                <NavLink
                  to={item.href}
                  className={(state) => cn(navLinkClassName(state), 'block py-3')}
                  onClick={() => setIsMenuOpen(false)}
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </header>
  );
}
