import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '#test/helpers/test-app.js';
import { buildApp } from '#server/app.js';
import { loadConfig } from '#server/config.js';

const VITE_ORIGIN = 'http://localhost:5173';

/** The app as a command builds it: loadConfig over that command's environment, nothing else. */
async function appFrom(env: Record<string, string>): Promise<FastifyInstance> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'exchange-origins-'));
  dirs.push(dataDir);
  const config = loadConfig({ DATA_DIR: dataDir, SERVE_WEB: 'false', LOG_LEVEL: 'silent', ...env });
  const app = await buildApp(config, { database: await openTestDatabase(), logger: false });
  apps.push(app);
  await app.ready();
  return app;
}
const apps: FastifyInstance[] = [];
const dirs: string[] = [];
afterAll(async () => {
  for (const app of apps) {
    await app.close();
    await app.database.close();
  }
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const postFrom = (app: FastifyInstance, origin: string) =>
  app.inject({ method: 'POST', url: '/api/account/forgot-password', headers: { origin }, payload: { email: 'nobody@example.com' } });
const socketFrom = (app: FastifyInstance, origin: string) => app.inject({ method: 'GET', url: '/api/chat/socket', headers: { origin } });

describe('trusted origins', () => {
  it('npm start (NODE_ENV unset, so "development") trusts only its own origin, not the Vite dev server', async () => {
    // scripts/start.mjs adds nothing to the environment.
    const app = await appFrom({});
    expect(app.config.env).toBe('development');
    const vite = await postFrom(app, VITE_ORIGIN);
    expect(vite.statusCode).toBe(403);
    expect(vite.json().error.code).toBe('CROSS_SITE');
    const socket = await socketFrom(app, VITE_ORIGIN);
    expect(socket.statusCode).toBe(403);
    expect(socket.json().error.code).toBe('CROSS_SITE');

    const own = await postFrom(app, 'http://localhost:3000');
    expect(own.statusCode).toBe(200);
  });

  it('npm run dev trusts the Vite dev server, because it makes it the app URL', async () => {
    // What scripts/dev.mjs sets for the API server.
    const app = await appFrom({ PORT: '3001', APP_URL: VITE_ORIGIN });
    expect((await postFrom(app, VITE_ORIGIN)).statusCode).toBe(200);
    expect((await socketFrom(app, VITE_ORIGIN)).json().error?.code).not.toBe('CROSS_SITE');
    const api = await postFrom(app, 'http://localhost:3001');
    expect(api.statusCode).toBe(403);
  });
});
