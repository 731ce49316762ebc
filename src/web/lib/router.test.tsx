import { StrictMode } from 'react';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WAIT } from '#test/helpers/timeouts.js';
import {
  createHashRouter,
  Link,
  matchPath,
  matchRoutes,
  Outlet,
  RouterProvider,
  ScrollRestoration,
  useBlocker,
  useParams,
  type RouteObject,
} from './router';

/*
 * The app's router (docs/decisions/054) where React Router's own tests no longer stand behind it:
 * which route a path picks, and the hash URLs a browser's Back and Forward move through.
 */

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '#/');
});

describe('which route a path picks', () => {
  const page = (name: string) => ({ element: <p>{name}</p>, handle: name });
  const routes: RouteObject[] = [
    {
      element: <Outlet />,
      children: [
        { path: '/', ...page('home') },
        { path: '/orders/:id', ...page('order') },
        {
          path: '/admin',
          children: [
            { index: true, ...page('admin home') },
            { path: '/admin/users', ...page('users') },
            { path: '*', ...page('admin not found') },
          ],
        },
        { path: '*', ...page('not found') },
      ],
    },
  ];
  const picked = (path: string) => matchRoutes(routes, path)?.at(-1)?.route.handle;

  it('prefers literal segments to parameters and parameters to a splat, as React Router ranks them', () => {
    expect(picked('/')).toBe('home');
    expect(picked('/orders/12')).toBe('order');
    expect(picked('/admin')).toBe('admin home');
    expect(picked('/admin/users')).toBe('users');
    expect(picked('/admin/nothing')).toBe('admin not found');
    expect(picked('/nothing/at/all')).toBe('not found');
    expect(picked('/orders/12/more')).toBe('not found');
  });

  it('reads paths case-insensitively, with a trailing slash, and decodes parameters', () => {
    expect(picked('/Admin/Users/')).toBe('users');
    expect(matchRoutes(routes, '/orders/a%20b')?.at(-1)?.params).toEqual({ id: 'a b' });
    expect(matchPath('/orders/:id', '/orders/7')).toEqual({ params: { id: '7' }, pathname: '/orders/7', pattern: '/orders/:id' });
    expect(matchPath('/orders/:id', '/orders')).toBeNull();
  });
});

function Order() {
  const { id } = useParams();
  return (
    <>
      <h1>Order {id}</h1>
      <Link to="/">Home</Link>
    </>
  );
}

describe('hash URLs', () => {
  it('links as #/path, and Back and Forward move between the pages', async () => {
    window.history.replaceState(null, '', '#/');
    const router = createHashRouter([
      { path: '/', element: <Link to="/orders/12">Your order</Link> },
      { path: '/orders/:id', element: <Order /> },
    ]);
    render(<RouterProvider router={router} />);
    const user = userEvent.setup();
    const link = screen.getByRole('link', { name: 'Your order' });
    expect(link.getAttribute('href')).toBe('#/orders/12');

    await user.click(link);
    expect(await screen.findByRole('heading', { name: 'Order 12' })).toBeTruthy();
    expect(window.location.hash).toBe('#/orders/12');

    act(() => window.history.back());
    expect(await screen.findByRole('link', { name: 'Your order' })).toBeTruthy();
    expect(window.location.hash).toBe('#/');

    act(() => window.history.forward());
    expect(await screen.findByRole('heading', { name: 'Order 12' })).toBeTruthy();
  });

  it('a new page starts at the top; Back returns to where the last one was scrolled', async () => {
    window.history.replaceState(null, '', '#/');
    const router = createHashRouter([
      {
        element: (
          <>
            <ScrollRestoration />
            <Outlet />
          </>
        ),
        children: [
          { path: '/', element: <Link to="/orders/12">Your order</Link> },
          { path: '/orders/:id', element: <Order /> },
        ],
      },
    ]);
    render(<RouterProvider router={router} />);
    const user = userEvent.setup();
    act(() => window.scrollTo(0, 700));
    expect(window.scrollY).toBe(700);
    await user.click(screen.getByRole('link', { name: 'Your order' }));
    expect(await screen.findByRole('heading', { name: 'Order 12' })).toBeTruthy();
    expect(window.scrollY).toBe(0);

    act(() => window.scrollTo(0, 90));
    act(() => window.history.back());
    expect(await screen.findByRole('link', { name: 'Your order' })).toBeTruthy();
    await vi.waitFor(() => expect(window.scrollY).toBe(700), WAIT);
    act(() => window.history.forward());
    expect(await screen.findByRole('heading', { name: 'Order 12' })).toBeTruthy();
    await vi.waitFor(() => expect(window.scrollY).toBe(90), WAIT);
  });

  it('a blocked Back stays on the page (and its address) until Leave', async () => {
    window.history.replaceState(null, '', '#/');
    function Editor() {
      const blocker = useBlocker(true);
      return (
        <>
          <h1>Editor</h1>
          {blocker.state === 'blocked' && (
            <button type="button" onClick={() => blocker.proceed()}>
              Leave
            </button>
          )}
        </>
      );
    }
    const router = createHashRouter([
      { path: '/', element: <Link to="/edit">Edit</Link> },
      { path: '/edit', element: <Editor /> },
    ]);
    render(<RouterProvider router={router} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'Edit' }));
    expect(await screen.findByRole('heading', { name: 'Editor' })).toBeTruthy();

    act(() => window.history.back());
    const leave = await screen.findByRole('button', { name: 'Leave' });
    await vi.waitFor(() => expect(window.location.hash).toBe('#/edit'), WAIT);
    expect(screen.getByRole('heading', { name: 'Editor' })).toBeTruthy();

    await user.click(leave);
    expect(await screen.findByRole('link', { name: 'Edit' })).toBeTruthy();
    await vi.waitFor(() => expect(window.location.hash).toBe('#/'), WAIT);
  });

  it('blocks under StrictMode too, whose trial unmount must not drop the blocker (the app runs in it)', async () => {
    window.history.replaceState(null, '', '#/edit');
    function Editor() {
      const blocker = useBlocker(true);
      return (
        <>
          <Link to="/">Home</Link>
          {blocker.state === 'blocked' && <p>Leave without saving?</p>}
        </>
      );
    }
    const router = createHashRouter([
      { path: '/', element: <h1>Home page</h1> },
      { path: '/edit', element: <Editor /> },
    ]);
    render(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    );
    await userEvent.setup().click(screen.getByRole('link', { name: 'Home' }));
    expect(await screen.findByText('Leave without saving?')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Home page' })).toBeNull();
  });
});
