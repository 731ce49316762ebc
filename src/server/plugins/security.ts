import { createHash } from 'node:crypto';
import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import { BOOT_SCRIPT } from '#shared/boot-script.js';
import { MSG } from '#shared/messages.js';
import type { TConfig } from '#server/config.js';
import { AppError } from '#server/lib/errors.js';
import { CLIENT_IP_HEADER } from '#server/modules/auth/better-auth.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Origins allowed to send state-changing requests and to open chat sockets: the app's own
 * (APP_URL), nothing else, whatever NODE_ENV says. `npm run dev` makes Vite's server the app
 * URL (scripts/dev.mjs), so only it trusts http://localhost:5173.
 */
export function allowedOrigins(config: TConfig): Set<string> {
  return new Set([config.appOrigin]);
}

/** The CSP source allowing exactly the boot script (src/shared/boot-script.ts). */
export const BOOT_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(BOOT_SCRIPT).digest('base64')}'`;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A WebSocket endpoint: its Origin must be one of ours (checked with CSRF, before access). */
    isWebSocket?: boolean;
  }
}

export async function registerSecurity(app: FastifyInstance, config: TConfig): Promise<void> {
  // helmet's headers, built once at start and applied to every response (the Fastify wrapper
  // rebuilt the whole middleware on each request: a third of the cost of a small API answer).
  const applyHelmet = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // One inline script, index.html's boot script, allowed by its hash; no other inline script.
        scriptSrc: ["'self'", BOOT_SCRIPT_SOURCE],
        // React style attributes (e.g. progress widths) need inline styles.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: config.appUrl.startsWith('https://') ? [] : null,
      },
    },
    strictTransportSecurity: config.appUrl.startsWith('https://'),
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  app.addHook('onRequest', (request, reply, done) => {
    applyHelmet(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });

  const origins = allowedOrigins(config);
  app.addHook('onRequest', async (request) => {
    // Overwrite whatever the client sent: request.ip already honours TRUST_PROXY.
    request.headers[CLIENT_IP_HEADER] = request.ip;

    // A WebSocket opens with a GET, and browsers let any site open one to us with our cookies:
    // it must name one of our origins, before anything else is looked at.
    if (request.routeOptions.config?.isWebSocket) {
      const origin = request.headers.origin;
      if (!origin || !origins.has(origin)) throw new AppError('CROSS_SITE', MSG.crossSite);
      return;
    }
    // CSRF: a browser always sends Origin on cross-site POSTs, and Sec-Fetch-Site where it can.
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin !== undefined) {
      if (!origins.has(origin)) throw new AppError('CROSS_SITE', MSG.crossSite);
      return;
    }
    if (request.headers['sec-fetch-site'] === 'cross-site') throw new AppError('CROSS_SITE', MSG.crossSite);
  });

  // Answers of the API may carry personal data (a profile, orders, documents): no browser or
  // proxy keeps a copy, on a shared computer's back button or disk (issue 26). A route that
  // serves public data sets its own (the market answer: no-cache with an ETag).
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}
