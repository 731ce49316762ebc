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
