import type { z } from 'zod';
import { ACCOUNT_STATE_HEADER } from '#shared/account-state.js';
import { EARLY_REQUESTS_GLOBAL } from '#shared/boot-script.js';
import type { TErrorResponse } from '#shared/contracts/common.js';
import { isErrorCode, type TClientErrorCode, type TErrorCode } from '#shared/error-codes.js';
import { MSG } from '#shared/messages.js';
import { BACKGROUND_REQUEST_HEADER, BACKGROUND_REQUEST_VALUE } from '#shared/session-activity.js';
import { isBackgroundCall } from './background-requests';

/** The server's error shape `{ error: { code, message, fields? } }`, parsed back into one class. */
export class ApiError extends Error {
  /** The server's code (src/shared/error-codes.ts) or one the client made: switch on this, never on `message`. */
  readonly code: TErrorCode | TClientErrorCode;
  readonly status: number;
  readonly fields: Record<string, string> | undefined;

  constructor(options: { code: TErrorCode | TClientErrorCode; message: string; status: number; fields?: Record<string, string> }) {
    super(options.message);
    this.name = 'ApiError';
    this.code = options.code;
    this.status = options.status;
    this.fields = options.fields;
  }
}

/** The server's message for the person, or `fallback` (the product's wording for that screen). */
export function getErrorMessage(error: unknown, fallback: string = MSG.unexpected): string {
  return error instanceof ApiError && error.message !== MSG.unexpected ? error.message : fallback;
}

/** Time limits of docs/product.md §8, in milliseconds. */
export const TIMEOUTS = {
  login: 8_000,
  profileLoad: 8_000,
  signup: 10_000,
  default: 15_000,
} as const;

/**
 * Runs `run` with an AbortSignal and rejects with MSG.timedOut(operation) when it takes longer
 * than `ms`; the underlying request is aborted so it does not linger on slow mobile data.
 */
export function withTimeout<T>(
  operation: string,
  ms: number,
  run: (signal: AbortSignal) => Promise<T>,
  outerSignal?: AbortSignal,
): Promise<T> {
  const controller = new AbortController();
  const forwardAbort = () => controller.abort(outerSignal?.reason);
  if (outerSignal?.aborted) forwardAbort();
  outerSignal?.addEventListener('abort', forwardAbort, { once: true });

  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new ApiError({ code: 'TIMEOUT', message: MSG.timedOut(operation), status: 0 }));
      controller.abort();
    }, ms);
    run(controller.signal)
      .then(resolve, reject)
      .finally(() => {
        clearTimeout(timer);
        outerSignal?.removeEventListener('abort', forwardAbort);
      });
  });
}

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A response schema whose code is loaded on first use (an `import()` of its contract). A module
 * that names its schema this way stays free of zod and the contracts, so the route loaders in the
 * first download (app/route-loaders.ts) can start a page's requests while the page's code, which
 * needs the contracts anyway, is still on its way: the answer is checked once both have arrived.
 */
export class LazySchema<T> {
  private readonly importSchema: () => Promise<z.ZodType<T>>;
  private loading: Promise<z.ZodType<T>> | undefined;
  private loaded: z.ZodType<T> | undefined;

  constructor(importSchema: () => Promise<z.ZodType<T>>) {
    this.importSchema = importSchema;
  }

  load(): Promise<z.ZodType<T>> {
    this.loading ??= this.importSchema().then(
      (schema) => (this.loaded = schema),
      (error: unknown) => {
        this.loading = undefined; // a failed chunk download is tried again next time
        throw error;
      },
    );
    return this.loading;
  }

  /** The schema once its code has loaded (for synchronous reads, such as a local cache), else undefined. */
  get current(): z.ZodType<T> | undefined {
    return this.loaded;
  }
}

export type ApiRequestOptions<T> = {
  method?: HttpMethod;
  body?: unknown;
  query?: Record<string, string | undefined>;
  /** Response schema from src/shared/contracts (or one loaded on demand); the answer is parsed with it. */
  schema?: z.ZodType<T> | LazySchema<T>;
  /** Shown in the timeout message: '{operation} timed out. ...' */
  operation?: string;
  timeoutMs?: number;
  signal?: AbortSignal;
  /**
   * A request the app makes on its own: it does not count as the person's activity for the idle
   * sign-out (docs/decisions/020). By default, one started by a background trigger (lib/background-requests.ts).
   */
  isBackground?: boolean;
};

function buildUrl(path: string, query?: Record<string, string | undefined>): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, value);
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** True only for the server's own "you have no session" answer; wrong passwords and codes are not it. */
export function isSessionEnded(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'UNAUTHENTICATED';
}

/**
 * True for refusals that may mean the person's role or second factor changed since the session
 * was read (someone else changed it): the session is worth reading again.
 */
