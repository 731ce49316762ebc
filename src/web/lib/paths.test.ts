import { describe, expect, it } from 'vitest';
import { getSafeCustomerReturnPath, loginHrefReturningTo } from './paths';

/*
 * Where the customer login returns to (issue 16 point 4): the customer page a signed-out person
 * opened (the order emails link to /#/orders/12), and nothing else: never another site, never
 * the back-office or a guest page.
 */

describe('the return path of the customer login', () => {
  it('keeps a customer page of this app, with its query', () => {
    for (const path of ['/orders/12', '/buy', '/buy?coin=btc', '/sell?coin=eth', '/history', '/kyc', '/security', '/dashboard']) {
      expect(getSafeCustomerReturnPath(path)).toBe(path);
    }
  });

  it('refuses anything that leaves the app, and goes to the dashboard instead', () => {
    for (const from of [
      'https://evil.example/orders/12',
      '//evil.example/orders/12',
      '/\\evil.example/orders/12',
      '\\\\evil.example',
      'javascript:alert(1)',
      ' /orders/12',
      '/orders/12\n',
      'orders/12',
      '',
      null,
      undefined,
    ]) {
      expect(getSafeCustomerReturnPath(from), String(from)).toBe('/dashboard');
    }
  });

  it('refuses pages that are not a customer page, however they are written', () => {
    for (const from of ['/admin/users', '/login', '/signup', '/', '/orders/12/../../admin/users', '/orders/%2e%2e/admin', '/orders']) {
      expect(getSafeCustomerReturnPath(from), from).toBe('/dashboard');
    }
  });

  it('is carried to the login page in its query', () => {
    expect(loginHrefReturningTo('/orders/12')).toBe('/login?from=%2Forders%2F12');
    expect(loginHrefReturningTo('/buy?coin=btc')).toBe('/login?from=%2Fbuy%3Fcoin%3Dbtc');
  });
});
