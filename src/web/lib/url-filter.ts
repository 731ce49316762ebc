import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigation, useSearchParams } from './router';
import type { z } from 'zod';

type TFilterValue = string | number;
export type TFilterShape = Record<string, TFilterValue>;
export type TSortDirection = 'asc' | 'desc';

/**
 * A list's filter kept in the URL (shareable, survives a reload), read with the same zod query
 * contract the server validates that list's request with (src/shared/contracts): each param is
 * judged on its own, so one unreadable value (an edited URL, a day that does not exist) falls
 * back to its default without dropping the others. Defaults are left out when written, so the
 * plain list has a clean URL.
 */
export type TUrlFilter<T extends TFilterShape> = {
  defaults: T;
  read: (params: URLSearchParams) => T;
  write: (filter: T) => URLSearchParams;
};

export function createUrlFilter<T extends TFilterShape>(
  /** The server's query schema's fields for these keys (`ZAdminOrderQuery.shape`). */
  fields: { [K in keyof T]: z.ZodType },
  defaults: T,
): TUrlFilter<T> {
  const keys = Object.keys(defaults) as (keyof T & string)[];
  return {
    defaults,
    read(params) {
      const filter = { ...defaults };
      for (const key of keys) {
        const raw = params.get(key);
        if (raw === null) continue;
        const parsed = fields[key].safeParse(raw);
        // '' for an empty optional field: the box shows nothing, as the default does.
        if (parsed.success && parsed.data !== undefined) filter[key] = parsed.data as T[typeof key];
      }
      return filter;
    },
    write(filter) {
      const params = new URLSearchParams();
      // A sort is written with its direction ('sort=id&dir=desc'), both or neither.
      const isSorted = 'sort' in filter && 'dir' in filter && (filter.sort !== defaults.sort || filter.dir !== defaults.dir);
      for (const key of keys) {
        const value = typeof filter[key] === 'string' ? filter[key].trim() : filter[key];
        const isSortKey = key === 'sort' || key === 'dir';
        if (isSortKey ? isSorted : value !== defaults[key] && value !== '') params.set(key, String(value));
      }
      return params;
    },
  };
}

/** First click on a column sorts ascending; clicking the same column again flips the direction. */
export function nextSort<T extends { sort: string; dir: TSortDirection }>(filter: T, column: T['sort']): Pick<T, 'sort' | 'dir'> {
  if (filter.sort !== column) return { sort: column, dir: 'asc' } as Pick<T, 'sort' | 'dir'>;
  return { sort: column, dir: filter.dir === 'asc' ? 'desc' : 'asc' } as Pick<T, 'sort' | 'dir'>;
}

/**
 * The page's filter from the URL and a setter that writes it back (replacing the history entry,
 * so Back leaves the list rather than stepping through its filters). The setter reads the newest
 * URL, never a filter captured by an older render (a debounced search calls it later).
 *
 * Once the router is on its way to another page (its code or data still loading, the list still
 * on screen), a write is dropped: it would replace that navigation and pull the person back to
 * the list (a search typed just before a menu link was chosen; url-filter-navigation.test.tsx).
 */
export function useUrlFilter<T extends TFilterShape>(urlFilter: TUrlFilter<T>) {
  const [searchParams, setSearchParams] = useSearchParams();
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const isLeaving = useRef(false);
  useEffect(() => {
    isLeaving.current = navigation.location !== undefined && navigation.location.pathname !== pathname;
  }, [navigation.location, pathname]);
  const filter = urlFilter.read(searchParams);
  const setFilter = useCallback(
    (update: (current: T) => T) => {
      if (isLeaving.current) return;
      setSearchParams((current) => urlFilter.write(update(urlFilter.read(current))), { replace: true });
    },
    [setSearchParams, urlFilter],
  );
  return [filter, setFilter] as const;
}
