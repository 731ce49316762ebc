import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from '#web/lib/router.js';
import { describe, expect, it, vi } from 'vitest';
import { canAccess, menuFor, type TStaffRole } from '#shared/permissions.js';
import { useAlertCount } from '#web/features/admin/compliance/api/compliance.js';
import { recordingJsonPeer } from '#test/helpers/local-api-peer.js';
import { WAIT } from '#test/helpers/timeouts.js';
import { AdminMenu } from './admin-menu';

/*
 * The counts on the admin menu: the Compliance item shows how many alerts need the desk (open
 * alerts and escalated holds not released, docs/decisions/017), read from the server as the
 * admin layout reads it, for the roles of the desk only. The server is a local HTTP peer.
 */

/** The menu of `role` with the compliance count, wired as admin-layout.tsx wires it. */
function MenuOf({ role }: { role: TStaffRole }) {
  const complianceAlerts = useAlertCount(canAccess(role, 'compliance'), useLocation().pathname).data?.count ?? 0;
  return <AdminMenu items={menuFor(role)} counts={{ unreadChats: 0, needsAction: 0, complianceAlerts }} />;
}

function renderMenu(role: TStaffRole) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter>
      <QueryClientProvider client={client}>
        <MenuOf role={role} />
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return Object.assign(screen.getByRole('navigation', { name: 'Admin' }), { client });
}

/** Every query of `client` has had its answer (or error) and fetches nothing more. */
function settled(client: QueryClient): boolean {
  const queries = client.getQueryCache().getAll();
  return queries.length > 0 && queries.every((query) => query.state.fetchStatus === 'idle' && query.state.status !== 'pending');
}

describe('the Compliance menu item', () => {
  const { seen, answers } = recordingJsonPeer({
    page: '/admin',
    expectedErrors: /^GET http:\/\/127\.0\.0\.1:\d+\/api\/admin\/compliance\/alerts\/count \d{3} /,
    fallback: () => ({ status: 200, body: { count: 0 } }),
  });

  it('shows how many alerts need review, named for screen readers', async () => {
    answers.push({ status: 200, body: { count: 3 } });
    const menu = renderMenu('compliance');
    expect(await within(menu).findByRole('link', { name: 'Compliance 3 need review' })).toBeTruthy();
    expect(seen.map((request) => request.path)).toEqual(['/api/admin/compliance/alerts/count']);
  });

  it('reads the count again on a move to another page (alerts are raised elsewhere)', async () => {
    const user = userEvent.setup();
    answers.push({ status: 200, body: { count: 1 } }, { status: 200, body: { count: 2 } });
    const menu = renderMenu('compliance');
    expect(await within(menu).findByRole('link', { name: 'Compliance 1 need review' })).toBeTruthy();
    await user.click(within(menu).getByRole('link', { name: 'Users' }));
    expect(await within(menu).findByRole('link', { name: 'Compliance 2 need review' })).toBeTruthy();
    expect(seen.map((request) => request.path)).toEqual(['/api/admin/compliance/alerts/count', '/api/admin/compliance/alerts/count']);
  });

  it.each([
    ['nothing needs review', { status: 200, body: { count: 0 } }],
    ['the count cannot be read', { status: 500, body: { error: { code: 'INTERNAL', message: 'Something went wrong.' } } }],
  ])('shows no count when %s', async (_case, answer) => {
    answers.push(answer);
    const menu = renderMenu('super_admin');
    await vi.waitFor(() => expect(settled(menu.client)).toBe(true), WAIT);
    expect(seen.length).toBe(1);
    expect(within(menu).getByRole('link', { name: 'Compliance' })).toBeTruthy();
  });

  it('asks nothing for a role without the desk, which has no Compliance item', async () => {
    const menu = renderMenu('support');
    expect(within(menu).getByRole('link', { name: 'Orders' })).toBeTruthy();
    expect(within(menu).queryByRole('link', { name: /^Compliance/ })).toBeNull();
    // Its query is disabled: rendered, it fetches nothing (an enabled one would be fetching now).
    expect(menu.client.isFetching()).toBe(0);
    expect(seen).toEqual([]);
  });
});
