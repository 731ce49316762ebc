import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '#test/helpers/test-app.js';

const HTML = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

/**
 * The app uses hash routes (/#/login); someone who types /login, or follows an old link without
 * the hash, is sent to the page they meant. Anything else that a browser asks for gets a small
 * HTML "Page not found"; the API and non-browser clients keep the JSON error shape.
 */
describe('paths typed without the #', () => {
  let t: TTestApp;
  let webDir = '';
  beforeAll(async () => {
    webDir = mkdtempSync(path.join(os.tmpdir(), 'exchange-web-'));
    writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>CediCrypto</title><div id="root"></div>');
    mkdirSync(path.join(webDir, 'assets'));
    writeFileSync(path.join(webDir, 'assets', 'app-123.js'), 'console.log(1)');
    t = await createTestApp({ SERVE_WEB: 'true' }, { webDir });
  });
  afterAll(async () => {
    await t?.close();
    if (webDir) rmSync(webDir, { recursive: true, force: true });
  });

  const get = (url: string, accept = HTML, method: 'GET' | 'HEAD' = 'GET') => t.app.inject({ method, url, headers: { accept } });

  it.each([
    ['/login', '/#/login'],
    ['/dashboard', '/#/dashboard'],
    ['/signup', '/#/signup'],
    ['/admin', '/#/admin'],
    ['/admin/login', '/#/admin/login'],
    ['/admin/users', '/#/admin/users'],
    ['/reset-password?token=AbC-_.123', '/#/reset-password?token=AbC-_.123'],
    ['/reset-password/AbC-123', '/#/reset-password/AbC-123'],
    ['/admin/set-password?token=xyz%2Bz', '/#/admin/set-password?token=xyz%2Bz'],
    ['/admin/login?email=a%40b.example&from=%2Fadmin%2Fusers', '/#/admin/login?email=a%40b.example&from=%2Fadmin%2Fusers'],
  ])('GET %s redirects to %s', async (url, location) => {
    for (const accept of [HTML, '*/*']) {
      const response = await get(url, accept);
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe(location);
    }
    const head = await get(url, HTML, 'HEAD');
    expect(head.statusCode).toBe(302);
    expect(head.headers.location).toBe(location);
  });

  it('keeps a query that could break the header percent-encoded', async () => {
    const response = await get('/login?next=%0D%0ASet-Cookie:%20x=1');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/#/login?next=%0D%0ASet-Cookie:%20x=1');
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('still serves the app at / and its files', async () => {
    const index = await get('/');
    expect(index.statusCode).toBe(200);
    expect(index.body).toContain('<div id="root">');
    const asset = await get('/assets/app-123.js', '*/*');
    expect(asset.statusCode).toBe(200);
  });

  it("sends a hashed file without the headers only a document reads, and keeps the ones a script's do (docs/decisions/064)", async () => {
    const index = await get('/');
    expect(index.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(index.headers['x-frame-options']).toBe('SAMEORIGIN');
    const asset = await get('/assets/app-123.js', '*/*');
    expect(asset.statusCode).toBe(200);
    for (const name of [
      'content-security-policy',
      'x-frame-options',
      'cross-origin-opener-policy',
      'origin-agent-cluster',
      'x-xss-protection',
    ])
      expect(asset.headers[name], name).toBeUndefined();
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(asset.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers an unknown page a browser asks for with our own small HTML page, under the app CSP', async () => {
    const home = await get('/');
    const response = await get('/nothing/here');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('<title>Page not found');
    expect(response.body).toContain('<h1>Page not found</h1>');
    expect(response.body).toContain('href="/"');
    expect(response.body).not.toMatch(/<script/i);
    expect(response.headers['content-security-policy']).toBe(home.headers['content-security-policy']);
    expect(response.headers['x-content-type-options']).toBe('nosniff');

    const head = await get('/nothing/here', HTML, 'HEAD');
    expect(head.statusCode).toBe(404);
    expect(head.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(head.body).toBe('');
  });

  it('answers the JSON error shape to the API, to clients that do not ask for HTML, and to other methods', async () => {
    const notFound = { error: { code: 'NOT_FOUND', message: 'Not found.' } };
    for (const [method, url, accept] of [
      ['GET', '/api/nothing', HTML],
      ['GET', '/api', HTML],
      ['GET', '/nothing', '*/*'],
      ['GET', '/nothing', 'application/json'],
      ['DELETE', '/nothing', HTML],
      ['GET', '/LOGIN', '*/*'],
    ] as const) {
      const response = await t.request({ method, url, headers: { accept } });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.json()).toEqual(notFound);
    }
    const api = await t.request({ method: 'GET', url: '/api/health', headers: { accept: HTML } });
    expect(api.statusCode).toBe(200);
  });

  it('keeps the web routes out of the OpenAPI document', async () => {
    const spec = (await t.request({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, unknown> };
    expect(Object.keys(spec.paths).filter((p) => !p.startsWith('/api/'))).toEqual([]);
  });
});

describe('without the web app (SERVE_WEB=false, the API server of npm run dev)', () => {
  it('answers every unknown path with the JSON error shape', async () => {
    const t = await createTestApp();
    try {
      const response = await t.app.inject({ method: 'GET', url: '/login', headers: { accept: HTML } });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('NOT_FOUND');
    } finally {
      await t.close();
    }
  });
});

describe('hashRouteOf', () => {
  it('keeps the path and query, and percent-encodes whatever is not printable ASCII', async () => {
    const { hashRouteOf } = await import('#server/plugins/web.js');
    expect(hashRouteOf('/login?x=1&y=%20')).toBe('/#/login?x=1&y=%20');
    expect(hashRouteOf('/login?x=a b\r\n\u00e9')).toBe('/#/login?x=a%20b%0D%0A%E9');
    expect(hashRouteOf('/login?x=\u20ac\ud800')).toBe('/#/login?x=%E2%82%AC%EF%BF%BD');
  });
});
