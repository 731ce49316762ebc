import { Outlet } from '#web/lib/router.js';
import { ChatWidgetLoader } from '#web/features/chat/components/chat-widget-loader.js';
import { useSession } from '#web/lib/session.js';
import { PasswordChangeBanner } from './password-change-banner';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { SkipLink } from './skip-link';

/**
 * Public and customer pages: header, content, footer (and live support for signed-in customers).
 * The content is at least one screen tall, so the footer starts below the first screen: while a
 * page waits for its data (a short loading state) the footer is not on screen to be pushed away
 * when the data arrives. Pushing it was the order page's layout shift under Lighthouse (CLS 0.278,
 * bench/README.md).
 */
export function PublicLayout() {
  const { user } = useSession();
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <SiteHeader />
      <main id="main" tabIndex={-1} className="min-h-dvh flex-1 focus:outline-none">
        {user?.passwordChangeRequested && (
          <div className="container-page pt-4">
            <PasswordChangeBanner user={user} />
          </div>
        )}
        <Outlet />
      </main>
      <SiteFooter />
      <ChatWidgetLoader />
    </div>
  );
}
