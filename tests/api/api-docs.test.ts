import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '#test/helpers/test-app.js';

const PRODUCTION = { NODE_ENV: 'production', AUTH_SECRET: 'production-secret-production-secret-0123' };
const DOCS_URLS = [
  '/api/docs',
  '/api/docs/',
  '/api/docs/json',
  '/api/docs/yaml',
  '/api/docs/static/swagger-initializer.js',
  '/api/docs/static/swagger-ui-bundle.js',
];

describe('the API reference (/api/docs)', () => {
  let webDir = '';
  beforeAll(() => {
    webDir = mkdtempSync(path.join(os.tmpdir(), 'exchange-web-'));
    writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>CediCrypto</title>');
  });
  afterAll(() => {
    if (webDir) rmSync(webDir, { recursive: true, force: true });
  });

  it('is off in production unless API_DOCS=true', async () => {
    const t = await createTestApp(PRODUCTION);
    try {
      for (const url of DOCS_URLS) {
        const response = await t.request({ method: 'GET', url });
        expect(response.statusCode, url).toBe(404);
        expect(response.json(), url).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found.' } });
      }
    } finally {
      await t.close();
    }
  });

  describe.each([
    ['production with API_DOCS=true', { ...PRODUCTION, API_DOCS: 'true' }],
    ['development (the default)', { NODE_ENV: 'development', AUTH_SECRET: PRODUCTION.AUTH_SECRET }],
  ])('%s', (_name, env) => {
    let t: TTestApp;
    beforeAll(async () => {
      t = await createTestApp({ ...env, SERVE_WEB: 'true' }, { webDir });
    });
    afterAll(() => t?.close());

    it('serves the docs under exactly the CSP and headers of the app', async () => {
      const app = await t.request({ method: 'GET', url: '/' });
      expect(app.statusCode).toBe(200);
      const csp = app.headers['content-security-policy'];
      expect(csp).toContain("frame-ancestors 'none'");
      for (const url of DOCS_URLS.filter((u) => u !== '/api/docs/yaml')) {
        const response = await t.request({ method: 'GET', url });
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['content-security-policy'], url).toBe(csp);
        expect(response.headers['x-frame-options'], url).toBe(app.headers['x-frame-options']);
      }
      const page = await t.request({ method: 'GET', url: '/api/docs' });
      expect(page.headers['content-type']).toContain('text/html');
      // Nothing inline that the app's CSP would refuse.
      expect(page.body).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/i);
      expect(page.body).not.toMatch(/\son[a-z]+=/i);
    });
  });

  it('is on by default outside production (tests, development)', async () => {
    const t = await createTestApp();
    try {
      expect((await t.request({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
      const off = await createTestApp({ API_DOCS: 'false' });
      try {
        expect((await off.request({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(404);
      } finally {
        await off.close();
      }
    } finally {
      await t.close();
    }
  });
});
