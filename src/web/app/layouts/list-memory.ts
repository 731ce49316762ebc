import { useCallback, useEffect } from 'react';
import { useLocation } from '#web/lib/router.js';
import { needsActionSearch } from '#web/features/admin/orders/lib/order-filter.js';
import { paths } from '#web/lib/paths.js';

/**
 * The back-office lists whose filters survive leaving and returning (issue 27 point 5,
 * docs/decisions/032): each list keeps its filters in the URL search params (lib/url-filter.ts);
 * the menu link of a list goes back to the search it was last left with. The memory is this tab's
 * JavaScript memory only, per staff member (staff data is never persisted in the browser,
 * decisions/013 D10): a reload keeps the URL, a sign-out forgets it.
 */
const LIST_PATHS: ReadonlySet<string> = new Set([
  paths.admin.orders.path,
  paths.admin.kycSubmissions.path,
  paths.admin.compliance.path,
  paths.admin.users.path,
]);

/** A dialog opened from a link (a user's profile) is not a filter: returning does not reopen it. */
const NOT_FILTERS = ['profile'];

let owner: string | undefined;
const remembered = new Map<string, string>();

/** Called on every move: remembers the search a list is shown with. */
export function rememberList(userId: string, pathname: string, search: string): void {
  if (owner !== userId) {
    remembered.clear();
    owner = userId;
  }
  if (!LIST_PATHS.has(pathname)) return;
  const params = new URLSearchParams(search);
  for (const key of NOT_FILTERS) params.delete(key);
  remembered.set(pathname, params.toString());
}

/**
 * Where a menu item leads: a list back to the filters it was left with; the first time, `firstSearch`
 * (the Orders item opens "Needs action" for the roles who act on orders), else the bare path.
 */
export function menuHref(userId: string, path: string, firstSearch?: string): string {
  const search = owner === userId ? remembered.get(path) : undefined;
  const chosen = search ?? firstSearch ?? '';
  return chosen ? `${path}?${chosen}` : path;
}

/**
 * The admin menu's hrefs for staff member `userId` (admin-layout.tsx): remembers each list's search
 * on every move, and leads each list back to it; the Orders item opens "Needs action" the first
 * time for the roles who act on orders (`canActOnOrders`).
 */
export function useMenuHrefs(userId: string, canActOnOrders: boolean): (path: string) => string {
  const { pathname, search } = useLocation();
  useEffect(() => rememberList(userId, pathname, search), [userId, pathname, search]);
  return useCallback(
    (path: string) => menuHref(userId, path, path === paths.admin.orders.path && canActOnOrders ? needsActionSearch() : undefined),
    // A move re-renders the menu with the search it just remembered.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [userId, canActOnOrders, pathname, search],
  );
}

/** Tests: forget everything. */
export function forgetLists(): void {
  remembered.clear();
  owner = undefined;
}
