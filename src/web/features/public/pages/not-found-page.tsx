import { Link } from '#web/lib/router.js';
import { MSG } from '#shared/messages.js';
import { paths } from '#web/lib/paths.js';

export function NotFoundPage() {
  return (
    <div className="container-page py-16 text-center">
      <h1 className="text-2xl font-bold">{MSG.pageNotFound}</h1>
      <p className="mt-2 text-slate-600">{MSG.pageNotFoundText}</p>
      <p className="mt-6">
        <Link to={paths.home.getHref()}>{MSG.goHome}</Link>
      </p>
    </div>
  );
}
