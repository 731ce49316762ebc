import { useEffect, useState, type ReactNode } from 'react';
import { Splash } from '#web/components/ui/splash.js';
import { useSession } from '#web/lib/session.js';

/** docs/product.md §9: wait at most 3 s for the session; then go on as anonymous (or cached). */
const MAX_RESTORE_WAIT_MS = 3_000;

/** docs/product.md §9: the splash while the session is restored; isBypassed for pages that need no wait. */
export function SessionGate({ children, isBypassed = false }: { children: ReactNode; isBypassed?: boolean }) {
  const { isRestoring } = useSession();
  const [hasWaitedEnough, setHasWaitedEnough] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => setHasWaitedEnough(true), MAX_RESTORE_WAIT_MS);
    return () => clearTimeout(timer);
  }, []);

  if (isRestoring && !hasWaitedEnough && !isBypassed) return <Splash message="Restoring your session…" />;
  return children;
}
