import { useEffect, useId, useState } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { canAccess, menuFor, ROLE_LABELS } from '#shared/permissions.js';
import { Badge } from '#web/components/ui/badge.js';
import { Button } from '#web/components/ui/button.js';
import { useUnreadConversations } from '#web/features/admin/chat/lib/use-unread-conversations.js';
import { useNeedsAction } from '#web/features/admin/orders/api/needs-action.js';
import { useAdminOrderEvents } from '#web/features/admin/orders/lib/use-admin-order-events.js';
import { cn } from '#web/lib/cn.js';
import { paths } from '#web/lib/paths.js';
import { useSession } from '#web/lib/session.js';
import { SkipLink } from './skip-link';
import { useCountInTitle } from './use-count-in-title';
import { useLogOutAndLeave } from './use-log-out-and-leave';

/** The back-office shell (lazy chunk): side menu from the role matrix, top bar, content. */
export function AdminLayout() {
  const { user } = useSession();
  if (!user) return null; // RequireStaff above guarantees a staff user.
  return <AdminShell user={user} />;
}

function AdminShell({ user }: { user: NonNullable<ReturnType<typeof useSession>['user']> }) {
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const menuId = useId();
  const location = useLocation();
  const logOut = useLogOutAndLeave(user);
  const menu = menuFor(user.role);
  const unreadChats = useUnreadConversations(canAccess(user.role, 'chat'));
  // Orders change live for staff with the orders area (docs/decisions/014): the lists, details and
  // dashboard re-read, and the "Needs action" count is on the Orders menu item and in the tab title.
  const canSeeOrders = canAccess(user.role, 'orders');
  useAdminOrderEvents(canSeeOrders);
  const needsAction = useNeedsAction(canSeeOrders).data?.count ?? 0;
  // /admin/chat writes its own count into the title.
  useCountInTitle(needsAction, canSeeOrders && location.pathname !== paths.admin.chat.path);
  const counts = { unreadChats, needsAction };

  // Close the mobile menu whenever the page changes.
  const [lastPath, setLastPath] = useState(location.pathname);
  if (lastPath !== location.pathname) {
    setLastPath(location.pathname);
    setIsMenuOpen(false);
  }

  useEffect(() => {
    if (!isMenuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setIsMenuOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [isMenuOpen]);

  return (
    <div className="min-h-dvh bg-slate-100 md:flex">
      <SkipLink />
      <aside className="hidden border-r border-slate-200 bg-slate-900 md:sticky md:top-0 md:block md:h-dvh md:w-64 md:shrink-0 md:overflow-y-auto">
        <div className="flex h-16 items-center px-5">
          <Link to={paths.admin.dashboard.getHref()} className="font-bold text-white no-underline hover:no-underline">
            CediCrypto <span className="font-medium text-slate-400">Admin</span>
          </Link>
        </div>
        <AdminMenu items={menu} counts={counts} />
      </aside>

      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-16 items-center justify-between gap-2 border-b border-slate-200 bg-white px-4 sm:px-6">
          <div className="flex items-center gap-2">
            <button
              type="button"
              aria-expanded={isMenuOpen}
              aria-controls={menuId}
              onClick={() => setIsMenuOpen((open) => !open)}
              className="rounded-lg p-2 text-slate-700 hover:bg-slate-100 md:hidden"
            >
              <span className="sr-only">Menu</span>
              <svg viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
                {isMenuOpen ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
              </svg>
            </button>
            <span className="font-bold whitespace-nowrap text-brand-800 md:hidden">Admin</span>
          </div>
          <div className="flex min-w-0 items-center gap-3">
            <div className="hidden min-w-0 text-right sm:block">
              <p className="truncate text-sm font-semibold text-slate-900">{user.fullName}</p>
              <p className="truncate text-xs text-slate-600">{user.email}</p>
            </div>
            {user.role && (
              <span className="hidden sm:block">
                <Badge variant="info">{ROLE_LABELS[user.role]}</Badge>
              </span>
            )}
            <Button variant="outline" size="sm" onClick={logOut.run} isLoading={logOut.isPending}>
              Log out
            </Button>
          </div>
        </header>
        {isMenuOpen && (
          <div id={menuId} className="bg-slate-900 md:hidden">
            <AdminMenu items={menu} counts={counts} />
          </div>
        )}
        <main id="main" tabIndex={-1} className="flex-1 p-4 focus:outline-none sm:p-6">
          <Outlet />
        </main>
      </div>
    </div>
  );
}

type TMenuCounts = { unreadChats: number; needsAction: number };

/** The number on a menu item, with what it counts for screen readers. */
function MenuCount({ count, label }: { count: number; label: string }) {
  if (count <= 0) return null;
  return (
    <>
      {' '}
      <span className="ml-1 inline-flex min-w-6 justify-center rounded-full bg-amber-400 px-1.5 text-xs font-bold text-slate-900">
        {count}
        <span className="sr-only"> {label}</span>
      </span>
    </>
  );
}

function AdminMenu({ items, counts }: { items: ReturnType<typeof menuFor>; counts: TMenuCounts }) {
  return (
    <nav aria-label="Admin">
      <ul className="space-y-1 p-3">
        {items.map((item) => (
          <li key={item.area}>
            <NavLink
              to={item.path}
              className={({ isActive }) =>
                cn(
                  'block rounded-lg px-3 py-2 text-sm font-medium no-underline hover:no-underline',
                  isActive ? 'bg-brand-700 text-white' : 'text-slate-200 hover:bg-slate-800',
                )
              }
            >
              {item.label}
              {item.area === 'chat' && <MenuCount count={counts.unreadChats} label="unread" />}
              {item.area === 'orders' && <MenuCount count={counts.needsAction} label="need action" />}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
