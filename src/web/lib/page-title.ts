import { useEffect, useSyncExternalStore } from 'react';
import type { Params } from './router';

/*
 * The tab title of every page, by one mechanism (issue 16 point 4): each route declares its title
 * in its `handle` (src/web/app/router.tsx), fixed ('Buy crypto') or from the path's parameters
 * ('Order #12'); a page whose title changes while it is open (the Live Chat page's unread count)
 * says so with usePageTitle, which wins while the page is mounted. The root layout is the only
 * writer of document.title ('Buy crypto · CediCrypto'); the back-office's "Needs action" count
 * (app/layouts/use-count-in-title.ts) then puts '(3) ' in front of whatever it wrote.
 */

export const APP_NAME = 'CediCrypto';

/** What a route may declare in its `handle`. */
export type TRouteHandle = { title?: string | ((params: Params) => string) };

/** 'Buy crypto' -> 'Buy crypto · CediCrypto'; no title -> 'CediCrypto'. */
export function formatPageTitle(title: string | null | undefined): string {
  return title ? `${title} · ${APP_NAME}` : APP_NAME;
}

/** The title declared by the deepest matched route that declares one (matches as useMatches or matchRoutes give them). */
export function routeTitle(matches: readonly { params: Params; handle?: unknown }[]): string | null {
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const match = matches[index];
    const title = (match?.handle as TRouteHandle | undefined)?.title;
    if (typeof title === 'string') return title;
    if (typeof title === 'function' && match) return title(match.params);
  }
  return null;
}

/** Titles set by mounted pages, latest last (the latest wins). */
let overrides: readonly { title: string }[] = [];
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function currentOverride(): string | null {
  return overrides.at(-1)?.title ?? null;
}

function setOverrides(next: readonly { title: string }[]) {
  overrides = next;
  for (const listener of listeners) listener();
}

/** A title of the page's own while it is mounted, instead of its route's (a title that changes with what the page shows). */
export function usePageTitle(title: string): void {
  useEffect(() => {
    const entry = { title };
    setOverrides([...overrides, entry]);
    return () => setOverrides(overrides.filter((other) => other !== entry));
  }, [title]);
}

/** Writes the tab title: a page's own (usePageTitle), else its route's. Used once, by the root layout. */
export function useDocumentTitle(fromRoute: string | null): void {
  const override = useSyncExternalStore(subscribe, currentOverride, () => null);
  const title = formatPageTitle(override ?? fromRoute);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
