import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OrderFilters } from '#web/features/admin/orders/components/order-filters.js';
import { DEFAULT_ORDER_FILTER, type TAdminOrderFilter } from '#web/features/admin/orders/lib/order-filter.js';
import { UserSearchBox } from '#web/features/admin/users/components/user-search-box.js';

/** The router writes the URL a little later than it is asked to, as a hash navigation does. */
const URL_WRITE_DELAY_MS = 120;

function OrdersHarness() {
  const [filter, setFilter] = useState<TAdminOrderFilter>(DEFAULT_ORDER_FILTER);
  return (
    <OrderFilters
      filter={filter}
      onChange={(change) => setTimeout(() => setFilter((current) => ({ ...current, ...change })), URL_WRITE_DELAY_MS)}
      onClear={() => setFilter(DEFAULT_ORDER_FILTER)}
    />
  );
}

function UsersHarness() {
  const [q, setQ] = useState('');
  return <UserSearchBox value={q} onSearch={(next) => setTimeout(() => setQ(next), URL_WRITE_DELAY_MS)} />;
}

describe('admin search boxes never lose what is being typed', () => {
  // shouldAdvanceTime: Testing Library waits on a real-looking setTimeout(0) between events.
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());

  it.each([
    ['orders', OrdersHarness, 'Search orders'],
    ['users', UsersHarness, 'Search users'],
  ] as const)('%s: a pause mid-word writes the URL, and the keystrokes typed meanwhile stay', async (_name, Harness, label) => {
    const user = userEvent.setup({ delay: null });
    render(<Harness />);
    const box = screen.getByLabelText(label);
    await user.type(box, 'nobod');
    // A pause just long enough for the debounce: the URL write is on its way...
    act(() => {
      vi.advanceTimersByTime(300);
    });
    // ...and the person goes on typing before it lands.
    await user.type(box, 'y');
    act(() => {
      vi.advanceTimersByTime(URL_WRITE_DELAY_MS);
    });
    await user.type(box, '-e2e');
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    expect(box).toHaveProperty('value', 'nobody-e2e');
  });

  it('a change that did not come from the box (Clear Filters) shows in it', async () => {
    const user = userEvent.setup({ delay: null });
    render(<OrdersHarness />);
    const box = screen.getByLabelText('Search orders');
    await user.type(box, 'kofi');
    act(() => {
      vi.advanceTimersByTime(300 + URL_WRITE_DELAY_MS);
    });
    await user.click(screen.getByRole('button', { name: 'Clear Filters' }));
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    expect(box).toHaveProperty('value', '');
  });
});
