import { useState } from 'react';
import { STAFF_LIVE_MSG, type TStaffNotificationSettings } from '#shared/contracts/staff-live.js';
import { PageHeading } from '#web/components/page-heading.js';
import { Alert } from '#web/components/ui/alert.js';
import { QueryContent } from '#web/components/ui/query-content.js';
import { Switch } from '#web/components/ui/switch.js';
import { getErrorMessage } from '#web/lib/api.js';
import { useNotificationSettings, useSaveNotificationSettings } from '#web/features/admin/notifications/api/notification-settings.js';

/**
 * /admin/notifications: a staff member's own sound and desktop notification for a new paid order,
 * a new chat and an overdue case (docs/decisions/032), off until they switch it on, kept on the
 * server. The browser asks for its permission only when the desktop notification is switched on.
 */
export function NotificationsPage() {
  const query = useNotificationSettings();
  return (
    <div className="max-w-xl space-y-6">
      <PageHeading title="Notifications" description={STAFF_LIVE_MSG.description} />
      <section className="card">
        <QueryContent query={query} loadingText="Loading your notifications…">
          {(settings) => <NotificationSwitches settings={settings} />}
        </QueryContent>
      </section>
    </div>
  );
}

function NotificationSwitches({ settings }: { settings: TStaffNotificationSettings }) {
  const save = useSaveNotificationSettings();
  const [problem, setProblem] = useState<string | null>(null);
  const [isSaved, setIsSaved] = useState(false);

  const change = async (next: TStaffNotificationSettings) => {
    setProblem(null);
    setIsSaved(false);
    try {
      await save.mutateAsync(next);
      setIsSaved(true);
    } catch (error) {
      setProblem(getErrorMessage(error));
    }
  };

  const switchDesktop = async (isOn: boolean) => {
    if (isOn) {
      if (typeof Notification === 'undefined') {
        setProblem(STAFF_LIVE_MSG.unsupported);
        return;
      }
      // Asked only now, when the person switches it on.
      const permission = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
      if (permission !== 'granted') {
        setProblem(STAFF_LIVE_MSG.permissionDenied);
        return;
      }
    }
    await change({ ...settings, desktop: isOn });
  };

  return (
    <div className="space-y-4">
      <Switch
        label={STAFF_LIVE_MSG.soundLabel}
        checked={settings.sound}
        disabled={save.isPending}
        onCheckedChange={(isOn) => void change({ ...settings, sound: isOn })}
      />
      <Switch
        label={STAFF_LIVE_MSG.desktopLabel}
        checked={settings.desktop}
        disabled={save.isPending}
        onCheckedChange={(isOn) => void switchDesktop(isOn)}
      />
      {problem && <Alert variant="error">{problem}</Alert>}
      {isSaved && !problem && <Alert variant="success">{STAFF_LIVE_MSG.saved}</Alert>}
    </div>
  );
}
