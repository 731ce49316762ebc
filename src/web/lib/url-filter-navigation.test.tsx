import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from './router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { WAIT } from '#test/helpers/timeouts.js';
import { z } from 'zod';
import { createUrlFilter, useUrlFilter } from './url-filter';
import { useDebouncedSearch } from './use-debounced-search';

/*
 * A list's search reaches the URL after a pause in typing. When the person leaves the page in that
 * pause, for a page whose code or data is still loading, the late write must not pull them back:
 * the back-office's lazy pages kept the list mounted while the next page loaded, and its
 * debounced search then replaced the navigation with the list's own URL (seen in
 * tests/e2e/back-office-tablet.spec.ts: Users, then Orders, ended on Users).
 */

const filterOfList = createUrlFilter({ q: z.string() }, { q: '' });
/** What the list's search committed (wrote to the URL, or tried to), in order: the tests wait on it. */
const commits: string[] = [];
beforeEach(() => {
  commits.length = 0;
});

function List() {
  const [filter, setFilter] = useUrlFilter(filterOfList);
  const { text, setText } = useDebouncedSearch(
    filter.q,
    (q) => {
      commits.push(q);
      setFilter((current) => ({ ...current, q }));
    },
    300,
  );
  return (
    <label>
      Search
      <input value={text} onChange={(event) => setText(event.target.value)} />
    </label>
  );
}

describe('a debounced list search and leaving the page', () => {
  it('never pulls the person back to the list once they are on their way to another page', async () => {
    let finishLoading: () => void = () => {};
    const loading = new Promise<null>((resolve) => {
      finishLoading = () => resolve(null);
    });
    const router = createMemoryRouter(
      [
        { path: '/list', element: <List /> },
        { path: '/other', loader: () => loading, element: <p>Other page</p> },
      ],
      { initialEntries: ['/list'] },
    );
    render(<RouterProvider router={router} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Search'), 'ama');
    // Leave before the search's pause has passed; the next page is still loading when it does.
    await act(async () => {
      void router.navigate('/other');
    });
    expect(router.state.navigation.state).toBe('loading');
    // The search's pause ends while the next page is still loading: its late write is tried.
    await act(() => vi.waitFor(() => expect(commits).toEqual(['ama']), WAIT));
    expect(router.state.navigation.state).toBe('loading');
    await act(async () => {
      finishLoading();
      await loading;
    });
    expect(await screen.findByText('Other page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/other');
  });

  it('still writes the search while the person stays on the list', async () => {
    const router = createMemoryRouter([{ path: '/list', element: <List /> }], { initialEntries: ['/list'] });
    render(<RouterProvider router={router} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Search'), 'ama');
    await act(() => vi.waitFor(() => expect(commits).toEqual(['ama']), WAIT));
    await vi.waitFor(() => expect(router.state.location.search).toBe('?q=ama'), WAIT);
  });
});
