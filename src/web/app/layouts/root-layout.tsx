import { Outlet, ScrollRestoration, useMatch } from 'react-router';
import { paths } from '#web/lib/paths.js';
import { SessionGate } from '#web/app/session-gate.js';

export function RootLayout() {
  // The landing page shows at once, as it was prerendered (signed-in details fill in when the
  // session answers); every other page waits for the session first.
  const isLanding = useMatch(paths.home.path) !== null;
  return (
    <>
      <ScrollRestoration />
      <SessionGate isBypassed={isLanding}>
        <Outlet />
      </SessionGate>
    </>
  );
}
