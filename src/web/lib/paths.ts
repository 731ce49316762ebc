import { matchPath } from './router';
import { paths } from '#shared/app-paths.js';

/**
 * Every route path of the web app is declared once, in src/shared/app-paths.ts (the server
 * reads the same list). With hash routing these become '#/login', '#/admin/users', ...
 */
export { paths };

/** Only in-app admin paths are accepted as a place to return to after the admin login. */
export function getSafeAdminReturnPath(from: string | null | undefined): string {
  if (from && from.startsWith('/admin') && !from.startsWith('//') && !from.startsWith(paths.admin.login.path)) {
    return from;
  }
  return paths.admin.dashboard.getHref();
}

/** The pages a signed-out customer may be brought back to after the customer login. */
const CUSTOMER_RETURN_PATTERNS: readonly string[] = [
  paths.dashboard.path,
  paths.buy.path,
  paths.sell.path,
  paths.history.path,
  paths.order.path,
  paths.kyc.path,
  paths.security.path,
];

/** An address no path of ours can resolve to: what `from` is read against, so only a path of our own keeps it. */
const RETURN_BASE = 'https://cedicrypto.invalid';

/**
 * Where the customer login goes once signed in: `from` (the page a signed-out customer opened, as
 * RequireCustomer passes it: '/orders/12', '/buy?coin=btc') when it is one of the customer pages
 * of this app, else the dashboard. Read as a URL against an address of our own, so anything that
 * leaves the app ('//evil.example', 'https://…', '/\evil.example', 'javascript:…') or reaches
 * another page ('/admin/users', '/orders/1/../../admin') is refused: never an open redirect.
 */
export function getSafeCustomerReturnPath(from: string | null | undefined): string {
  const fallback = paths.dashboard.getHref();
  if (!from?.startsWith('/') || from.startsWith('//') || /[\\\s]/.test(from)) return fallback;
  let url: URL;
  try {
    url = new URL(from, RETURN_BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== RETURN_BASE) return fallback;
  const isCustomerPage = CUSTOMER_RETURN_PATTERNS.some((pattern) => matchPath(pattern, url.pathname) !== null);
  return isCustomerPage ? `${url.pathname}${url.search}` : fallback;
}

/** The customer login, coming back to `from` once signed in (getSafeCustomerReturnPath decides whether it may). */
export function loginHrefReturningTo(from: string): string {
  return `${paths.login.getHref()}?${new URLSearchParams({ from }).toString()}`;
}
