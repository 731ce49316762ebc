import { Outlet, ScrollRestoration, useMatch } from 'react-router';
import { paths } from '../../lib/paths';
import { SessionGate } from '../session-gate';

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
