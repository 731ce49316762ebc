import { flushSync } from 'react-dom';

/**
 * React DOM's flushSync for the router's `flushSync` prop: without it, navigate's
 * `{ flushSync: true }` is ignored (src/web/app/layouts/use-log-out-and-leave.ts needs it).
 */
export function routerFlushSync<R>(update: () => R): R {
  return flushSync(update);
}