export function mayMeanAccountChanged(error: unknown): boolean {
  return error instanceof ApiError && (error.code === 'FORBIDDEN' || error.code === 'TWO_FACTOR_REQUIRED');
}

let accountStateListener: ((state: string) => void) | undefined;

/** Hears the account state (src/shared/account-state.ts) the server sends with answers to signed-in requests. */
export function listenToAccountState(listener: (state: string) => void): void {
  accountStateListener = listener;
}

let personActivityListener: (() => void) | undefined;

/**
 * Hears each answer to a person's request that moved the session's idle mark: a signed-in answer
 * (it carries the account state) to a request that was not a background one.
 */
export function listenToPersonActivity(listener: (() => void) | undefined): void {
  personActivityListener = listener;
}

/** A structural check, not zod: this module is on every page, and zod would weigh on the first load. */
function isErrorResponse(data: unknown): data is TErrorResponse {
  const error = (data as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  return typeof error?.code === 'string' && typeof error.message === 'string';
}

/** The ApiError for a failed answer's status and parsed body; `fallback` when the body is not our error shape. */
export function toApiError(status: number, data: unknown, fallback: string = MSG.unexpected): ApiError {
  if (!isErrorResponse(data)) return new ApiError({ code: 'UNEXPECTED', message: fallback, status });
  const { code, message, fields } = data.error;
  // A code this build does not know (a newer server) is treated as unexpected, with its message.
  return new ApiError({ code: isErrorCode(code) ? code : 'UNEXPECTED', message, status, fields });
}

/**
 * The answer to a read the boot script started before the app's code arrived (the session and
 * the page's data of a link opened on a phone: src/shared/boot-script.ts), taken once; later
 * reads of the same URL ask the server again.
 */
function takeEarlyRequest(url: string): Promise<Response> | undefined {
  const early = (globalThis as { [EARLY_REQUESTS_GLOBAL]?: Record<string, Promise<Response> | undefined> })[EARLY_REQUESTS_GLOBAL];
  const request = early?.[url];
  if (request) delete early[url];
  return request;
}

/**
 * One JSON request to our own API (same origin, session cookie). Rejects with ApiError:
 * the server's error, a timeout, or MSG.unexpected for a network failure or a malformed answer.
 */
export function apiRequest<T = unknown>(path: string, options: ApiRequestOptions<T> = {}): Promise<T> {
  const { method = 'GET', body, query, schema, operation = 'Request', timeoutMs = TIMEOUTS.default, signal } = options;
  const hasBody = method !== 'GET';
  // A change (POST, PUT...) is always a person's; a read is background when a trigger of the app's own started it.
  const isBackground = options.isBackground ?? (!hasBody && isBackgroundCall(signal));
  const headers: Record<string, string> = hasBody
    ? { Accept: 'application/json', 'Content-Type': 'application/json' }
    : { Accept: 'application/json' };
  if (isBackground) headers[BACKGROUND_REQUEST_HEADER] = BACKGROUND_REQUEST_VALUE;
  // The schema's code loads while the request is on its way (a failure is reported below, if the answer comes).
  const schemaReady = schema instanceof LazySchema ? schema.load() : schema;
  if (schemaReady instanceof Promise) schemaReady.catch(() => undefined);

  return withTimeout(
    operation,
    timeoutMs,
    async (abortSignal) => {
      let response: Response;
      try {
        const url = buildUrl(path, query);
        const early = method === 'GET' && !isBackground ? takeEarlyRequest(url) : undefined;
        response = await (early ??
          fetch(url, {
            method,
            credentials: 'same-origin',
            headers,
            // State-changing requests always carry a JSON body (an empty object at least).
            body: hasBody ? JSON.stringify(body ?? {}) : undefined,
            signal: abortSignal,
          }));
      } catch (error) {
        if (abortSignal.aborted) throw error;
        throw new ApiError({ code: 'NETWORK', message: MSG.unexpected, status: 0 });
      }

      const state = response.headers.get(ACCOUNT_STATE_HEADER);
      if (state) accountStateListener?.(state);
      if (state && !isBackground && response.status !== 401) personActivityListener?.();
      const data = await readJson(response);
      if (!response.ok) throw toApiError(response.status, data);
      if (!schemaReady) return data as T;

      let checker: z.ZodType<T>;
      try {
        checker = await schemaReady;
      } catch {
        // The contract's code did not download (the connection dropped): as a failed request.
        throw new ApiError({ code: 'NETWORK', message: MSG.unexpected, status: 0 });
      }
      const parsed = checker.safeParse(data);
      if (!parsed.success) throw new ApiError({ code: 'BAD_RESPONSE', message: MSG.unexpected, status: response.status });
      return parsed.data;
    },
    signal,
  );
}
