import { Outlet, ScrollRestoration, useMatch, useMatches } from '#web/lib/router.js';
import { routeTitle, useDocumentTitle } from '#web/lib/page-title.js';
import { paths } from '#web/lib/paths.js';
import { useLiveKycStatus } from '#web/lib/session.js';
import { SessionGate } from '#web/app/session-gate.js';

export function RootLayout() {
  // The landing page shows at once, as it was prerendered (signed-in details fill in when the
  // session answers); every other page waits for the session first.
  const isLanding = useMatch(paths.home.path) !== null;
  // Every page's tab title, from its route's handle (router.tsx) or the page itself (usePageTitle).
  useDocumentTitle(routeTitle(useMatches()));
  // A KYC decision reaches an open tab within seconds.
  useLiveKycStatus();
  return (
    <>
      <ScrollRestoration />
      <SessionGate isBypassed={isLanding}>
        <Outlet />
      </SessionGate>
    </>
  );
}
