import { useId } from 'react';
import { Link, Outlet, useLocation } from '#web/lib/router.js';
import type { TProfile } from '#shared/contracts/account.js';
import { canAccess, menuFor, ROLE_LABELS } from '#shared/permissions.js';
import { Badge } from '#web/components/ui/badge.js';
import { Button } from '#web/components/ui/button.js';
import { useUnreadConversations } from '#web/features/admin/chat/lib/use-unread-conversations.js';
import { useAlertCount } from '#web/features/admin/compliance/api/compliance.js';
import { useNeedsAction } from '#web/features/admin/orders/api/needs-action.js';
import { useAdminOrderEvents } from '#web/features/admin/orders/lib/use-admin-order-events.js';
import { useNotificationSettings } from '#web/features/admin/notifications/api/notification-settings.js';
import { useMenuHrefs } from './list-memory';
import { useOverdueCaseNotice } from './use-overdue-case-notice';
import { useStaffLive } from './use-staff-live';
import { IdleSessionGuard } from './idle-session-guard';
import { cn } from '#web/lib/cn.js';
import { paths } from '#web/lib/paths.js';
import { useSession } from '#web/lib/session.js';
import { AdminMenu } from './admin-menu';
import { PasswordChangeBanner } from './password-change-banner';
import { SkipLink } from './skip-link';
import { useCountInTitle } from './use-count-in-title';
import { useLogOutAndLeave } from './use-log-out-and-leave';
import { useMenuDisclosure } from './use-menu-disclosure';

/**
 * The back-office shell (lazy chunk): side menu from the role matrix, top bar, content. From
 * 1024 px (lg) the menu is a side bar; below, on a tablet or a phone, it folds behind a menu
 * button in the top bar so the page keeps the whole width (issue 16: tables and the chat at 768 px).
 */
export function AdminLayout() {
  const { user } = useSession();
  if (!user) return null; // RequireStaff above guarantees a staff user.
  return <AdminShell user={user} />;
}

/** 'Signed in as' and the person's full name, never cut short (it wraps), with their email. */
function SignedInAs({ user, className, tone = 'light' }: { user: TProfile; className?: string; tone?: 'light' | 'dark' }) {
  const isDark = tone === 'dark';
  return (
    <div className={cn('min-w-0', className)}>
      <p className={cn('text-xs', isDark ? 'text-slate-300' : 'text-slate-600')}>
        Signed in as{' '}
        <span className={cn('text-sm font-semibold break-words', isDark ? 'text-white' : 'text-slate-900')}>
          {user.fullName || user.username}
        </span>
      </p>
      <p className={cn('text-xs break-all', isDark ? 'text-slate-300' : 'text-slate-600')}>{user.email}</p>
    </div>
  );
}

