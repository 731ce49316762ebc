import { isRouteErrorResponse, useRouteError } from '#web/lib/router.js';
import { MSG } from '#shared/messages.js';
import { Button } from '#web/components/ui/button.js';

/** Shown when a page fails to render or its code cannot be downloaded (e.g. after a deploy). */
export function RouteError() {
  const error = useRouteError();
  const title = isRouteErrorResponse(error) && error.status === 404 ? 'Page not found' : 'Something went wrong';

  return (
    <div className="flex min-h-dvh items-center justify-center px-4">
      <div className="card max-w-md text-center">
        <h1 className="text-xl font-bold">{title}</h1>
        <p className="mt-2 text-slate-600">{MSG.unexpected}</p>
        <Button className="mt-6" onClick={() => window.location.reload()}>
          Reload the page
        </Button>
      </div>
    </div>
  );
}
