import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { APP_PATHS, paths } from '#shared/app-paths.js';
import { MSG } from '#shared/messages.js';
import { html, toHtmlString } from '#server/lib/html.js';

/** Web routes are pages, not API: kept out of the OpenAPI document. */
const PAGE_ROUTE = { config: { access: 'public' as const }, schema: { hide: true } };

/**
 * The hash route of a path typed without the hash: /reset-password?token=x -> /#/reset-password?token=x.
 * The path and query are kept as received; anything outside printable ASCII is percent-encoded
 * byte by byte, so nothing a client sends can break the Location header. The result always
 * starts with '/#/': it never leaves the site.
 */
export function hashRouteOf(rawUrl: string): string {
  const hex = (byte: number) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  const safe = rawUrl.replace(/[^\x21-\x7e]/g, (c) => {
    const code = c.charCodeAt(0);
    // Node reads the request line as latin1 (one character per byte); anything wider as UTF-8.
    return code < 0x100 ? hex(code) : [...Buffer.from(c, 'utf8')].map(hex).join('');
  });
  return `/#${safe}`;
}

/**
 * Our own "Page not found" for a browser that asked for a page the app does not have. No script
 * (the app's CSP allows none inline), a style block (its CSP allows inline styles), a link home.
 */
export const NOT_FOUND_PAGE = toHtmlString(
  html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${MSG.pageNotFound} · CediCrypto</title>
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <style>
          body {
            margin: 0;
            font-family:
              system-ui,
              -apple-system,
              'Segoe UI',
              Roboto,
              sans-serif;
            color: #0f172a;
            background: #f8fafc;
          }
          main {
            max-width: 32rem;
            margin: 4rem auto;
            padding: 0 1rem;
            text-align: center;
          }
          h1 {
            font-size: 1.5rem;
          }
          p {
            color: #475569;
          }
          a {
            color: #047857;
            font-weight: 600;
          }
        </style>
      </head>
      <body>
        <main>
          <h1>${MSG.pageNotFound}</h1>
          <p>${MSG.pageNotFoundText}</p>
          <p><a href="${paths.home.getHref()}">${MSG.goHome}</a></p>
        </main>
      </body>
    </html> `,
);

/** A browser asking for a page (GET or HEAD, HTML accepted, outside /api): it gets NOT_FOUND_PAGE. */
export function wantsPage(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?')[0] ?? '';
  if (pathname === '/api' || pathname.startsWith('/api/')) return false;
  return (request.headers.accept ?? '').toLowerCase().includes('text/html');
}

export function sendNotFoundPage(reply: FastifyReply): FastifyReply {
  return reply.status(404).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(NOT_FOUND_PAGE);
}

/**
 * Headers a browser reads only on a document (a page, a frame), never on a script, a stylesheet or
 * an image: the CSP (a module script is not a worker here), framing, the opener and agent-cluster
 * isolation, and IE's. Kept on the hashed assets: nosniff (a script must be served as one),
 * Cross-Origin-Resource-Policy and Referrer-Policy (a module script's own requests follow it).
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'x-frame-options',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-xss-protection',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-dns-prefetch-control',
] as const;

/**
 * Serves the built SPA: hashed assets are immutable for a year, index.html is never cached so a
 * deploy is picked up at once. The app uses hash routes, so the page itself is only ever '/';
 * every app path typed without the hash (/login) is redirected to its hash route (/#/login).
 */
export async function registerWeb(app: FastifyInstance, webDir: string): Promise<boolean> {
  const indexFile = path.join(webDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn(`No built web app at ${webDir}; run "npm run build". Serving the API only.`);
    return false;
  }
  await app.register(fastifyStatic, {
    root: webDir,
    index: false,
    // The build writes .br and .gz copies (scripts/vite-precompress.ts): sent to browsers that accept them.
    preCompressed: true,
    wildcard: true,
    // Our own cache headers below; the plugin's default would override them.
    cacheControl: false,
    setHeaders(reply, filePath) {
      // The same URL is sent as br, gzip or plain: shared caches must keep them apart.
      reply.header('vary', 'accept-encoding');
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        reply.header('cache-control', 'public, max-age=31536000, immutable');
        // helmet's headers that only a document acts on (plugins/security.ts) go: a phone opening
        // an order from a link downloads six of these files at once, about 0.6 KB each (docs/decisions/064).
        for (const name of DOCUMENT_ONLY_HEADERS) reply.raw.removeHeader(name);
      } else {
        reply.header('cache-control', 'no-cache');
      }
    },
  });
  const sendIndex = (_request: unknown, reply: FastifyReply) => reply.sendFile('index.html');
  app.get('/', PAGE_ROUTE, sendIndex);
  app.get('/index.html', PAGE_ROUTE, sendIndex);
  for (const appPath of APP_PATHS) {
    if (appPath === paths.home.path) continue;
    app.get(appPath, PAGE_ROUTE, (request, reply) => reply.redirect(hashRouteOf(request.url), 302));
  }
  return true;
}
