import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SUPER_ADMIN, type TTestApp } from '#test/helpers/test-app.js';

/**
 * Who may call every /api route, written out from docs/product.md §6 (and the decisions), not
 * derived from the code under test. A route the server registers that is missing here fails.
 *   'public'   anyone, signed in or not
 *   'user'     any signed-in person
 *   'customer' signed-in customers only
 *   [roles]    those staff roles only
 */
type TExpected = 'public' | 'user' | 'customer' | readonly ('super_admin' | 'manager' | 'support' | 'compliance')[];

const EXPECTED: Record<string, TExpected> = {
  'GET /api/health': 'public',
  'GET /api/session': 'public',
  'POST /api/session/login': 'public',
  'POST /api/session/logout': 'public',
  'POST /api/session/two-factor': 'public',
  // Issue 18: phone verification by SMS code and order SMS, customers only.
  'GET /api/account/phone': 'customer',
  'POST /api/account/phone/code': 'customer',
  'POST /api/account/phone/verify': 'customer',
  'PUT /api/account/phone/sms-order-updates': 'customer',
  'GET /api/account/two-factor': 'user',
  'POST /api/account/two-factor/enable': 'user',
  'POST /api/account/two-factor/confirm': 'user',
  'POST /api/account/two-factor/disable': 'user',
  // Issue 26: change password, for everyone signed in.
  'POST /api/account/password': 'user',
  'GET /api/account/username-available': 'public',
  'POST /api/account/signup': 'public',
  // Issue 26 points 5 and 7 (docs/decisions/024): the sign-up's proof-of-work challenge, the emailed link's confirmation, and Resend.
  'GET /api/account/signup-challenge': 'public',
  'POST /api/account/verify-email': 'public',
  'POST /api/account/verification-email': 'customer',
  'POST /api/account/forgot-password': 'public',
  'POST /api/account/reset-password': 'public',
  'POST /api/account/reset-password/check': 'public',
  'POST /api/account/set-password': 'public',
  'POST /api/account/invitation/check': 'public',
  'GET /api/market': 'public',
  'GET /api/content/contact': 'public',
  'POST /api/contact': 'public',
  'GET /api/coins': 'public',
  'GET /api/payment-methods': 'user',
  'GET /api/orders/limit': 'customer',
  'POST /api/quotes': 'customer',
  'POST /api/orders': 'customer',
  'GET /api/orders': 'customer',
  'GET /api/orders/:id': 'customer',
  'POST /api/orders/:id/payment': 'customer',
  'GET /api/orders/:id/momo': 'customer',
  'POST /api/orders/:id/momo': 'customer',
  // MTN MoMo's unsigned notice (docs/decisions/060): it only makes the server read the status back.
  'PUT /api/momo/mtn/callback/:referenceId': 'public',
  'POST /api/momo/mtn/callback/:referenceId': 'public',
  'POST /api/orders/:id/cancel': 'customer',
  // Issue 26: the customer corrects their order's transaction id until staff decide (another customer's order is 404: payment-tx-id.test.ts).
  'PUT /api/orders/:id/payment-tx-id': 'customer',
  'GET /api/orders/:id/proof': 'customer',
  // Issue 34 point 1 (docs/decisions/076): the customer's Travel Rule data of their own order (another's is 404: travel-rule.test.ts).
  'PUT /api/orders/:id/travel-rule': 'customer',
  'POST /api/orders/:id/travel-rule/proof': 'customer',
  'GET /api/orders/socket': 'customer',
  // CSV exports (docs/decisions/015): a customer's own orders; each back-office list by its own area.
  'POST /api/orders/export': 'customer',
  'POST /api/admin/orders/export': ['super_admin', 'manager', 'support', 'compliance'],
  'POST /api/admin/users/export': ['super_admin', 'manager', 'compliance'],
  'POST /api/admin/audit/export': ['super_admin'],
  // Issue 18: compliance sees orders read only (docs/decisions/017); approving and cancelling stay with the orders area.
  'GET /api/admin/orders': ['super_admin', 'manager', 'support', 'compliance'],
  'GET /api/admin/orders/needs-action': ['super_admin', 'manager', 'support', 'compliance'],
  'GET /api/admin/orders/:id': ['super_admin', 'manager', 'support', 'compliance'],
  'GET /api/admin/orders/:id/proof': ['super_admin', 'manager', 'support', 'compliance'],
  // Issue 27 point 4 (docs/decisions/031): the "same image" notice, beside the screenshot and the KYC photos.
  'GET /api/admin/orders/:id/same-images': ['super_admin', 'manager', 'support', 'compliance'],
  'GET /api/admin/kyc-submissions/:id/same-images': ['super_admin', 'manager', 'compliance'],
  'GET /api/admin/orders/socket': ['super_admin', 'manager', 'support'],
  'POST /api/admin/orders/:id/approve': ['super_admin', 'manager', 'support'],
  'POST /api/admin/orders/:id/cancel': ['super_admin', 'manager', 'support'],
  'POST /api/admin/orders/:id/confirm-payment': ['super_admin', 'manager', 'support'],
  'POST /api/admin/orders/:id/refund': ['super_admin', 'manager', 'support'],
  // Claim, then pay (issue 27 point 1, docs/decisions/029): a manager or super admin takes a claim over.
  'POST /api/admin/orders/:id/claim': ['super_admin', 'manager', 'support'],
  'DELETE /api/admin/orders/:id/claim': ['super_admin', 'manager', 'support'],
  'POST /api/admin/orders/:id/claim/takeover': ['super_admin', 'manager'],
  // Issue 28 point 5 (docs/decisions/039): statements and the exceptions queue, super admin and manager.
  'GET /api/admin/statements': ['super_admin', 'manager'],
  'POST /api/admin/statements': ['super_admin', 'manager'],
  'GET /api/admin/statements/:id/lines': ['super_admin', 'manager'],
  'GET /api/admin/statements/exceptions': ['super_admin', 'manager'],
  'POST /api/admin/statements/exceptions/:id/resolve': ['super_admin', 'manager'],
  'GET /api/admin/statements/settings': ['super_admin', 'manager'],
  'PUT /api/admin/statements/settings': ['super_admin', 'manager'],
  // Issue 32 (docs/decisions/058): the chain watchers' endpoints and confirmations, with Settings.
  'GET /api/admin/chain-networks': ['super_admin'],
  'PUT /api/admin/chain-networks/:network': ['super_admin'],
  'GET /api/admin/statements/mappings/:id': ['super_admin', 'manager'],
  'PUT /api/admin/statements/mappings/:id': ['super_admin', 'manager'],
  // Issue 33 point 6 (docs/decisions/059): SMS forwarder devices; the webhook is public, signed per device.
  'GET /api/admin/sms-forwarders': ['super_admin', 'manager'],
  'POST /api/admin/sms-forwarders': ['super_admin', 'manager'],
  'POST /api/admin/sms-forwarders/:id/revoke': ['super_admin', 'manager'],
  'POST /api/sms-forwarder/:id': 'public',
  // The compliance desk (issue 18, docs/decisions/017): compliance and the super admin; its settings changed by the super admin only.
  'GET /api/admin/compliance/alerts': ['super_admin', 'compliance'],
  'GET /api/admin/compliance/alerts/:id': ['super_admin', 'compliance'],
  'POST /api/admin/compliance/alerts/:id/notes': ['super_admin', 'compliance'],
  'POST /api/admin/compliance/alerts/:id/clear': ['super_admin', 'compliance'],
  'POST /api/admin/compliance/alerts/:id/escalate': ['super_admin', 'compliance'],
  // Releasing an escalated hold, and the count on the Compliance menu item (docs/decisions/017).
  'POST /api/admin/compliance/alerts/:id/release': ['super_admin', 'compliance'],
  'GET /api/admin/compliance/alerts/count': ['super_admin', 'compliance'],
  'GET /api/admin/compliance/cases': ['super_admin', 'compliance'],
  'POST /api/admin/compliance/cases/:id/file': ['super_admin', 'compliance'],
  'POST /api/admin/compliance/cases/:id/no-report': ['super_admin', 'compliance'],
  'POST /api/admin/compliance/customers/:id/legal-hold': ['super_admin', 'compliance'],
  'POST /api/admin/compliance/customers/:id/legal-hold/lift': ['super_admin', 'compliance'],
  'GET /api/admin/compliance/cases/overdue-count': ['super_admin', 'compliance'],
  'POST /api/admin/compliance/cases/:id/export': ['super_admin', 'compliance'],
  // goAML (issue 34 point 3, docs/decisions/077).
  'POST /api/admin/compliance/cases/:id/goaml': ['super_admin', 'compliance'],
  'GET /api/admin/compliance/large-cash-reports': ['super_admin', 'compliance'],
  'POST /api/admin/compliance/large-cash-reports/:day/:format': ['super_admin', 'compliance'],
  'GET /api/admin/compliance/goaml-settings': ['super_admin', 'compliance'],
  'PUT /api/admin/compliance/goaml-settings': ['super_admin'],
  'GET /api/admin/compliance/settings': ['super_admin', 'compliance'],
  'PUT /api/admin/compliance/settings': ['super_admin'],
  // Sanctions screening's lists and the operator's own entries (docs/decisions/075).
  'GET /api/admin/compliance/sanctions/lists': ['super_admin', 'compliance'],
  'GET /api/admin/compliance/sanctions/entries': ['super_admin', 'compliance'],
  'POST /api/admin/compliance/sanctions/entries': ['super_admin', 'compliance'],
  'DELETE /api/admin/compliance/sanctions/entries/:id': ['super_admin', 'compliance'],
  // Closing a customer's account (kept for the retention period, then anonymised): the super admin's.
  'POST /api/admin/users/:id/close': ['super_admin'],
  'GET /api/portfolio': 'customer',
  'GET /api/admin/dashboard': ['super_admin', 'manager', 'support', 'compliance'],
  // Issue 16: the first-run checklist is for the one who can act on all of it.
  'GET /api/admin/setup-status': ['super_admin'],
  'PUT /api/admin/contact': ['super_admin', 'manager'],
  'GET /api/admin/payment-methods': ['super_admin', 'manager'],
  'POST /api/admin/payment-methods': ['super_admin', 'manager'],
  'PUT /api/admin/payment-methods/:id': ['super_admin', 'manager'],
  'PATCH /api/admin/payment-methods/:id': ['super_admin', 'manager'],
  'DELETE /api/admin/payment-methods/:id': ['super_admin', 'manager'],
  'GET /api/admin/coins': ['super_admin', 'manager'],
  'PATCH /api/admin/coins/:id': ['super_admin', 'manager'],
  'POST /api/admin/coins/:id/deposit-key-preview': ['super_admin', 'manager'],
  // Issue 27 point 3 (docs/decisions/030): changes of where money goes, approved by a second admin.
  'GET /api/admin/destination-changes': ['super_admin', 'manager'],
  'POST /api/admin/destination-changes/:id/approve': ['super_admin', 'manager'],
  'POST /api/admin/destination-changes/:id/reject': ['super_admin', 'manager'],
  // Issue 28 point 6 (docs/decisions/040): treasury and the daily settlement, for those who answer for the money.
  'GET /api/admin/treasury': ['super_admin', 'manager'],
  'GET /api/admin/treasury/settlement': ['super_admin', 'manager'],
  'POST /api/admin/treasury/settlement/:day/sign-off': ['super_admin', 'manager'],
  'GET /api/admin/canned-responses': ['super_admin', 'manager'],
  'POST /api/admin/canned-responses': ['super_admin', 'manager'],
  'PUT /api/admin/canned-responses/:id': ['super_admin', 'manager'],
  'DELETE /api/admin/canned-responses/:id': ['super_admin', 'manager'],
  'GET /api/admin/emails': ['super_admin'],
  'GET /api/admin/emails/:id': ['super_admin'],
  // decisions/013 D15: revealing a masked token stays the super admin's, whoever else may get the Email Log.
  'POST /api/admin/emails/:id/reveal': ['super_admin'],
  // Issue 18: the SMS log, like the Email Log; revealing a one-time code stays the super admin's (docs/decisions/011).
  'GET /api/admin/sms': ['super_admin'],
  'POST /api/admin/sms/:id/reveal': ['super_admin'],
  // Issue 30 point 1 (docs/decisions/052): the Jobs page and retrying a failed background job.
  'GET /api/admin/jobs': ['super_admin'],
  'POST /api/admin/jobs/:queue/:id/retry': ['super_admin'],
  'GET /api/admin/settings': ['super_admin'],
  // The auto-payout policy (docs/decisions/061): a money setting, the super admin's.
  'GET /api/admin/auto-payout-policy': ['super_admin'],
  'PUT /api/admin/auto-payout-policy': ['super_admin'],
  'PUT /api/admin/settings': ['super_admin'],
  'POST /api/admin/settings/test-email': ['super_admin'],
  'GET /api/admin/audit': ['super_admin'],
  'GET /api/admin/admins': ['super_admin'],
  'POST /api/admin/admins': ['super_admin'],
  'PATCH /api/admin/admins/:id': ['super_admin'],
  'POST /api/admin/admins/:id/invitation': ['super_admin'],
  'DELETE /api/admin/admins/:id': ['super_admin'],
  'POST /api/admin/admins/:id/two-factor/reset': ['super_admin'],
  'GET /api/admin/users': ['super_admin', 'manager', 'compliance'],
  'GET /api/admin/users/:id': ['super_admin', 'manager', 'compliance'],
  'POST /api/admin/users/:id/ban': ['super_admin', 'manager', 'compliance'],
  'POST /api/admin/users/:id/unban': ['super_admin', 'manager', 'compliance'],
  'GET /api/kyc': 'customer',
  'POST /api/kyc': 'customer',
  'GET /api/admin/kyc-submissions': ['super_admin', 'manager', 'compliance'],
  'GET /api/admin/kyc-submissions/:id': ['super_admin', 'manager', 'compliance'],
  'GET /api/admin/kyc-submissions/:id/documents/:side': ['super_admin', 'manager', 'compliance'],
  'POST /api/admin/kyc-submissions/:id/approve': ['super_admin', 'manager', 'compliance'],
  'POST /api/admin/kyc-submissions/:id/reject': ['super_admin', 'manager', 'compliance'],
  // Live chat: a customer reaches only their own conversation (no id is taken from them).
  'GET /api/chat/conversation': 'customer',
  'POST /api/chat/conversation': 'customer',
  'GET /api/chat/messages': 'customer',
  'POST /api/chat/messages': 'customer',
  'POST /api/chat/read': 'customer',
  'GET /api/chat/socket': 'customer',
  'GET /api/admin/chat/conversations': ['super_admin', 'support'],
  'GET /api/admin/chat/unread': ['super_admin', 'support'],
  'GET /api/admin/chat/conversations/:id': ['super_admin', 'support'],
  'GET /api/admin/chat/conversations/:id/messages': ['super_admin', 'support'],
  'POST /api/admin/chat/conversations/:id/messages': ['super_admin', 'support'],
  'POST /api/admin/chat/conversations/:id/read': ['super_admin', 'support'],
  'GET /api/admin/chat/quick-replies': ['super_admin', 'support'],
  'GET /api/admin/chat/socket': ['super_admin', 'support'],
  // Issue 27 point 7 (docs/decisions/034): the customer beside a conversation, and who answers it.
  'GET /api/admin/chat/conversations/:id/customer': ['super_admin', 'support'],
  'GET /api/admin/chat/agents': ['super_admin', 'support'],
  'PUT /api/admin/chat/conversations/:id/assignee': ['super_admin', 'support'],
  // Issue 27 point 6 (docs/decisions/032): every staff page's live socket and the person's own notification settings.
  'GET /api/admin/live/socket': ['super_admin', 'manager', 'support', 'compliance'],
  'GET /api/admin/me/notifications': ['super_admin', 'manager', 'support', 'compliance'],
  'PUT /api/admin/me/notifications': ['super_admin', 'manager', 'support', 'compliance'],
  // better-auth's mount: only get-session and sign-out pass (tested in the auth tests).
  'GET /api/auth/*': 'public',
  'POST /api/auth/*': 'public',
};

