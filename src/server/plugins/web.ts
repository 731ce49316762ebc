import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built SPA: hashed assets are immutable for a year, index.html is never cached so a
 * deploy is picked up at once. Hash routing means the server only ever serves '/'.
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
    setHeaders(res, filePath) {
      // The same URL is sent as br, gzip or plain: shared caches must keep them apart.
      res.setHeader('vary', 'accept-encoding');
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.setHeader('cache-control', 'public, max-age=31536000, immutable');
      } else {
        res.setHeader('cache-control', 'no-cache');
      }
    },
  });
  const sendIndex = (_request: unknown, reply: import('fastify').FastifyReply) => reply.sendFile('index.html');
  app.get('/', { config: { access: 'public' } }, sendIndex);
  app.get('/index.html', { config: { access: 'public' } }, sendIndex);
  return true;
}
