import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SUPER_ADMIN, type TTestApp } from '#test/helpers/test-app.js';
import { findUnstorableText } from './input.js';

describe('text the database cannot store', () => {
  let t: TTestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.loginCookie(SUPER_ADMIN.email, SUPER_ADMIN.password, 'admin');
  });
  afterAll(() => t.close());

  it('finds a NUL or a lone surrogate in any string or key, at any depth', () => {
    expect(findUnstorableText({ a: 'ok', b: [{ c: 'x\u0000y' }] })).toBe('b.0.c');
    expect(findUnstorableText({ ['k\u0000']: 1 })).toBe('k\u0000');
    expect(findUnstorableText('\u0000')).toBe('_');
    expect(findUnstorableText({ a: 'fine', n: 1, z: null })).toBeNull();
    let deep: unknown = 'end\u0000';
    for (let i = 0; i < 20_000; i += 1) deep = [deep];
    expect(findUnstorableText(deep)).toMatch(/^0(\.0)*$/);
    expect(findUnstorableText({ a: 'x\ud800' })).toBe('a');
    expect(findUnstorableText({ a: '\udfffx' })).toBe('a');
    expect(findUnstorableText({ a: '😀 ok' })).toBeNull();
  });

  it('refuses a lone surrogate in a JSON body (jsonb refuses it) instead of a 500', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/admin/payment-methods',
      cookie: admin,
      headers: { 'content-type': 'application/json' },
      payload: '{"name":"Bank","details":{"type":"bank","name":"CediCrypto","bankName":"GCB","accountNumber":"\\ud800"}}',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toHaveProperty(['details.accountNumber']);
  });

  // Found by the fuzz test: PostgreSQL cannot store U+0000 in text or jsonb, so these were 500s.
  it('refuses a NUL in a JSON body with a field error instead of a 500', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/admin/payment-methods',
      cookie: admin,
      payload: { name: 'Bank', details: { type: 'bank', name: 'CediCrypto', bankName: 'a\u0000b', accountNumber: '123456' } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'VALIDATION', fields: { 'details.bankName': expect.any(String) } });
  });

  // Issue 26 point 16: the server answered zod's own "Too big: expected string to have <=200 characters".
  it("answers a broken length rule in the product words, not zod's (docs/decisions/026)", async () => {
    const response = await t.request({ method: 'GET', url: `/api/admin/users?q=${'a'.repeat(201)}`, cookie: admin });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'VALIDATION', fields: { q: 'Keep it to 200 characters or fewer.' } });
  });

  it('refuses a NUL in a query string and in a path parameter', async () => {
    const query = await t.request({ method: 'GET', url: '/api/admin/users?q=%00', cookie: admin });
    expect(query.statusCode).toBe(400);
    expect(query.json().error.fields).toHaveProperty('q');
    const path = await t.request({ method: 'GET', url: '/api/admin/users/%00', cookie: admin });
    expect(path.statusCode).toBe(400);
    expect(path.json().error.fields).toHaveProperty('id');
    const username = await t.request({ method: 'GET', url: '/api/account/username-available?username=a%00b' });
    expect(username.statusCode).toBe(400);
  });

  it('answers a caller without access 401 before looking at the input', async () => {
    const response = await t.request({ method: 'GET', url: '/api/admin/users?q=%00' });
    expect(response.statusCode).toBe(401);
  });
});
