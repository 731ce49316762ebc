import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '#shared/messages.js';
import { createTestApp, SUPER_ADMIN, type TTestApp } from '#test/helpers/test-app.js';
import { BODY_LIMITS, isNestedDeeperThan, MAX_JSON_DEPTH } from './body-limits.js';

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('isNestedDeeperThan', () => {
  it('counts objects and arrays, not brackets inside strings', () => {
    expect(isNestedDeeperThan(nested(3), 3)).toBe(false);
    expect(isNestedDeeperThan(nested(4), 3)).toBe(true);
    expect(isNestedDeeperThan('{"a":{"b":[{"c":1}]}}', 3)).toBe(true);
    expect(isNestedDeeperThan('{"a":{"b":[{"c":1}]}}', 4)).toBe(false);
    expect(isNestedDeeperThan(`{"a":"${'['.repeat(100)}"}`, 3)).toBe(false);
    // An escaped quote does not end the string: the brackets after it are still text.
    expect(isNestedDeeperThan(`{"a":"\\"${'{'.repeat(100)}"}`, 3)).toBe(false);
    expect(isNestedDeeperThan(`{"a":"\\\\"}${'['.repeat(5)}`, 3)).toBe(true);
  });

  it('stops at the first level too deep, however long the text', () => {
    expect(isNestedDeeperThan(nested(500_000), MAX_JSON_DEPTH)).toBe(true);
    expect(isNestedDeeperThan(`${nested(MAX_JSON_DEPTH)}${'x'.repeat(1_000_000)}`, MAX_JSON_DEPTH)).toBe(false);
  });
});

describe('hostile bodies', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const json = { 'content-type': 'application/json' };

  it('refuses an anonymous caller of a signed-in route before reading its body', async () => {
    // Broken JSON: had the body been parsed before the access rule, this would be a 400.
    const broken = await t.request({ method: 'POST', url: '/api/orders', headers: json, payload: '{"type":' });
    expect(broken.statusCode).toBe(401);
    expect(broken.json().error.code).toBe('UNAUTHENTICATED');
    const deep = await t.request({ method: 'PUT', url: '/api/admin/settings', headers: json, payload: nested(100_000) });
    expect(deep.statusCode).toBe(401);
  });

  it('refuses JSON nested deeper than the limit with a clear error, on any route', async () => {
    const body = `{"email":${nested(MAX_JSON_DEPTH)},"password":"x"}`;
    const response = await t.request({ method: 'POST', url: '/api/session/login', headers: json, payload: body });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: { code: 'BAD_REQUEST', message: MSG.nestedTooDeeply } });
    // One level less is parsed and answered by validation as usual.
    const shallow = await t.request({
      method: 'POST',
      url: '/api/session/login',
      headers: json,
      payload: `{"email":${nested(MAX_JSON_DEPTH - 1)}}`,
    });
    expect(shallow.statusCode).toBe(400);
    expect(shallow.json().error.code).toBe('VALIDATION');
  });

  it('keeps public bodies small and signed-in ones large enough for the longest field', async () => {
    const tooLarge = await t.request({
      method: 'POST',
      url: '/api/session/login',
      headers: json,
      payload: JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(BODY_LIMITS.public) }),
    });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({ error: { code: 'PAYLOAD_TOO_LARGE', message: MSG.tooLarge } });

    const admin = await t.loginCookie(SUPER_ADMIN.email, SUPER_ADMIN.password, 'admin');
    // The contact page intro at its 2 000-character maximum, every character escaped (12 KB).
    const intro = '\\u00e9'.repeat(2000);
    const payload = `{"headline":"Talk to us","introParagraph":"${intro}","supportEmail":"help@example.com","supportPhone":"+233 20 000 0000"}`;
    const saved = await t.request({ method: 'PUT', url: '/api/admin/contact', cookie: admin, headers: json, payload });
    expect(saved.statusCode).toBe(200);
    const over = await t.request({
      method: 'PUT',
      url: '/api/admin/contact',
      cookie: admin,
      headers: json,
      payload: `{"headline":"${'x'.repeat(BODY_LIMITS.signedIn)}"}`,
    });
    expect(over.statusCode).toBe(413);
  });
});
