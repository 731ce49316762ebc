import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, RouterProvider, useLocation } from '#web/lib/router.js';
import { describe, expect, it } from 'vitest';
import { useMenuDisclosure } from './use-menu-disclosure';

/* The back-office menu button below 1024 px (issue 16): a disclosure with its focus handled. */

function Shell() {
  const location = useLocation();
  const menu = useMenuDisclosure(location.pathname);
  return (
    <>
      <header ref={menu.containerRef}>
        <button ref={menu.buttonRef} type="button" aria-expanded={menu.isOpen} aria-controls="menu" onClick={menu.toggle}>
          Menu
        </button>
        <div id="menu" ref={menu.panelRef} hidden={!menu.isOpen}>
          <nav aria-label="Admin">
            <Link to="/admin/dashboard" onClick={menu.close}>
              Dashboard
            </Link>
            <Link to="/admin/users" onClick={menu.close}>
              Users
            </Link>
          </nav>
        </div>
      </header>
      <main>
        <h1>{location.pathname}</h1>
        <button type="button">In the page</button>
      </main>
    </>
  );
}

function renderShell() {
  const router = createMemoryRouter([{ path: '*', element: <Shell /> }], { initialEntries: ['/admin/dashboard'] });
  render(<RouterProvider router={router} />);
  return { button: screen.getByRole('button', { name: 'Menu' }), router };
}

describe('useMenuDisclosure', () => {
  it('opens with the focus on the first link, and Escape closes it with the focus back on the button', async () => {
    const { button } = renderShell();
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('navigation', { name: 'Admin' })).toBeNull();

    await userEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(document.getElementById(button.getAttribute('aria-controls')!)?.hidden).toBe(false);
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Dashboard' }));

    await userEvent.keyboard('{Escape}');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });

  it('closes when a link is chosen (the page changes)', async () => {
    const { button, router } = renderShell();
    await userEvent.click(button);
    await userEvent.click(screen.getByRole('link', { name: 'Users' }));
    expect(router.state.location.pathname).toBe('/admin/users');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    // The link of the page already open closes it too.
    await userEvent.click(button);
    await userEvent.click(screen.getByRole('link', { name: 'Users' }));
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('closes when the focus or a click goes outside the header', async () => {
    const { button } = renderShell();
    await userEvent.click(button);
    screen.getByRole('button', { name: 'In the page' }).focus();
    await screen.findByRole('button', { name: 'Menu', expanded: false });

    await userEvent.click(button);
    await userEvent.click(screen.getByRole('heading'));
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('toggles closed from the button', async () => {
    const { button } = renderShell();
    await userEvent.click(button);
    await userEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });
});