function AdminShell({ user }: { user: TProfile }) {
  const menuId = useId();
  const location = useLocation();
  const menuButton = useMenuDisclosure(location.pathname);
  const logOut = useLogOutAndLeave(user);
  const menu = menuFor(user.role);
  const unreadChats = useUnreadConversations(canAccess(user.role, 'chat'));
  // Orders change live for staff with the orders area (docs/decisions/014): the lists, details and
  // dashboard re-read, and the "Needs action" count is on the Orders menu item and in the tab title.
  const canSeeOrders = canAccess(user.role, 'orders');
  useAdminOrderEvents(canSeeOrders);
  const needsActionData = useNeedsAction(canSeeOrders).data;
  const needsAction = needsActionData?.count ?? 0;
  // /admin/chat writes its own count into the title.
  useCountInTitle(needsAction, canSeeOrders && location.pathname !== paths.admin.chat.path);
  // The compliance desk's count (docs/decisions/017) on the Compliance menu item, for the roles of the desk.
  const complianceAlerts = useAlertCount(canAccess(user.role, 'compliance'), location.pathname).data?.count ?? 0;
  // KYC, the desk, holds and chat live on one socket; the person's optional notifications (docs/decisions/032).
  const notifications = useNotificationSettings().data;
  useStaffLive(notifications);
  useOverdueCaseNotice(canAccess(user.role, 'compliance'), notifications);
  const counts = { unreadChats, needsAction, complianceAlerts, heldOrders: needsActionData?.held ?? 0 };
  // Lists return to the filters they were left with; Orders opens "Needs action" for who acts on orders (issue 27 point 5).
  const hrefOf = useMenuHrefs(user.id, canSeeOrders);
  const roleBadge = user.role && <Badge variant="info">{ROLE_LABELS[user.role]}</Badge>;

  return (
    <div className="min-h-dvh bg-slate-100 lg:flex">
      <SkipLink />
      <IdleSessionGuard />
      <aside className="hidden border-r border-slate-200 bg-slate-900 lg:sticky lg:top-0 lg:block lg:h-dvh lg:w-64 lg:shrink-0 lg:overflow-y-auto">
        <div className="flex h-16 items-center px-5">
          <Link to={paths.admin.dashboard.getHref()} className="font-bold text-white no-underline hover:no-underline">
            CediCrypto <span className="font-medium text-slate-400">Admin</span>
          </Link>
        </div>
        <AdminMenu items={menu} counts={counts} hrefOf={hrefOf} />
      </aside>

      <div className="flex min-w-0 flex-1 flex-col">
        <header ref={menuButton.containerRef} className="sticky top-0 z-30 border-b border-slate-200 bg-white">
          <div className="flex min-h-16 items-center justify-between gap-3 px-4 py-2 sm:px-6">
            <div className="flex shrink-0 items-center gap-2">
              <button
                ref={menuButton.buttonRef}
                type="button"
                aria-expanded={menuButton.isOpen}
                aria-controls={menuId}
                onClick={menuButton.toggle}
                className="rounded-lg p-2 text-slate-700 hover:bg-slate-100 lg:hidden"
              >
                <span className="sr-only">Menu</span>
                <svg viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
                  {menuButton.isOpen ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
                </svg>
              </button>
              <span className="font-bold whitespace-nowrap text-brand-800 lg:hidden">Admin</span>
            </div>
            <div className="flex min-w-0 items-center gap-3">
              <SignedInAs user={user} className="hidden text-right sm:block" />
              {roleBadge && <span className="hidden shrink-0 sm:block">{roleBadge}</span>}
              {/* On a phone the top bar has no room: it is in the menu's panel, beside who is signed in. */}
              {/* From lg only: below, the top bar has no room; it is in the menu's panel. */}
              <Link to={paths.admin.notifications.getHref()} className="hidden shrink-0 text-sm font-semibold whitespace-nowrap lg:block">
                Notifications
              </Link>
              <Link to={paths.admin.changePassword.getHref()} className="hidden shrink-0 text-sm font-semibold whitespace-nowrap sm:block">
                Change password
              </Link>
              <Button variant="outline" size="sm" className="shrink-0" onClick={logOut.run} isLoading={logOut.isPending}>
                Log out
              </Button>
            </div>
          </div>
          {/* Below lg: the menu button's panel, over the page under the top bar (wherever the page is scrolled). */}
          <div
            id={menuId}
            ref={menuButton.panelRef}
            hidden={!menuButton.isOpen}
            className="absolute inset-x-0 top-full max-h-[calc(100dvh-4rem)] overflow-y-auto border-r border-slate-800 bg-slate-900 shadow-xl sm:right-auto sm:w-80 lg:hidden"
          >
            {menuButton.isOpen && (
              <>
                {/* On a phone the top bar has no room for who is signed in: it is said here. */}
                <div className="flex items-start justify-between gap-3 border-b border-slate-800 px-6 pt-4 pb-3 sm:hidden">
                  <SignedInAs user={user} tone="dark" />
                  {roleBadge && <span className="shrink-0">{roleBadge}</span>}
                </div>
                <AdminMenu items={menu} counts={counts} hrefOf={hrefOf} onNavigate={menuButton.close} />
                {/* Last, so the menu's first item keeps the focus when the panel opens (use-menu-disclosure.ts). */}
                <div className="space-y-2 border-t border-slate-800 px-6 py-3">
                  <Link
                    to={paths.admin.notifications.getHref()}
                    onClick={menuButton.close}
                    className="block text-sm font-semibold text-slate-100 underline"
                  >
                    Notifications
                  </Link>
                  <Link
                    to={paths.admin.changePassword.getHref()}
                    onClick={menuButton.close}
                    className="block text-sm font-semibold text-slate-100 underline sm:hidden"
                  >
                    Change password
                  </Link>
                </div>
              </>
            )}
          </div>
        </header>
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 p-4 focus:outline-none sm:p-6">
          <PasswordChangeBanner user={user} />
          <Outlet />
        </main>
      </div>
    </div>
  );
}
