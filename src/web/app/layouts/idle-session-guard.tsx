import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from '#web/lib/router.js';
import { IDLE_MSG, STAFF_IDLE_MINUTES, STAFF_IDLE_WARNING_MINUTES } from '#shared/session-activity.js';
import { Button } from '#web/components/ui/button.js';
import { Dialog } from '#web/components/ui/dialog.js';
import { useLogout } from '#web/features/auth/api/logout.js';
import { listenToPersonActivity } from '#web/lib/api.js';
import { paths } from '#web/lib/paths.js';
import { clearLocalCaches, getSession, setSessionUser } from '#web/lib/session.js';
import {
  createBroadcastIdleChannel,
  createIdleTracker,
  type TIdleChannel,
  type TIdleState,
  type TIdleTracker,
} from '#web/features/admin/session/idle-tracker.js';

/** The BroadcastChannel the back-office tabs of this browser share their activity on. */
export const IDLE_CHANNEL_NAME = 'cedicrypto-staff-activity';

/** What the admin login shows after an idle sign-out (router state, not the URL). */
export type TAdminLoginState = { reason?: 'idle' };

type TIdleSessionGuardProps = {
  /** Tests give a channel pair and a clock; the browser uses a BroadcastChannel and Date.now. */
  createChannel?: () => TIdleChannel;
  now?: () => number;
};

/**
 * The back-office's idle sign-out (docs/decisions/020): a person's request in any tab counts as
 * activity; after STAFF_IDLE_MINUTES - STAFF_IDLE_WARNING_MINUTES without one a dialog warns, and
 * at STAFF_IDLE_MINUTES every tab signs out. "Stay signed in" makes a real request, which moves
 * the session's idle mark on the server as well.
 */
export function IdleSessionGuard({
  createChannel = () => createBroadcastIdleChannel(IDLE_CHANNEL_NAME),
  now = Date.now,
}: TIdleSessionGuardProps) {
  const [state, setState] = useState<TIdleState>({ phase: 'active' });
  const [isConfirming, setIsConfirming] = useState(false);
  const trackerRef = useRef<TIdleTracker | null>(null);
  const queryClient = useQueryClient();
  const logout = useLogout();
  const navigate = useNavigate();
  const leaveRef = useRef<(where: 'here' | 'elsewhere') => void>(() => undefined);
  leaveRef.current = (where) => {
    const toLogin = () =>
      void navigate(paths.admin.login.getHref(), { replace: true, state: { reason: 'idle' } satisfies TAdminLoginState });
    if (where === 'here') {
      // The server may have ended the session already; either way this browser forgets it.
      logout
        .mutateAsync()
        .catch(() => undefined)
        .finally(toLogin);
    } else {
      // Another tab signed out: the server session is gone, only this tab's copy remains.
      clearLocalCaches();
      setSessionUser(queryClient, null);
      toLogin();
    }
  };
  const createChannelRef = useRef(createChannel);
  const nowRef = useRef(now);

  useEffect(() => {
    const tracker = createIdleTracker({
      idleMs: STAFF_IDLE_MINUTES * 60_000,
      warnBeforeMs: STAFF_IDLE_WARNING_MINUTES * 60_000,
      now: nowRef.current,
      setTimer: (run, ms) => setTimeout(run, ms),
      clearTimer: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
      channel: createChannelRef.current(),
      onState: setState,
      onSignOut: (where) => leaveRef.current(where),
    });
    trackerRef.current = tracker;
    listenToPersonActivity(() => tracker.recordActivity());
    // Timers of a sleeping laptop's tab run late: look again when the tab is shown.
    const onVisible = () => {
      if (document.visibilityState === 'visible') tracker.check();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      listenToPersonActivity(undefined);
      tracker.stop();
      trackerRef.current = null;
    };
  }, []);

  if (state.phase !== 'warning') return null;
  const minutesLeft = Math.max(1, Math.ceil((state.signOutAt - now()) / 60_000));

  const staySignedIn = async () => {
    setIsConfirming(true);
    try {
      // A person's request: it moves the session's idle mark; the answer's user says it is alive.
      const user = await getSession();
      if (user) trackerRef.current?.recordActivity();
      else leaveRef.current('elsewhere');
    } catch {
      // Unreachable server: the clock goes on; the next request tells.
    } finally {
      setIsConfirming(false);
    }
  };
  const signOutNow = () => {
    trackerRef.current?.announceSignOut();
    leaveRef.current('here');
  };

  return (
    <Dialog
      isOpen
      onClose={() => void staySignedIn()}
      title={IDLE_MSG.warningTitle}
      description={IDLE_MSG.warning(minutesLeft)}
      size="sm"
      footer={
        <>
          <Button variant="outline" onClick={signOutNow} disabled={isConfirming}>
            {IDLE_MSG.signOut}
          </Button>
          <Button onClick={() => void staySignedIn()} isLoading={isConfirming}>
            {IDLE_MSG.staySignedIn}
          </Button>
        </>
      }
    >
      {null}
    </Dialog>
  );
}