const PERSONAS = ['anonymous', 'customer', 'super_admin', 'manager', 'support', 'compliance'] as const;
type TPersona = (typeof PERSONAS)[number];

function isAllowed(expected: TExpected, persona: TPersona): boolean {
  if (expected === 'public') return true;
  if (persona === 'anonymous') return false;
  if (expected === 'user') return true;
  if (expected === 'customer') return persona === 'customer';
  return (expected as readonly string[]).includes(persona);
}

/** A concrete URL for a route pattern: path parameters become a harmless id. */
function concreteUrl(url: string): string {
  return url
    .replace(':side', 'front')
    .replace(/:[A-Za-z]+/g, '1')
    .replace('*', 'get-session');
}

describe('authorization matrix', () => {
  let t: TTestApp;
  const cookies = new Map<TPersona, string>();

  beforeAll(async () => {
    t = await createTestApp();
    cookies.set('customer', (await t.signUp()).cookie);
    cookies.set('super_admin', await t.loginCookie(SUPER_ADMIN.email, SUPER_ADMIN.password, 'admin'));
    for (const role of ['manager', 'support', 'compliance'] as const) cookies.set(role, (await t.createStaff(role)).cookie);
  });
  afterAll(() => t.close());

  function apiRoutes() {
    return t.app.routeTable
      .filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'))
      .map((r) => `${r.method} ${r.url}`)
      .sort((a, b) => Number(a.includes('logout')) - Number(b.includes('logout')));
  }

  it('lists every registered /api route', () => {
    const missing = apiRoutes().filter((key) => !(key in EXPECTED));
    expect(missing, 'routes missing from the expected table').toEqual([]);
    const stale = Object.keys(EXPECTED).filter((key) => !apiRoutes().includes(key));
    expect(stale, 'table entries for routes that no longer exist').toEqual([]);
  });

  it('lets each persona through exactly where the table says', async () => {
    const failures: string[] = [];
    for (const key of apiRoutes()) {
      const [method, url] = key.split(' ') as ['GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', string];
      // Never ban the customer persona the rest of the walk relies on.
      if (key.endsWith('/ban')) continue;
      const expected = EXPECTED[key];
      if (expected === undefined) throw new Error(`${key} is missing from the expected table`);
      for (const persona of PERSONAS) {
        const response = await t.request({
          method,
          url: concreteUrl(url),
          cookie: cookies.get(persona),
          ...(method === 'GET' ? {} : { payload: {} }),
        });
        const allowed = isAllowed(expected, persona);
        const denied = response.statusCode === 401 || response.statusCode === 403;
        if (allowed && denied) failures.push(`${key} as ${persona}: expected through, got ${response.statusCode}`);
        if (!allowed) {
          const want = persona === 'anonymous' ? 401 : 403;
          if (response.statusCode !== want) failures.push(`${key} as ${persona}: expected ${want}, got ${response.statusCode}`);
        }
        if (response.statusCode >= 500) failures.push(`${key} as ${persona}: ${response.statusCode} ${response.body}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
