import { act, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from '#web/lib/router.js';
import { afterEach, describe, expect, it } from 'vitest';
import { canAccess, menuFor, type TStaffRole } from '#shared/permissions.js';
import { needsActionSearch } from '#web/features/admin/orders/lib/order-filter.js';
import { AdminMenu, type TMenuCounts } from './admin-menu';
import { forgetLists, useMenuHrefs } from './list-memory';

/*
 * Issue 27 point 5: the Orders menu opens "Needs action" for the roles who act on orders; a list
 * (orders, KYC, compliance, users) keeps its filters in the URL and its menu item leads back to
 * them after the person went elsewhere; held orders are counted apart from those needing action.
 */

const NO_COUNTS: TMenuCounts = { unreadChats: 0, needsAction: 0, complianceAlerts: 0 };

function Menu({ role, userId, counts }: { role: TStaffRole; userId: string; counts: TMenuCounts }) {
  const hrefOf = useMenuHrefs(userId, canAccess(role, 'orders'));
  return <AdminMenu items={menuFor(role)} counts={counts} hrefOf={hrefOf} />;
}

function renderMenu(role: TStaffRole, { userId = 'staff-1', counts = NO_COUNTS, at = '/admin/dashboard' } = {}) {
  const router = createMemoryRouter([{ path: '*', element: <Menu role={role} userId={userId} counts={counts} /> }], {
    initialEntries: [at],
  });
  render(<RouterProvider router={router} />);
  const menu = screen.getByRole('navigation', { name: 'Admin' });
  const hrefOf = (name: RegExp) => within(menu).getByRole('link', { name }).getAttribute('href');
  const go = (to: string) => act(() => router.navigate(to));
  return { hrefOf, go };
}

afterEach(() => forgetLists());

describe('the admin menu and the lists', () => {
  it('opens Needs action from the Orders item for the roles who act on orders', () => {
    expect(renderMenu('support').hrefOf(/^Orders/)).toBe(`/admin/orders?${needsActionSearch()}`);
  });

  it('opens the whole order list for compliance, who only reads orders', () => {
    expect(renderMenu('compliance').hrefOf(/^Orders/)).toBe('/admin/orders');
  });

  it('leads each list back to the filters it was left with, without a dialog that was open', async () => {
    const { hrefOf, go } = renderMenu('super_admin');
    await go('/admin/orders?status=completed&q=ama');
    await go('/admin/users?q=kofi&profile=u-9');
    await go('/admin/kyc-submissions?status=rejected');
    await go('/admin/compliance?view=cases');
    await go('/admin/dashboard');
    expect(hrefOf(/^Orders/)).toBe('/admin/orders?status=completed&q=ama');
    expect(hrefOf(/^Users/)).toBe('/admin/users?q=kofi');
    expect(hrefOf(/^KYC Submissions/)).toBe('/admin/kyc-submissions?status=rejected');
    expect(hrefOf(/^Compliance/)).toBe('/admin/compliance?view=cases');
    // Back to the list with no filter: the bare list is what it was left with.
    await go('/admin/orders');
    await go('/admin/dashboard');
    expect(hrefOf(/^Orders/)).toBe('/admin/orders');
  });

  it("forgets one staff member's filters for the next one in the same tab", async () => {
    const first = renderMenu('super_admin', { userId: 'staff-1' });
    await first.go('/admin/users?q=kofi');
    document.body.innerHTML = '';
    expect(renderMenu('super_admin', { userId: 'staff-2' }).hrefOf(/^Users/)).toBe('/admin/users');
  });

  it('counts held orders apart from those needing action', () => {
    const { hrefOf } = renderMenu('manager', { counts: { ...NO_COUNTS, needsAction: 2, heldOrders: 1 } });
    expect(hrefOf(/^Orders 2 need action 1 on hold$/)).toBeTruthy();
  });
});
