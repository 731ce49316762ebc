import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import {
  SANCTIONS_LISTS_PATH,
  SANCTIONS_MSG,
  SANCTIONS_OPERATOR_ENTRIES_PATH,
  type TSanctionsEntry,
  type TSanctionsList,
} from '#shared/contracts/sanctions.js';
import { ToastProvider } from '#web/components/ui/toast.js';
import { MemoryRouter } from '#web/lib/router.js';
import { recordingJsonPeer } from '#test/helpers/local-api-peer.js';
import { SanctionsLists } from './sanctions-lists';

/*
 * The Sanctions view of the compliance desk (issue 34 point 2, docs/decisions/075): the lists in
 * force and superseded, and the operator's entries added (with how many matches raised alerts)
 * and removed after a confirmation. The server is a local HTTP peer.
 */

const LISTS: TSanctionsList[] = [
  {
    id: 2,
    kind: 'published',
    name: 'OFAC SDN list',
    source: 'OFAC sdn_advanced.xml via 0xB10C',
    listDate: '2026-11-20',
    sha256: 'ab'.repeat(32),
    loadedAt: '2026-11-28T09:00:00.000Z',
    supersededAt: null,
    entries: 7480,
  },
  {
    id: 1,
    kind: 'published',
    name: 'OFAC SDN list',
    source: 'shipped copy',
    listDate: '2024-09-27',
    sha256: 'cd'.repeat(32),
    loadedAt: '2026-11-01T09:00:00.000Z',
    supersededAt: '2026-11-28T09:00:00.000Z',
    entries: 0,
  },
];
const ENTRY: TSanctionsEntry = {
  id: 3,
  kind: 'address',
  value: '0x8589427373d6d84e98730d7795d8f6f8731fda16',
  ref: 'BoG notice 2026/7',
  addedBy: 'officer-1',
  createdAt: '2026-11-28T10:00:00.000Z',
};

let client: QueryClient;
function renderWithClient(children: ReactNode) {
  client = new QueryClient({ defaultOptions: { mutations: { retry: false }, queries: { retry: false } } });
  return render(
    <MemoryRouter>
      <QueryClientProvider client={client}>
        <ToastProvider>{children}</ToastProvider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}
const settled = () => waitFor(() => expect(client.isFetching()).toBe(0));

describe('the Sanctions view of the compliance desk', () => {
  const { seen, answers } = recordingJsonPeer({
    page: '/admin',
    expectedErrors: /^(Error: socket hang up|(GET|POST|DELETE) http:\/\/127\.0\.0\.1:\d+\/api\/admin\/compliance\/\S+ \d{3} )/,
    fallback: (request) => {
      const url = request.url ?? '';
      if (url === SANCTIONS_LISTS_PATH) return { status: 200, body: { lists: LISTS } };
      if (url === SANCTIONS_OPERATOR_ENTRIES_PATH && request.method === 'GET') return { status: 200, body: { entries: [ENTRY] } };
      return { status: 404, body: { error: { code: 'NOT_FOUND', message: SANCTIONS_MSG.entryNotFound } } };
    },
  });

  it('lists the lists with their dates, in force or superseded, and the operator entries', async () => {
    renderWithClient(<SanctionsLists />);
    const lists = await screen.findByRole('table', { name: 'Sanctions lists' });
    await within(lists).findByText('2026-11-20');
    const rows = within(lists).getAllByRole('row');
    expect(rows[1]!.textContent).toContain('2026-11-20');
    expect(rows[1]!.textContent).toContain('In force');
    expect(rows[2]!.textContent).toContain('2024-09-27');
    expect(rows[2]!.textContent).toContain('Superseded');
    const entries = screen.getByRole('table', { name: 'Operator list entries' });
    expect(await within(entries).findByText(ENTRY.value)).toBeTruthy();
    expect(within(entries).getByText('BoG notice 2026/7')).toBeTruthy();
    await settled();
  });

  it('adds an entry (refusing an empty one before asking the server) and says how many matches raised an alert', async () => {
    const user = userEvent.setup();
    renderWithClient(<SanctionsLists />);
    await screen.findByRole('table', { name: 'Operator list entries' });
    await settled();
    const before = seen.length;
    await user.click(screen.getByRole('button', { name: 'Add to the operator list' }));
    expect(await screen.findByText(SANCTIONS_MSG.valueRequired)).toBeTruthy();
    expect(seen.length).toBe(before);

    await user.selectOptions(screen.getByLabelText('Kind'), 'name');
    await user.type(screen.getByLabelText('Address or name'), 'Kofi Wanted');
    answers.push({ status: 200, body: { entry: { ...ENTRY, id: 4, kind: 'name', value: 'Kofi Wanted', ref: null }, hits: 2 } });
    await user.click(screen.getByRole('button', { name: 'Add to the operator list' }));
    expect(await screen.findByText('Entry added. 2 matches raised an alert on the desk.')).toBeTruthy();
    expect(seen.find((request) => request.path === SANCTIONS_OPERATOR_ENTRIES_PATH && request.body)?.body).toEqual({
      kind: 'name',
      value: 'Kofi Wanted',
    });
    expect((screen.getByLabelText('Address or name') as HTMLInputElement).value).toBe('');
    await settled();
  });

  it('removes an entry after a confirmation named with it', async () => {
    const user = userEvent.setup();
    renderWithClient(<SanctionsLists />);
    const entries = await screen.findByRole('table', { name: 'Operator list entries' });
    await user.click(await within(entries).findByRole('button', { name: `Remove ${ENTRY.value} from the operator list` }));
    const dialog = screen.getByRole('dialog', { name: `Remove ${ENTRY.value}?` });
    answers.push({ status: 200, body: { ok: true } });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Entry removed from the operator list.')).toBeTruthy();
    expect(seen.some((request) => request.path === `${SANCTIONS_OPERATOR_ENTRIES_PATH}/3`)).toBe(true);
    await settled();
  });
});
