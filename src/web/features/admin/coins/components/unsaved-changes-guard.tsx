import { useEffect } from 'react';
import { useBlocker } from '#web/lib/router.js';
import { ADMIN_MSG } from '#shared/contracts/admin.js';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.js';

/**
 * While `when` holds (a Currencies row has unsaved deposit-address edits), leaving asks first:
 * a move to another page of the app (a menu link, Back, a typed hash) opens 'Leave without
 * saving?' (the router's blocker, src/web/lib/router.tsx: Stay keeps the page and its edits, Leave goes on), and a
 * reload, a closed tab or another site get the browser's own question (beforeunload).
 */
export function UnsavedChangesGuard({ when, message = ADMIN_MSG.unsavedDepositAddresses }: { when: boolean; message?: string }) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when a return value is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);

  // Saved (or undone) while the question was open: nothing is lost any more.
  useEffect(() => {
    if (blocker.state === 'blocked' && !when) blocker.proceed();
  }, [blocker, when]);

  if (blocker.state !== 'blocked') return null;
  return (
    <ConfirmDialog
      title={ADMIN_MSG.unsavedTitle}
      description={message}
      cancelLabel={ADMIN_MSG.unsavedStay}
      confirmLabel={ADMIN_MSG.unsavedLeave}
      variant="danger"
      isPending={false}
      error={null}
      onConfirm={() => blocker.proceed()}
      onClose={() => blocker.reset()}
    />
  );
}
