import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '#test/helpers/test-app.js';

type TMediaType = {
  schema?: {
    $ref?: string;
    type?: string;
    properties?: Record<string, { type?: string; format?: string; enum?: string[] }>;
    required?: string[];
  };
};
type TOperation = {
  responses: Record<string, { description?: string; content?: Record<string, TMediaType> }>;
  requestBody?: { content: Record<string, TMediaType> };
};
type TDocument = {
  paths: Record<string, Record<string, TOperation>>;
  components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
};

const ERROR_REF = '#/components/schemas/ErrorResponse';
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The OpenAPI document is the contract a client generator or a fuzzer reads: every route lists
 * the error answers it can give, in the one error shape, and the KYC upload its real body.
 */
describe('the OpenAPI document', () => {
  let t: TTestApp;
  let doc: TDocument;
  beforeAll(async () => {
    t = await createTestApp();
    const response = await t.request({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    doc = response.json();
  });
  afterAll(() => t?.close());

  const operationOf = (method: string, url: string): TOperation | undefined =>
    doc.paths[url.replace(/:([A-Za-z]+)/g, '{$1}')]?.[method.toLowerCase()];

  const documented = () => t.app.routeTable.filter((r) => r.url.startsWith('/api/') && !(r.schema as { hide?: boolean } | undefined)?.hide);

  it('has the error shape as one component', () => {
    const schema = doc.components.schemas.ErrorResponse;
    expect(schema).toBeDefined();
    expect(Object.keys(schema?.properties ?? {})).toEqual(['error']);
  });

  it('lists, for every route, the error answers its access rule, method and path allow, each in the error shape', () => {
    const routes = documented();
    expect(routes.length).toBeGreaterThan(70);
    const problems: string[] = [];
    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      const operation = operationOf(route.method, route.url);
      if (!operation) {
        problems.push(`${key}: not in the document`);
        continue;
      }
      const statuses = Object.keys(operation.responses);
      const expected = ['400', '500'];
      if (route.access !== 'public') expected.push('401', '403');
      if (!SAFE.has(route.method)) expected.push('403', '413', '415');
      if (route.url.includes('/:')) expected.push('404');
      if (route.isRateLimited) expected.push('429');
      for (const status of expected) if (!statuses.includes(status)) problems.push(`${key}: no ${status}`);
      // A public page that changes nothing cannot be refused for access.
      if (route.access === 'public' && SAFE.has(route.method)) {
        for (const status of ['401', '403']) if (statuses.includes(status)) problems.push(`${key}: ${status} on a public GET`);
      }
      for (const [status, response] of Object.entries(operation.responses).filter(([s]) => Number(s) >= 400)) {
        if (response.content?.['application/json']?.schema?.$ref !== ERROR_REF) problems.push(`${key}: ${status} is not the error shape`);
        if (!response.description || response.description === 'Default Response') problems.push(`${key}: ${status} has no description`);
      }
      if (!statuses.some((s) => s.startsWith('2') || s.startsWith('3'))) problems.push(`${key}: no success answer`);
    }
    expect(problems).toEqual([]);
  });

  it.each([
    ['POST', '/api/session/login', ['401', '403', '429']],
    ['POST', '/api/session/two-factor', ['401', '429']],
    ['POST', '/api/account/signup', ['409', '429']],
    ['POST', '/api/account/reset-password', ['429']],
    ['POST', '/api/account/two-factor/enable', ['409', '429']],
    ['POST', '/api/quotes', ['409', '429', '503']],
    ['POST', '/api/orders', ['404', '409', '422', '429']],
    ['POST', '/api/kyc', ['403', '409', '429']],
    ['POST', '/api/chat/messages', ['429']],
    ['POST', '/api/admin/admins', ['409']],
    ['POST', '/api/admin/orders/:id/approve', ['409']],
    ['GET', '/api/health', ['503']],
  ])('%s %s also lists what the route itself answers: %j', (method, url, statuses) => {
    const operation = operationOf(method, url);
    expect(operation).toBeDefined();
    for (const status of statuses) {
      expect(operation!.responses[status]?.content?.['application/json']?.schema?.$ref, status).toBe(ERROR_REF);
    }
  });

  it.each(['/api/admin/orders/export', '/api/admin/users/export', '/api/admin/audit/export', '/api/orders/export'])(
    'describes POST %s as a CSV file, limited per person',
    (url) => {
      const operation = operationOf('POST', url);
      expect(Object.keys(operation?.responses['200']?.content ?? {})).toEqual(['text/csv']);
      expect(operation!.responses['200']!.content!['text/csv']!.schema).toMatchObject({ type: 'string', format: 'binary' });
      expect(operation!.responses['429']?.content?.['application/json']?.schema?.$ref).toBe(ERROR_REF);
    },
  );

  it('describes the KYC upload as multipart/form-data with the fields and image files of both levels (docs/decisions/016)', () => {
    const operation = operationOf('POST', '/api/kyc');
    const form = operation?.requestBody?.content['multipart/form-data']?.schema;
    expect(form).toBeDefined();
    expect(Object.keys(operation!.requestBody!.content)).toEqual(['multipart/form-data']);
    expect(Object.keys(form!.properties ?? {}).sort()).toEqual([
      'address',
      'addressProof',
      'back',
      'city',
      'country',
      'front',
      'ghanaCardNumber',
      'idNumber',
      'idType',
      'level',
      // With a passport (docs/decisions/016).
      'nationality',
      'nationalityCountry',
      'selfie',
      'sourceOfFunds',
      'sourceOfFundsDetail',
    ]);
    for (const file of ['front', 'back', 'selfie', 'addressProof'])
      expect(form!.properties![file], file).toMatchObject({ type: 'string', format: 'binary' });
    expect(form!.properties!.idType?.enum).toContain('passport');
    expect(form!.required).toEqual(expect.arrayContaining(['address', 'city']));
    expect(operation!.responses['201']).toBeDefined();
  });
});
