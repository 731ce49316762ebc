import { describe, expect, it } from 'vitest';
import { DEFAULT_ORDER_FILTER, orderUrlFilter } from '#web/features/admin/orders/lib/order-filter.js';
import { DEFAULT_USER_FILTER, userUrlFilter } from '#web/features/admin/users/user-filters.js';
import { nextSort } from './url-filter';

const params = (query: string) => new URLSearchParams(query);

describe('list filters in the URL, read with the server query contracts', () => {
  it('reads every value the server would take', () => {
    expect(orderUrlFilter.read(params('q=%20kofi%20&status=pending&from=2024-01-01&to=2024-01-31&sort=amountFiat&dir=asc&page=3'))).toEqual(
      {
        q: 'kofi',
        status: 'pending',
        from: '2024-01-01',
        to: '2024-01-31',
        sort: 'amountFiat',
        dir: 'asc',
        page: 3,
      },
    );
  });

  it('falls back to the default of each value the server would refuse, keeping the others', () => {
    const read = orderUrlFilter.read(params('q=kofi&status=lost&from=2024-02-30&to=yesterday&sort=password&dir=up&page=0'));
    expect(read).toEqual({ ...DEFAULT_ORDER_FILTER, q: 'kofi' });
    for (const page of ['-2', '1.5', 'abc', '9999999999']) expect(orderUrlFilter.read(params(`page=${page}`)).page).toBe(1);
    expect(userUrlFilter.read(params('kyc=verified&account=everyone'))).toEqual({ ...DEFAULT_USER_FILTER, kyc: 'verified' });
    // A search longer than the server takes is not half-applied.
    expect(orderUrlFilter.read(params(`q=${'x'.repeat(201)}&status=completed`))).toEqual({ ...DEFAULT_ORDER_FILTER, status: 'completed' });
  });

  it('writes only what differs from the default, so the plain list has a clean URL, and reads back what it wrote', () => {
    expect(orderUrlFilter.write(DEFAULT_ORDER_FILTER).toString()).toBe('');
    expect(orderUrlFilter.write({ ...DEFAULT_ORDER_FILTER, q: '  ', page: 1 }).toString()).toBe('');
    const filter = {
      ...DEFAULT_ORDER_FILTER,
      q: 'nobody-e2e',
      status: 'pending',
      from: '2024-01-01',
      sort: 'id',
      dir: 'asc',
      page: 2,
    } as const;
    const written = orderUrlFilter.write(filter);
    expect(written.toString()).toBe('q=nobody-e2e&status=pending&from=2024-01-01&sort=id&dir=asc&page=2');
    expect(orderUrlFilter.read(written)).toEqual(filter);
    // A sort is written with its direction, even the default one.
    expect(orderUrlFilter.write({ ...DEFAULT_ORDER_FILTER, sort: 'id' }).toString()).toBe('sort=id&dir=desc');
  });

  it('sorts a new column ascending first, and flips the sorted one', () => {
    expect(nextSort(DEFAULT_ORDER_FILTER, 'id')).toEqual({ sort: 'id', dir: 'asc' });
    expect(nextSort({ ...DEFAULT_ORDER_FILTER, sort: 'id', dir: 'asc' }, 'id')).toEqual({ sort: 'id', dir: 'desc' });
    expect(nextSort(DEFAULT_ORDER_FILTER, 'createdAt')).toEqual({ sort: 'createdAt', dir: 'asc' });
  });
});
