import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZStaffNotificationSettings, type TStaffNotificationSettings } from '#shared/contracts/staff-live.js';
import type { TDb } from '#server/db/client.js';
import { staffNotificationSettings } from '#server/db/schema/staff.js';
import { actorOf } from '#server/plugins/access.js';
import { unauthenticated } from '#server/lib/errors.js';
import type { RealtimeHub } from '#server/modules/realtime/hub.js';
import { eq } from 'drizzle-orm';

export type TLiveDeps = { db: TDb; realtime: RealtimeHub };

/** Any staff role: every back-office page has the live socket and its own notification settings. */
const access = { area: 'dashboard' } as const;

/**
 * The back office live (issue 27 point 6, docs/decisions/032): one socket per staff page on the
 * realtime channel of chat and orders (modules/realtime/hub.ts filters each event by role), and
 * each staff member's optional sound and desktop notification, off by default.
 */
export const liveRoutes: FastifyPluginAsyncZod<TLiveDeps> = async (app, { db, realtime }) => {
  // isWebSocket: the Origin is checked with the CSRF rule (plugins/security.ts), before access.
  app.get(
    '/api/admin/live/socket',
    { websocket: true, config: { access, isWebSocket: true }, schema: { tags: ['admin'], hide: true } },
    (socket, request) => {
      const user = request.actor;
      if (!user) {
        socket.close(1008, unauthenticated().message);
        return;
      }
      realtime.accept(socket, { id: user.id, side: 'admin', sessionToken: request.sessionToken, topic: 'live', role: user.role });
    },
  );

  app.get(
    '/api/admin/me/notifications',
    { config: { access }, schema: { tags: ['admin'], response: { 200: ZStaffNotificationSettings } } },
    async (request): Promise<TStaffNotificationSettings> => {
      const [row] = await db
        .select({ sound: staffNotificationSettings.sound, desktop: staffNotificationSettings.desktop })
        .from(staffNotificationSettings)
        .where(eq(staffNotificationSettings.userId, actorOf(request).id));
      return row ?? { sound: false, desktop: false };
    },
  );

  app.put(
    '/api/admin/me/notifications',
    { config: { access }, schema: { tags: ['admin'], body: ZStaffNotificationSettings, response: { 200: ZStaffNotificationSettings } } },
    async (request): Promise<TStaffNotificationSettings> => {
      const { sound, desktop } = request.body;
      const [row] = await db
        .insert(staffNotificationSettings)
        .values({ userId: actorOf(request).id, sound, desktop })
        .onConflictDoUpdate({ target: staffNotificationSettings.userId, set: { sound, desktop, updatedAt: new Date() } })
        .returning({ sound: staffNotificationSettings.sound, desktop: staffNotificationSettings.desktop });
      return row!;
    },
  );
};
