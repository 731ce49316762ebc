import { Link } from 'react-router';
import { paths } from '../../../lib/paths';

export function NotFoundPage() {
  return (
    <div className="container-page py-16 text-center">
      <h1 className="text-2xl font-bold">Page not found</h1>
      <p className="mt-2 text-slate-600">The page you are looking for does not exist or has moved.</p>
      <p className="mt-6">
        <Link to={paths.home.getHref()}>Go to the home page</Link>
      </p>
    </div>
  );
}
