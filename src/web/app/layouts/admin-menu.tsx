import { NavLink } from '#web/lib/router.js';
import type { menuFor } from '#shared/permissions.js';
import { cn } from '#web/lib/cn.js';

/**
 * `complianceAlerts`: open alerts and escalated holds not released (docs/decisions/017).
 * `needsAction`: paid orders staff can act on; `heldOrders`: paid orders on compliance hold,
 * counted apart, for the roles that may see holds only (0 for the others; docs/decisions/032).
 */
export type TMenuCounts = { unreadChats: number; needsAction: number; complianceAlerts: number; heldOrders?: number };

/** The number on a menu item, with what it counts for screen readers. */
function MenuCount({ count, label, tone = 'action' }: { count: number; label: string; tone?: 'action' | 'held' }) {
  if (count <= 0) return null;
  return (
    <>
      {' '}
      <span
        className={cn(
          'ml-1 inline-flex min-w-6 justify-center rounded-full px-1.5 text-xs font-bold',
          tone === 'held' ? 'bg-slate-300 text-slate-900' : 'bg-amber-400 text-slate-900',
        )}
      >
        {count}
        <span className="sr-only"> {label}</span>
      </span>
    </>
  );
}

/**
 * The back-office menu of the role (the side bar on a wide screen, the menu button's panel below
 * it, which `onNavigate` closes when a link is chosen).
 */
export function AdminMenu({
  items,
  counts,
  onNavigate,
  hrefOf = (path) => path,
}: {
  items: ReturnType<typeof menuFor>;
  counts: TMenuCounts;
  onNavigate?: () => void;
  /** Where an item leads (a list returns to its last filters: list-memory.ts). */
  hrefOf?: (path: string) => string;
}) {
  return (
    <nav aria-label="Admin">
      <ul className="space-y-1 p-3">
        {items.map((item) => (
          <li key={item.path}>
            <NavLink
              to={hrefOf(item.path)}
              onClick={onNavigate}
              className={({ isActive }) =>
                cn(
                  'block rounded-lg px-3 py-2 text-sm font-medium no-underline hover:no-underline',
                  isActive ? 'bg-brand-700 text-white' : 'text-slate-200 hover:bg-slate-800',
                )
              }
            >
              {item.label}
              {item.area === 'chat' && <MenuCount count={counts.unreadChats} label="unread" />}
              {item.area === 'orderViews' && <MenuCount count={counts.needsAction} label="need action" />}
              {item.area === 'orderViews' && <MenuCount count={counts.heldOrders ?? 0} label="on hold" tone="held" />}
              {item.area === 'compliance' && <MenuCount count={counts.complianceAlerts} label="need review" />}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
