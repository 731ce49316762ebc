import { Component, lazy, Suspense, type ReactNode } from 'react';
import { isStaffRole } from '#shared/permissions.js';
import { FLOATING_BAND_REM } from '#web/features/chat/floating-band.js';
import { useSession } from '#web/lib/session.js';

// A separate chunk: people who are not signed in (the landing page) never download it.
const ChatWidget = lazy(() => import('./chat-widget').then((m) => ({ default: m.ChatWidget })));

/** If the widget's chunk cannot load (flaky mobile data), the page goes on without it. */
class WidgetBoundary extends Component<{ children: ReactNode }, { hasFailed: boolean }> {
  override state = { hasFailed: false };
  static getDerivedStateFromError() {
    return { hasFailed: true };
  }
  override componentDidCatch(error: unknown) {
    console.warn('chat widget failed to load', error);
  }
  override render() {
    return this.state.hasFailed ? null : this.props.children;
  }
}

/**
 * The live-support widget, for signed-in customers only (never staff, never anonymous), and room
 * after the page for it (issue 16 point 4).
 */
export function ChatWidgetLoader() {
  const { user } = useSession();
  if (!user || isStaffRole(user.role) || user.isBanned) return null;
  return (
    <>
      {/* The end of the page scrolls clear of the floating button (white, as the footer above it). */}
      <div aria-hidden="true" className="shrink-0 bg-white" style={{ height: `${FLOATING_BAND_REM}rem` }} />
      <WidgetBoundary>
        <Suspense fallback={null}>
          {/* Keyed by user: another sign-in on this tab gets a fresh widget and connection. */}
          <ChatWidget key={user.id} />
        </Suspense>
      </WidgetBoundary>
    </>
  );
}
