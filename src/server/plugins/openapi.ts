import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorResponse } from '#shared/contracts/common.js';
import { ERROR_STATUS, type TErrorCode } from '#shared/error-codes.js';
import type { TConfig } from '#server/config.js';
import type { TAccess } from './access.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Error codes the route answers beyond those its access rule, method and path already imply
     * (see errorCodesOf): documented in the OpenAPI document, in the one error shape.
     */
    errors?: readonly TErrorCode[];
    /** For the OpenAPI document only: a body the handler reads itself, or an answer that is not JSON. */
    openapi?: {
      multipartBody?: z.ZodType;
      fileResponse?: { description: string; types: readonly string[] };
    };
  }
}

/** The error shape is one component of the document; every error answer refers to it. */
if (!z.globalRegistry.has(ZErrorResponse)) z.globalRegistry.add(ZErrorResponse, { id: 'ErrorResponse' });

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const STATUS_TITLE: Record<number, string> = {
  400: 'The request is not valid',
  401: 'Not signed in, or the credentials are wrong',
  403: 'Refused',
  404: 'Not found',
  409: 'In conflict with the current state',
  413: 'The request is too large',
  415: 'The body is not of a type this route reads',
  422: 'Cannot be processed',
  429: 'Too many attempts',
  500: 'Unexpected server error',
  503: 'A service the answer needs is unavailable',
};

type TRouteFacts = { method: string | string[]; url: string; access?: TAccess; errors?: readonly TErrorCode[]; isRateLimited?: boolean };

/**
 * The error codes a route can answer, by status: what every route can answer (a malformed
 * request, an unexpected error), what its access rule implies (a public route is never refused
 * for access), what its method implies (a state-changing request: the CSRF check, the body's
 * size and type), what its path implies (an unknown id), its request limit, and what it declares
 * itself.
 */
export function errorCodesOf(route: TRouteFacts): Map<number, TErrorCode[]> {
  const codes = new Set<TErrorCode>(['VALIDATION', 'BAD_REQUEST', 'INTERNAL']);
  const access = route.access ?? 'public';
  if (access !== 'public') {
    codes.add('UNAUTHENTICATED');
    // Staff without a second factor are stopped on every signed-in route (plugins/access.ts).
    codes.add('TWO_FACTOR_REQUIRED');
    if (access !== 'user') codes.add('FORBIDDEN');
  }
  const methods = [route.method].flat();
  if (methods.some((m) => !SAFE_METHODS.has(m))) {
    codes.add('CROSS_SITE');
    codes.add('PAYLOAD_TOO_LARGE');
    codes.add('UNSUPPORTED_MEDIA_TYPE');
  }
  if (route.url.includes('/:')) codes.add('NOT_FOUND');
  // A route with a request limit (plugins/rate-limit.ts) answers 429 past it.
  if (route.isRateLimited) codes.add('RATE_LIMITED');
  for (const code of route.errors ?? []) codes.add(code);

  const byStatus = new Map<number, TErrorCode[]>();
  for (const code of codes) {
    const status = ERROR_STATUS[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return new Map([...byStatus].sort(([a], [b]) => a - b));
}

const ZBinaryFile = z.string().meta({ format: 'binary' });

type TTransformInput = Parameters<typeof jsonSchemaTransform>[0] & { route: RouteOptions };

/**
 * Adds to each documented /api route its error answers (errorCodesOf) and what it declares for
 * the document only (a multipart body, a file answer), then converts the zod schemas.
 */
function transform(input: TTransformInput) {
  const { schema, route } = input;
  if (!schema || schema.hide || !route.url.startsWith('/api/')) return jsonSchemaTransform(input);
  const docs = route.config?.openapi;
  const response: Record<string, unknown> = { ...(schema.response as Record<string, unknown> | undefined) };
  if (docs?.fileResponse) {
    response[200] = {
      description: docs.fileResponse.description,
      content: Object.fromEntries(docs.fileResponse.types.map((type) => [type, { schema: ZBinaryFile }])),
    };
  }
  for (const [status, codes] of errorCodesOf({
    method: route.method,
    url: route.url,
    access: route.config?.access,
    errors: route.config?.errors,
    isRateLimited: Boolean(route.config?.rateLimit),
  })) {
    const own = response[status];
    // A route's own schema for an error status (a bare zod schema) keeps its schema, gains the description.
    const schemaOfOwn = own && !(typeof own === 'object' && 'content' in own) ? own : undefined;
    if (own && !schemaOfOwn) continue;
    response[status] = {
      description: `${STATUS_TITLE[status] ?? 'Error'}: ${codes.join(', ')}`,
      content: { 'application/json': { schema: schemaOfOwn ?? ZErrorResponse } },
    };
  }
  const body = docs?.multipartBody ?? schema.body;
  return jsonSchemaTransform({
    ...input,
    schema: { ...schema, response, ...(body ? { body } : {}), ...(docs?.multipartBody ? { consumes: ['multipart/form-data'] } : {}) },
  });
}

/**
 * The OpenAPI document (always built: tests read it) and, unless turned off, /api/docs: the
 * viewer and /api/docs/json. Off in production unless API_DOCS=true (config.apiDocs).
 */
export async function registerOpenApi(app: FastifyInstance, config: TConfig): Promise<void> {
  await app.register(swagger, {
    openapi: { info: { title: 'CediCrypto API', version: '0.1.0' } },
    transform: transform as never,
    transformObject: jsonSchemaTransformObject,
  });
  // The viewer loads only its own script files (no inline script), so it runs under the app's
  // CSP; its own CSP (staticCSP) would replace ours with a weaker one (framing by the same
  // origin, styles and fonts from any https host).
  if (config.apiDocs) await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: false });
}
