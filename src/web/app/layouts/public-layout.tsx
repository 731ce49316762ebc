import { Outlet } from 'react-router';
import { ChatWidgetLoader } from '#web/features/chat/components/chat-widget-loader.js';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { SkipLink } from './skip-link';

/** Public and customer pages: header, content, footer (and live support for signed-in customers). */
export function PublicLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <SiteHeader />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <SiteFooter />
      <ChatWidgetLoader />
    </div>
  );
}
