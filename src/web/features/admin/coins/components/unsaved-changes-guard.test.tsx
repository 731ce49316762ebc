import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, Link, RouterProvider } from '#web/lib/router.js';
import { describe, expect, it } from 'vitest';
import { UnsavedChangesGuard } from './unsaved-changes-guard';

/* Currencies: unsaved deposit-address edits are not lost by a click on the menu, Back or a reload (issue 16). */

function CurrenciesLike() {
  const [isDirty, setIsDirty] = useState(false);
  return (
    <>
      <h1>Currency Management</h1>
      <button type="button" onClick={() => setIsDirty(true)}>
        Edit an address
      </button>
      <button type="button" onClick={() => setIsDirty(false)}>
        Save
      </button>
      <Link to="/admin/users">Users</Link>
      <UnsavedChangesGuard when={isDirty} />
    </>
  );
}

function renderPages() {
  const router = createMemoryRouter(
    [
      { path: '/admin/coins', element: <CurrenciesLike /> },
      { path: '/admin/users', element: <h1>User Management</h1> },
    ],
    // Users, then Currencies: Back leads to Users.
    { initialEntries: ['/admin/users', '/admin/coins'], initialIndex: 1 },
  );
  render(<RouterProvider router={router} />);
  return router;
}

function beforeUnloadIsStopped(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

describe('UnsavedChangesGuard', () => {
  it('lets a page without unsaved edits go at once', async () => {
    const router = renderPages();
    expect(beforeUnloadIsStopped()).toBe(false);
    await userEvent.click(screen.getByRole('link', { name: 'Users' }));
    expect(await screen.findByRole('heading', { name: 'User Management' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/users');
  });

  it('asks before leaving with unsaved edits: Stay keeps the page, Leave goes on', async () => {
    const router = renderPages();
    await userEvent.click(screen.getByRole('button', { name: 'Edit an address' }));
    expect(beforeUnloadIsStopped()).toBe(true);

    await userEvent.click(screen.getByRole('link', { name: 'Users' }));
    const question = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    expect(question.textContent).toContain('You have deposit address changes that are not saved.');
    await userEvent.click(screen.getByRole('button', { name: 'Stay on this page' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(router.state.location.pathname).toBe('/admin/coins');

    // Back is asked about too.
    await act(() => router.navigate(-1));
    await screen.findByRole('dialog', { name: 'Leave without saving?' });
    expect(router.state.location.pathname).toBe('/admin/coins');
    await userEvent.click(screen.getByRole('button', { name: 'Leave without saving' }));
    expect(await screen.findByRole('heading', { name: 'User Management' })).toBeTruthy();
    expect(beforeUnloadIsStopped()).toBe(false);
  });

  it('stops asking once the edits are saved', async () => {
    const router = renderPages();
    await userEvent.click(screen.getByRole('button', { name: 'Edit an address' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(beforeUnloadIsStopped()).toBe(false);
    await userEvent.click(screen.getByRole('link', { name: 'Users' }));
    expect(await screen.findByRole('heading', { name: 'User Management' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/users');
  });
});
