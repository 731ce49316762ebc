import { Link, Outlet } from '#web/lib/router.js';
import { paths } from '#web/lib/paths.js';

/** Admin login and Access Denied: a plain page with the brand, outside the back-office shell. */
export function AdminAuthLayout() {
  return (
    <div className="flex min-h-dvh flex-col bg-slate-100">
      <header className="border-b border-slate-200 bg-white">
        <div className="container-page flex h-14 items-center">
          <Link to={paths.home.getHref()} className="font-bold text-brand-800 no-underline hover:no-underline">
            CediCrypto <span className="font-medium text-slate-500">Admin</span>
          </Link>
        </div>
      </header>
      <main id="main" className="flex-1">
        <Outlet />
      </main>
    </div>
  );
}
