import { useEffect, useRef } from 'react';
import { STAFF_LIVE_MSG, type TStaffNotificationSettings } from '#shared/contracts/staff-live.js';
import { useCases } from '#web/features/admin/compliance/api/compliance.js';
import { notifyStaff } from '#web/features/admin/notifications/lib/notify-staff.js';

/** Longest a browser timer may wait (about 24.8 days); a later deadline is looked at again then. */
const MAX_TIMER_MS = 2_147_483_647;

/**
 * The optional notification of an overdue case (docs/decisions/032), for the roles of the desk
 * who switched a notification on: the open cases are read (and kept live by the back-office
 * socket's 'compliance' events), and a timer waits for the next deadline on the server's clock.
 * No request at all for anyone who left notifications off.
 */
export function useOverdueCaseNotice(isDesk: boolean, settings: TStaffNotificationSettings | undefined): void {
  const isWanted = isDesk && Boolean(settings?.sound || settings?.desktop);
  const cases = useCases('open', isWanted);
  const told = useRef(new Set<number>());
  const settingsRef = useRef(settings);
  useEffect(() => {
    settingsRef.current = settings;
  });

  const data = cases.data;
  useEffect(() => {
    if (!isWanted || !data) return;
    // The server's clock: the answer says what time it was there.
    const skew = Date.parse(data.now) - Date.now();
    const open = data.cases.filter((item) => item.status === 'open' && !told.current.has(item.id));
    if (open.length === 0) return;
    const due = Math.min(...open.map((item) => Date.parse(item.dueAt)));
    const timer = setTimeout(
      () => {
        const now = Date.now() + skew;
        for (const item of open) {
          if (Date.parse(item.dueAt) > now) continue;
          told.current.add(item.id);
          notifyStaff(settingsRef.current, STAFF_LIVE_MSG.overdueCase, `case-${item.id}`);
        }
      },
      Math.min(MAX_TIMER_MS, Math.max(0, due - (Date.now() + skew))),
    );
    return () => clearTimeout(timer);
  }, [isWanted, data]);
}
