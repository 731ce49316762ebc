import type { TOrderRouteDeps, TOrdersApp } from './deps.js';

/** The order sockets: changes pushed to the customer's order page and to the staff queue. */
export function orderSocketRoutes(app: TOrdersApp, deps: TOrderRouteDeps): void {
  // --- realtime: order changes pushed to the order page and the staff queue (docs/decisions/014) ---
  const socketRoute = (url: string, access: 'customer' | { area: 'orders' }, side: 'user' | 'admin') =>
    // isWebSocket: the Origin is checked with the CSRF rule (plugins/security.ts), before access.
    app.get(
      url,
      { websocket: true, config: { access, isWebSocket: true }, schema: { tags: ['orders'], hide: true } },
      (socket, request) => {
        const user = request.actor;
        if (!user) {
          socket.close(1008, 'Not signed in');
          return;
        }
        deps.realtime.accept(socket, { id: user.id, side, sessionToken: request.sessionToken, topic: 'orders' });
      },
    );
  socketRoute('/api/orders/socket', 'customer', 'user');
  socketRoute('/api/admin/orders/socket', { area: 'orders' }, 'admin');
}
