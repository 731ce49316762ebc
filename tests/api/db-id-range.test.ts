import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MONITORING_SETTINGS } from '#shared/compliance-rules/index.js';
import { users } from '#server/db/schema/auth.js';
import type { TAccess } from '#server/plugins/access.js';
import type { TFakePriceServer } from '#test/helpers/fake-price-server.js';
import { toJsonSchema, type TJsonSchema } from '#test/helpers/fuzz-arbitraries.js';
import { createOrderTestApp, SUPER_ADMIN, type TTestApp } from '#test/helpers/test-app.js';

/**
 * Issue #13: a number past PostgreSQL's integer (2147483647) used to reach SQL and fail there
 * with a 500. Every number a route takes (path, query, body) is listed here with the column it
 * names; the route list is walked, so a new numeric field missing from the table fails. Each is
 * sent 2147483648 and 1e20 on an otherwise valid request: a 400 naming that field, never a 500.
 *   'int4'   an integer / serial column, or a small number (page, port): 1e20 and 2^31 refused
 *   'bigint' a bigserial column read as a JS number (chat message ids): 2^31 is a valid value,
 *            1e20 is not (past Number.MAX_SAFE_INTEGER)
 */
const NUMERIC_FIELDS: Record<string, 'int4' | 'bigint'> = {
  'GET /api/orders/:id params.id': 'int4',
  'POST /api/orders/:id/payment params.id': 'int4',
  'POST /api/orders/:id/cancel params.id': 'int4',
  'GET /api/orders/:id/proof params.id': 'int4',
  'GET /api/admin/orders/:id/proof params.id': 'int4',
  'GET /api/admin/orders/:id/same-images params.id': 'int4',
  'GET /api/admin/kyc-submissions/:id/same-images params.id': 'int4',
  'PUT /api/admin/settings body.paymentWindowMinutes': 'int4',
  'PUT /api/admin/settings body.depositWindowMinutes': 'int4',
  // Issue 26: the customer idle sign-out (settings.customer_idle_hours) and the editable transaction id.
  'PUT /api/admin/settings body.customerIdleHours': 'int4',
  // Issue 27 point 1: the length of a claim on a paid order (settings.claim_minutes, docs/decisions/029).
  'PUT /api/admin/settings body.claimMinutes': 'int4',
  'PUT /api/orders/:id/payment-tx-id params.id': 'int4',
  // Issue 26 point 7: the number found for a sign-up's proof-of-work check (docs/decisions/024); no column, bounded well below int4.
  'POST /api/account/signup body.proof.number': 'int4',
  'GET /api/admin/orders query.page': 'int4',
  'GET /api/admin/orders query.pageSize': 'int4',
  'GET /api/admin/orders/:id params.id': 'int4',
  'POST /api/admin/orders/:id/approve params.id': 'int4',
  'POST /api/admin/orders/:id/claim params.id': 'int4',
  'DELETE /api/admin/orders/:id/claim params.id': 'int4',
  'POST /api/admin/orders/:id/claim/takeover params.id': 'int4',
  'POST /api/admin/orders/:id/cancel params.id': 'int4',
  'POST /api/admin/orders/:id/confirm-payment params.id': 'int4',
  'POST /api/admin/orders/:id/confirm-payment body.receivedInto': 'int4',
  'POST /api/admin/orders/:id/refund params.id': 'int4',
  'POST /api/admin/orders/:id/refund body.confirmation.receivedInto': 'int4',
  'POST /api/admin/orders/:id/refund body.refundFrom': 'int4',
  'POST /api/admin/orders/:id/approve body.confirmation.receivedInto': 'int4',
  'POST /api/admin/orders/:id/approve body.payout.paidFrom': 'int4',
  'POST /api/orders body.paymentMethodId': 'int4',
  'PUT /api/admin/payment-methods/:id params.id': 'int4',
  'PATCH /api/admin/payment-methods/:id params.id': 'int4',
  'DELETE /api/admin/payment-methods/:id params.id': 'int4',
  'PATCH /api/admin/coins/:id params.id': 'int4',
  'POST /api/admin/coins/:id/deposit-key-preview params.id': 'int4',
  // Issue 27 point 3 (docs/decisions/030): changes of where money goes, and the cooling-off period.
  'POST /api/admin/destination-changes/:id/approve params.id': 'int4',
  'POST /api/admin/destination-changes/:id/reject params.id': 'int4',
  'PUT /api/admin/settings body.destinationCoolingOffHours': 'int4',
  'PUT /api/admin/canned-responses/:id params.id': 'int4',
  // Issue 28 point 5 (docs/decisions/039): an import's lines, an exception and its order or line (bigserial), the settings, a method's mapping.
  'GET /api/admin/statements/:id/lines params.id': 'int4',
  'POST /api/admin/statements/exceptions/:id/resolve params.id': 'int4',
  'POST /api/admin/statements/exceptions/:id/resolve body.orderId': 'int4',
  'POST /api/admin/statements/exceptions/:id/resolve body.lineId': 'bigint',
  'PUT /api/admin/statements/settings body.matchWindowHours': 'int4',
  // The chain watchers' settings (docs/decisions/058): both bounded far below (1..1000, 0..36).
  'GET /api/orders/:id/momo params.id': 'int4',
  'POST /api/orders/:id/momo params.id': 'int4',
  // An order's Travel Rule data (docs/decisions/076).
  'PUT /api/orders/:id/travel-rule params.id': 'int4',
  'POST /api/orders/:id/travel-rule/proof params.id': 'int4',
  'POST /api/admin/sms-forwarders body.paymentMethodId': 'int4',
  'PUT /api/admin/auto-payout-policy body.minTier': 'int4',
  'PUT /api/admin/auto-payout-policy body.paidFromMethodId': 'int4',
  'PUT /api/admin/chain-networks/:network body.requiredConfirmations': 'int4',
  'PUT /api/admin/chain-networks/:network body.tokens.USDT.decimals': 'int4',
  'PUT /api/admin/statements/settings body.unpaidAfterHours': 'int4',
  'GET /api/admin/statements/mappings/:id params.id': 'int4',
  'PUT /api/admin/statements/mappings/:id params.id': 'int4',
  'DELETE /api/admin/canned-responses/:id params.id': 'int4',
  'GET /api/admin/emails query.page': 'int4',
  'GET /api/admin/emails/:id params.id': 'int4',
  'POST /api/admin/emails/:id/reveal params.id': 'int4',
  'PUT /api/admin/settings body.smtpPort': 'int4',
  'GET /api/admin/audit query.page': 'int4',
  'GET /api/admin/users query.page': 'int4',
  'GET /api/admin/kyc-submissions query.page': 'int4',
  'GET /api/admin/kyc-submissions/:id params.id': 'int4',
  'GET /api/admin/kyc-submissions/:id/documents/:side params.id': 'int4',
  'POST /api/admin/kyc-submissions/:id/approve params.id': 'int4',
  'POST /api/admin/kyc-submissions/:id/reject params.id': 'int4',
  'GET /api/admin/sms query.page': 'int4',
  'POST /api/admin/sms/:id/reveal params.id': 'int4',
  'GET /api/admin/compliance/alerts query.page': 'int4',
  'GET /api/admin/compliance/alerts/:id params.id': 'int4',
  'POST /api/admin/compliance/alerts/:id/clear params.id': 'int4',
  'POST /api/admin/compliance/alerts/:id/escalate params.id': 'int4',
  'DELETE /api/admin/compliance/sanctions/entries/:id params.id': 'int4',
  'POST /api/admin/compliance/alerts/:id/notes params.id': 'int4',
  'POST /api/admin/compliance/alerts/:id/release params.id': 'int4',
  'POST /api/admin/compliance/cases/:id/file params.id': 'int4',
  'POST /api/admin/compliance/cases/:id/no-report params.id': 'int4',
  'POST /api/admin/compliance/cases/:id/export params.id': 'int4',
  'POST /api/admin/compliance/cases/:id/goaml params.id': 'int4',
  'PUT /api/admin/compliance/settings body.retentionYears': 'int4',
  // Every monitoring rule's whole-number threshold, an integer column (docs/decisions/047).
  ...Object.fromEntries(
    MONITORING_SETTINGS.filter((setting) => setting.kind === 'whole').map((setting) => [
      `PUT /api/admin/compliance/settings body.${setting.key}`,
      'int4' as const,
    ]),
  ),
  'GET /api/chat/messages query.after': 'bigint',
  'GET /api/admin/chat/conversations/:id params.id': 'int4',
  'GET /api/admin/chat/conversations/:id/messages params.id': 'int4',
  'GET /api/admin/chat/conversations/:id/messages query.after': 'bigint',
  'POST /api/admin/chat/conversations/:id/messages params.id': 'int4',
  'POST /api/admin/chat/conversations/:id/read params.id': 'int4',
  // Issue 27 point 7 (docs/decisions/034): the customer beside a conversation, and its assignment.
  'GET /api/admin/chat/conversations/:id/customer params.id': 'int4',
  'PUT /api/admin/chat/conversations/:id/assignee params.id': 'int4',
};

