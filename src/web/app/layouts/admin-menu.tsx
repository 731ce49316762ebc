import { NavLink } from 'react-router';
import type { menuFor } from '#shared/permissions.js';
import { cn } from '#web/lib/cn.js';

/** `complianceAlerts`: open alerts and escalated holds not released (docs/decisions/017). */
export type TMenuCounts = { unreadChats: number; needsAction: number; complianceAlerts: number };

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

/**
 * The back-office menu of the role (the side bar on a wide screen, the menu button's panel below
 * it, which `onNavigate` closes when a link is chosen).
 */
export function AdminMenu({
  items,
  counts,
  onNavigate,
}: {
  items: ReturnType<typeof menuFor>;
  counts: TMenuCounts;
  onNavigate?: () => void;
}) {
  return (
    <nav aria-label="Admin">
      <ul className="space-y-1 p-3">
        {items.map((item) => (
          <li key={item.area}>
            <NavLink
              to={item.path}
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
              {item.area === 'compliance' && <MenuCount count={counts.complianceAlerts} label="need review" />}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
