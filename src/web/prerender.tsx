import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from '#web/lib/router.js';
import { AppProviders } from './app/providers';
import { createRoutes } from './app/router';
import { createQueryClient } from './lib/query-client';

/**
 * The landing page as an anonymous first-time visitor sees it before any answer from the server
 * (prices loading), rendered at build time into index.html by scripts/prerender-landing.ts.
 */
export function renderLanding(): string {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: ['/'] });
  // Links as the app's hash router writes them ('#/login'): the server only serves '/'.
  const createPathHref = router.createHref.bind(router);
  router.createHref = (location) => `#${createPathHref(location)}`;
  return renderToString(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}
