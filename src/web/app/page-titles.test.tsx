import { act, render } from '@testing-library/react';
import { createMemoryRouter, matchRoutes, Outlet, RouterProvider, useMatches, type RouteObject } from '#web/lib/router.js';
import { describe, expect, it } from 'vitest';
import { APP_PATHS } from '#shared/app-paths.js';
import { QueryClient } from '@tanstack/react-query';
import { createRoutes } from './router';

const routes = createRoutes(new QueryClient());
import { useCountInTitle } from './layouts/use-count-in-title';
import { formatPageTitle, routeTitle, useDocumentTitle, usePageTitle } from '#web/lib/page-title.js';

/*
 * Every page has a tab title of its own (issue 16 point 4), by one mechanism: the route's handle,
 * or the page's own while it shows something that changes (the Live Chat count); the
 * back-office's "Needs action" count goes in front of either.
 */

/** The tab title of the app's route tree at `path`. */
function titleAt(path: string): string {
  const matches = matchRoutes(routes, path) ?? [];
  return formatPageTitle(routeTitle(matches.map((match) => ({ params: match.params, handle: match.route.handle }))));
}

/** MutationObserver callbacks (the count in the title) run as microtasks. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('tab titles', () => {
  it('names every page of the app', () => {
    expect(titleAt('/buy')).toBe('Buy crypto · CediCrypto');
    expect(titleAt('/orders/12')).toBe('Order #12 · CediCrypto');
    expect(titleAt('/history')).toBe('Order history · CediCrypto');
    expect(titleAt('/login')).toBe('Log in · CediCrypto');
    expect(titleAt('/admin/orders')).toBe('Order Management · CediCrypto');
    expect(titleAt('/admin')).toBe('Admin Dashboard · CediCrypto');
    expect(titleAt('/admin/chat')).toBe('Live Chat Support · CediCrypto');
    expect(titleAt('/no-such-page')).toBe('Page not found · CediCrypto');
    expect(titleAt('/admin/no-such-page')).toBe('Page not found · CediCrypto');
    // Every path of the app has a title of its own, none just the brand.
    for (const path of APP_PATHS) {
      expect(titleAt(path.replace(':id', '7').replace(':token', 'abc')), path).toMatch(/^.+ · CediCrypto$/);
    }
  });

  it("is the route's, or the page's own while it is shown, with the back-office count in front", async () => {
    function Root() {
      useDocumentTitle(routeTitle(useMatches()));
      return <Outlet />;
    }
    function Admin({ count }: { count: number }) {
      useCountInTitle(count, true);
      return <Outlet />;
    }
    function Chat() {
      usePageTitle('(2) Live Chat Support');
      return <p>chat</p>;
    }
    const tree: RouteObject[] = [
      {
        Component: Root,
        children: [
          { path: '/buy', element: <p>buy</p>, handle: { title: 'Buy crypto' } },
          { path: '/orders/:id', element: <p>order</p>, handle: { title: (params: { id?: string }) => `Order #${params.id}` } },
          {
            element: <Admin count={3} />,
            children: [{ path: '/admin/orders', element: <p>orders</p>, handle: { title: 'Order Management' } }],
          },
          { path: '/admin/chat', element: <Chat />, handle: { title: 'Live Chat Support' } },
        ],
      },
    ];
    const router = createMemoryRouter(tree, { initialEntries: ['/buy'] });
    render(<RouterProvider router={router} />);
    expect(document.title).toBe('Buy crypto · CediCrypto');

    await act(() => router.navigate('/orders/12'));
    expect(document.title).toBe('Order #12 · CediCrypto');

    await act(() => router.navigate('/admin/orders'));
    await settle();
    expect(document.title).toBe('(3) Order Management · CediCrypto');

    await act(() => router.navigate('/admin/chat'));
    await settle();
    expect(document.title).toBe('(2) Live Chat Support · CediCrypto');

    // The page's own title goes with it.
    await act(() => router.navigate('/buy'));
    await settle();
    expect(document.title).toBe('Buy crypto · CediCrypto');
  });
});
