import type { FastifyInstance } from 'fastify';
import { MSG } from '#shared/messages.js';
import { AppError } from '#server/lib/errors.js';

/**
 * How large a JSON body may be, by the route's access rule, unless the route sets its own
 * `bodyLimit` (the KYC upload does). Our largest JSON field is 2 000 characters (contact page
 * intro, canned responses), at most 12 KB even written as \uXXXX escapes; sign-in, sign-up and
 * password reset bodies are a few hundred bytes.
 */
export const BODY_LIMITS = {
  /** Routes anyone may call: the only ones an anonymous flood reaches. */
  public: 8 * 1024,
  /** Everything behind a session. */
  signedIn: 32 * 1024,
} as const;

/** No request body of ours is nested deeper than 4; 32 leaves room and stops a hostile one early. */
export const MAX_JSON_DEPTH = 32;

const OPEN_BRACE = 0x7b; // {
const OPEN_BRACKET = 0x5b; // [
const CLOSE_BRACE = 0x7d; // }
const CLOSE_BRACKET = 0x5d; // ]
const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \

/**
 * True when `text` nests objects or arrays deeper than `maxDepth`. One pass over the characters,
 * no recursion and no allocation, stopping at the first level too deep: it runs before JSON.parse,
 * whose time on a deeply nested text is what a hostile body aims at (a 1 MB `[[[[...]]]]` blocks
 * the event loop for about 400 ms). Malformed text is left to JSON.parse to refuse.
 */
export function isNestedDeeperThan(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i += 1;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      depth += 1;
      if (depth > maxDepth) return true;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      depth -= 1;
    }
  }
  return false;
}

/**
 * Small body limits per route and a cheap nesting check before JSON is parsed. Together with the
 * access rule running at onRequest (plugins/access.ts), an anonymous caller can only make the
 * server parse a few kilobytes of shallow JSON, on the public routes.
 */
export function registerBodyLimits(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (route.bodyLimit !== undefined) return;
    route.bodyLimit = route.config?.access === 'public' ? BODY_LIMITS.public : BODY_LIMITS.signedIn;
  });

  // Fastify's own JSON parser (with its prototype-poisoning checks), behind the depth check.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (isNestedDeeperThan(body as string, MAX_JSON_DEPTH)) {
      done(new AppError('BAD_REQUEST', MSG.nestedTooDeeply), undefined);
      return;
    }
    void parseJson(request, body as string, done);
  });
}

/**
 * A body must arrive in full within `bodyTimeoutMs` of its headers (an upload, a route whose body
 * limit is above BODY_LIMITS.signedIn such as the KYC documents: `uploadTimeoutMs`):
 * a client that sends headers and then trickles its body a byte at a time would otherwise hold a
 * connection and a request slot for as long as Node lets it (300 s by default). When the time is
 * up the client is answered 408 and the connection is closed (docs/decisions/020).
 */
export function registerBodyTimeouts(app: FastifyInstance, options: { bodyTimeoutMs: number; uploadTimeoutMs: number }): void {
  app.addHook('onRequest', (request, reply, done) => {
    const raw = request.raw;
    const hasBody = Number(raw.headers['content-length'] ?? 0) > 0 || raw.headers['transfer-encoding'] !== undefined;
    if (!hasBody || raw.complete) {
      done();
      return;
    }
    const isUpload = (request.routeOptions.bodyLimit ?? 0) > BODY_LIMITS.signedIn;
    const ms = isUpload ? options.uploadTimeoutMs : options.bodyTimeoutMs;
    const timer = setTimeout(() => {
      if (raw.complete || reply.raw.headersSent) return;
      const socket = raw.socket;
      reply.raw.once('finish', () => socket.destroy());
      reply.raw.writeHead(408, { 'content-type': 'application/json; charset=utf-8', connection: 'close', 'cache-control': 'no-store' });
      reply.raw.end(JSON.stringify({ error: { code: 'REQUEST_TIMEOUT', message: MSG.requestTimedOut } }));
    }, ms);
    timer.unref();
    raw.once('end', () => clearTimeout(timer));
    raw.once('close', () => clearTimeout(timer));
    done();
  });
}
