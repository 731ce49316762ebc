import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TOrderRouteDeps } from './deps.js';
import { SharedReads } from './shared-reads.js';
import { customerOrderRoutes } from './customer-routes.js';
import { staffOrderRoutes } from './staff-routes.js';
import { orderSocketRoutes } from './order-sockets.js';

/**
 * The orders module's routes (customer-routes.ts, payment-routes.ts, staff-routes.ts,
 * order-sockets.ts), registered in one context so that the hook below sees every change.
 */
export const orderRoutes: FastifyPluginAsyncZod<TOrderRouteDeps> = async (app, deps) => {
  // The staff order lists, shared between staff until an order changes (shared-reads.ts).
  const staffReads = new SharedReads();
  const stopSharing = deps.realtime.onOrderChange(() => staffReads.invalidate());
  app.addHook('onClose', async () => stopSharing());
  // A change made here is seen by the next read at once, before the bus brings its notice back:
  // whoever approves sees the list without the order when the page reads it again.
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && !request.url.startsWith('/api/quotes')) staffReads.invalidate();
    return payload;
  });

  await customerOrderRoutes(app, deps);
  staffOrderRoutes(app, deps, staffReads);
  orderSocketRoutes(app, deps);
};