const INT4_MAX = 2_147_483_647;

/** Paths (`where.name`) of the numbers in a JSON schema, with the largest value each accepts. */
function numericFields(schema: TJsonSchema | undefined, prefix: string, found = new Map<string, number>()): Map<string, number> {
  if (!schema) return found;
  for (const branch of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) numericFields(branch, prefix, found);
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    // A number, or a union with a number in it (nullable, optional): the largest the number part takes.
    const numeric = [property, ...(property.anyOf ?? [])].filter((p) =>
      [p.type ?? []].flat().some((type) => type === 'integer' || type === 'number'),
    );
    if (numeric.length > 0) {
      const max = Math.max(...numeric.map((p) => Math.min(p.maximum ?? Infinity, p.exclusiveMaximum ?? Infinity)));
      found.set(`${prefix}.${name}`, Math.max(found.get(`${prefix}.${name}`) ?? -Infinity, max));
    }
    if (property.properties || property.anyOf || property.oneOf) numericFields(property, `${prefix}.${name}`, found);
  }
  return found;
}

describe('numbers past the database integer', () => {
  let t: TTestApp;
  let fake: TFakePriceServer;
  let customer: string;
  let admin: string;
  let methodId: number;

  beforeAll(async () => {
    ({ t, fake, methodId } = await createOrderTestApp('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'));
    const signedUp = await t.signUp();
    await t.database.db.update(users).set({ kycStatus: 'verified', tier: 1 }).where(eq(users.id, signedUp.id));
    customer = signedUp.cookie;
    admin = await t.loginCookie(SUPER_ADMIN.email, SUPER_ADMIN.password, 'admin');
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  function routes() {
    return t.app.routeTable.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'));
  }

  it('lists every number a route takes, each bounded by its column', () => {
    const found = new Map<string, number>();
    for (const route of routes()) {
      const schema = (route.schema ?? {}) as Record<string, unknown>;
      for (const [where, part] of [
        ['params', schema.params],
        ['query', schema.querystring],
        ['body', schema.body],
        ['headers', schema.headers],
      ] as const) {
        for (const [field, max] of numericFields(toJsonSchema(part), where)) found.set(`${route.method} ${route.url} ${field}`, max);
      }
    }
    expect([...found.keys()].sort()).toEqual(Object.keys(NUMERIC_FIELDS).sort());
    for (const [field, max] of found) {
      expect(max, field).toBeLessThanOrEqual(NUMERIC_FIELDS[field] === 'bigint' ? Number.MAX_SAFE_INTEGER : INT4_MAX);
    }
  });

  /** An otherwise valid request for the route, with `value` in `field` (params.id, query.page, body.x). */
  async function request(method: string, url: string, access: TAccess | undefined, field: string, value: number | string) {
    const [where, name] = field.split('.') as ['params' | 'query' | 'body', string];
    const params: Record<string, string> = { id: '1', side: 'front', network: 'ERC20' };
    if (where === 'params') params[name] = String(value);
    let path = url.replace(/:([A-Za-z]+)/g, (_, param: string) => {
      const given = params[param];
      if (given === undefined) throw new Error(`no value for :${param} in ${url}`);
      return encodeURIComponent(given);
    });
    if (where === 'query') path += `?${name}=${encodeURIComponent(String(value))}`;
    const cookie = access === 'customer' ? customer : admin;
    const bodies: Record<string, Record<string, unknown>> = {
      'PUT /api/admin/payment-methods/:id': {
        name: 'Method',
        details: { type: 'momo', provider: 'MTN MoMo', name: 'CediCrypto Ltd', number: '0241112222' },
      },
      'PATCH /api/admin/payment-methods/:id': { isEnabled: true },
      'PATCH /api/admin/coins/:id': {},
      'POST /api/admin/coins/:id/deposit-key-preview': { network: 'BTC', extendedKey: 'xpub' },
      'PUT /api/admin/canned-responses/:id': { title: 'Title', message: 'Message' },
      'POST /api/admin/chat/conversations/:id/messages': { text: 'Hello' },
      'PUT /api/admin/chat/conversations/:id/assignee': { assigneeId: null, currentAssigneeId: null },
      'PUT /api/admin/settings': {},
      'POST /api/admin/statements/exceptions/:id/resolve': { resolution: 'link' },
      'PUT /api/admin/statements/settings': { confirmMatchedPayments: false, matchWindowHours: 48, unpaidAfterHours: 24 },
      'PUT /api/admin/chain-networks/:network': { requiredConfirmations: 12 },
      'POST /api/orders/:id/momo': { phone: '0241234567' },
      'PUT /api/orders/:id/travel-rule': { walletType: 'provider', providerName: 'Binance', providerAccount: 'me@example.com' },
      'POST /api/orders/:id/travel-rule/proof': { signature: 'c2lnbmF0dXJl' },
      'POST /api/admin/sms-forwarders': { label: 'Phone', paymentMethodId: 1 },
      'PUT /api/admin/auto-payout-policy': { enabled: false, maxGhs: '2000', dailyCapGhs: '20000', minTier: 1, paidFromMethodId: null },
      'PUT /api/admin/statements/mappings/:id': { date: 'Date', amount: 'Amount', reference: 'Reference' },
      'POST /api/admin/destination-changes/:id/approve': { code: '123456' },
      'POST /api/admin/destination-changes/:id/reject': {},
    };
    let payload = bodies[`${method} ${url}`];
    if (method === 'POST' && url === '/api/orders') {
      const quote = await t.request({
        method: 'POST',
        url: '/api/quotes',
        cookie,
        payload: { coinSymbol: 'btc', side: 'buy', fiatCurrency: 'USD', amountFiat: '5' },
      });
      payload = {
        type: 'buy',
        quoteId: quote.json().id,
        walletAddress: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
        paymentMethodId: methodId,
      };
    }
    if (where === 'body') payload = { ...payload, [name]: value };
    return t.request({ method: method as 'GET', url: path, cookie, ...(payload ? { payload } : {}) });
  }

  it('answers 2147483648 and 1e20 with a 400 naming the field, never a 500', async () => {
    const failures: string[] = [];
    for (const [key, kind] of Object.entries(NUMERIC_FIELDS)) {
      const [method = '', url = '', field = ''] = key.split(' ');
      const route = routes().find((r) => r.method === method && r.url === url)!;
      const [, name = ''] = field.split('.');
      // JSON bodies carry numbers; paths and queries carry text ('1e20' as a client would write it).
      const values: [number | string, boolean][] = [
        [2_147_483_648, kind === 'int4'],
        [field.startsWith('body') ? 1e20 : '1e20', true],
        [field.startsWith('body') ? 1e20 : '100000000000000000000', true],
      ];
      for (const [value, refused] of values) {
        const response = await request(method, url, route.access as TAccess | undefined, field, value);
        const error =
          response.statusCode >= 400 ? (response.json() as { error: { code: string; fields?: Record<string, string> } }).error : undefined;
        const what = `${key} = ${value}: ${response.statusCode} ${response.body.slice(0, 200)}`;
        if (response.statusCode >= 500) failures.push(what);
        else if (refused && (response.statusCode !== 400 || error?.code !== 'VALIDATION' || !error.fields?.[name]))
          failures.push(`expected a 400 on ${name}: ${what}`);
        else if (!refused && error?.fields?.[name]) failures.push(`expected ${name} accepted: ${what}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
