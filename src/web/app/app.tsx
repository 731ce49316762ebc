import { createHashRouter, RouterProvider } from '#web/lib/router.js';
import { createQueryClient } from '#web/lib/query-client.js';
import { routerFlushSync } from '#web/lib/router-flush-sync.js';
import { AppProviders } from './providers';
import { createRoutes } from './router';

// One query client for the app and its router: route loaders start a page's requests in it (route-loaders.ts).
const queryClient = createQueryClient();
const router = createHashRouter(createRoutes(queryClient));

export function App() {
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} flushSync={routerFlushSync} />
    </AppProviders>
  );
}
