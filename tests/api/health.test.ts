import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOT_SCRIPT } from '#shared/boot-script.js';
import { createTestApp, type TTestApp } from '#test/helpers/test-app.js';

describe('system', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers health with the database checked', async () => {
    const response = await t.request({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('reports 503 in the error shape when the database is gone', async () => {
    const other = await createTestApp();
    await other.database.close();
    const response = await other.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json().error.code).toBe('UNAVAILABLE');
    await other.app.close();
  });

  it('sends security headers with a CSP', async () => {
    const response = await t.request({ method: 'GET', url: '/api/health' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    // Scripts from the app's own origin, and one inline script: the boot script, by its hash.
    const scriptSrc = String(response.headers['content-security-policy'])
      .split(';')
      .find((d) => d.trim().startsWith('script-src'));
    const bootHash = createHash('sha256').update(BOOT_SCRIPT).digest('base64');
    expect(scriptSrc?.trim()).toBe(`script-src 'self' 'sha256-${bootHash}'`);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('publishes OpenAPI at /api/docs', async () => {
    const ui = await t.request({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
    const spec = await t.request({ method: 'GET', url: '/api/docs/json' });
    expect(spec.statusCode).toBe(200);
    expect(Object.keys(spec.json().paths)).toContain('/api/account/signup');
  });

  it('answers unknown API routes with the error shape', async () => {
    const response = await t.request({ method: 'GET', url: '/api/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found.' } });
  });

  it('never leaks internals on a 500', async () => {
    const other = await createTestApp({}, {}, (app) => {
      app.get('/api/test-boom', { config: { access: 'public' } }, async () => {
        throw new Error('secret internal detail: password=hunter2');
      });
    });
    const response = await other.request({ method: 'GET', url: '/api/test-boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      error: { code: 'INTERNAL', message: 'An unexpected error occurred. Please try again.' },
    });
    expect(response.body).not.toContain('hunter2');
    expect(response.body).not.toContain('stack');
    await other.close();
  });

  // Found by the fuzz test: the router's own errors had Fastify's body, echoing the URL.
  it('answers a malformed or over-long URL with the error shape', async () => {
    const malformed = await t.request({ method: 'GET', url: '/api/admin/orders/%E0%A4%A' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ error: { code: 'BAD_REQUEST', message: 'The request is not valid.' } });
    const long = await t.request({ method: 'GET', url: `/api/admin/orders/${'9'.repeat(500)}` });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ error: { code: 'BAD_REQUEST', message: 'The request is not valid.' } });
    expect(long.body).not.toContain('999');
  });

  it('gives a bare error answer of a plugin the error shape', async () => {
    const other = await createTestApp({}, {}, (app) => {
      app.get('/api/test-bare', { config: { access: 'public' } }, async (_request, reply) => reply.code(404).send());
    });
    const response = await other.request({ method: 'GET', url: '/api/test-bare' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found.' } });
    await other.close();
  });

  it('refuses to register an /api route without an access rule', async () => {
    await expect(
      createTestApp({}, {}, (app) => {
        app.get('/api/forgotten', async () => ({}));
      }),
    ).rejects.toThrow(/declares no access rule/);
  });
});

describe('public content', () => {
  it('serves the seeded contact page content, with no support email until staff set one (docs/decisions/022)', async () => {
    const t = await createTestApp();
    const response = await t.request({ method: 'GET', url: '/api/content/contact' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ headline: 'Get in touch', supportEmail: '' });
    await t.close();
  });
});
