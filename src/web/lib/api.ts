import { ACCOUNT_STATE_HEADER } from '#shared/account-state.js';
import { EARLY_REQUESTS_GLOBAL } from '#shared/boot-script.js';
import type { TErrorResponse } from '#shared/contracts/common.js';
import type { TResponseCheck } from '#shared/shape-check.js';
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
 * than `ms` (null: no limit); the underlying request is aborted so it does not linger on slow
 * mobile data. An abort of `outerSignal` is passed on to `run`'s signal.
 */
export function withTimeout<T>(
  operation: string,
  ms: number | null,
  run: (signal: AbortSignal) => Promise<T>,
  outerSignal?: AbortSignal,
): Promise<T> {
  const controller = new AbortController();
  const forwardAbort = () => controller.abort(outerSignal?.reason);
  if (outerSignal?.aborted) forwardAbort();
  outerSignal?.addEventListener('abort', forwardAbort, { once: true });

  return new Promise<T>((resolve, reject) => {
    const timer =
      ms === null
        ? undefined
        : setTimeout(() => {
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
  private readonly importSchema: () => Promise<TResponseCheck<T>>;
  private loading: Promise<TResponseCheck<T>> | undefined;
  private loaded: TResponseCheck<T> | undefined;

  constructor(importSchema: () => Promise<TResponseCheck<T>>) {
    this.importSchema = importSchema;
  }

  load(): Promise<TResponseCheck<T>> {
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
  get current(): TResponseCheck<T> | undefined {
    return this.loaded;
  }
}

/** How far an upload has got: bytes of the body sent out of `total`; `isSent` once all of it is. */
export type TUploadProgress = { loaded: number; total: number; isSent: boolean };

/** An upload whose progress a screen shows (the KYC documents). */
export type TUploadOptions = {
  onProgress?: (progress: TUploadProgress) => void;
  /** No byte sent and no answer for this long: a network failure (NETWORK). */
  stallMs?: number;
};

/** What every request of this client takes: lib/api.ts is the web app's one way to the API. */
export type TRequestOptions = {
  method?: HttpMethod;
  /**
   * The body of a change (POST, PUT...): JSON, or a FormData sent as multipart/form-data (the
   * browser writes that Content-Type, with its boundary). A change without one sends `{}`.
   */
  body?: unknown;
  query?: Record<string, string | undefined>;
  /** More headers, such as an order's Idempotency-Key. */
  headers?: Record<string, string>;
  /** Shown in the timeout message: '{operation} timed out. ...' */
  operation?: string;
  /** The whole request's time limit; null for none (a download, an upload watched by `upload.stallMs`). */
  timeoutMs?: number | null;
  /** Aborts the request: it rejects with ApiError code ABORTED. */
  signal?: AbortSignal;
  /**
   * A request the app makes on its own: it does not count as the person's activity for the idle
   * sign-out (docs/decisions/020). By default, one started by a background trigger (lib/background-requests.ts).
   */
  isBackground?: boolean;
  /**
   * The product's words for this request when the server gave none (no answer, an answer that is
   * not the API's error shape, a malformed one, an abort): MSG.unexpected unless the screen has its own.
   */
  fallbackMessage?: string;
  /**
   * Sends with XMLHttpRequest, the only browser API that reports an upload's progress; there is no
   * total time limit then unless `timeoutMs` is given (10 MB over slow mobile data can take minutes).
   */
  upload?: TUploadOptions;
};

export type ApiRequestOptions<T> = TRequestOptions & {
  /** Response schema from src/shared/contracts (or one loaded on demand); the answer is parsed with it. */
  schema?: TResponseCheck<T> | LazySchema<T>;
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

/** The answer's body as JSON; undefined when it is empty or not JSON. */
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

/** Statuses whose answer has no body (a Response refuses one). */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/** XMLHttpRequest's `getAllResponseHeaders()` text as Headers. */
function parseHeaders(text: string): Headers {
  const headers = new Headers();
  for (const line of text.trim().split(/[\r\n]+/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return headers;
}

/**
 * `fetch` for a request whose upload progress is shown: the same request through XMLHttpRequest,
 * answered as a Response. Rejects as fetch does: with the signal's reason when aborted, with a
 * TypeError when the network failed or the upload stalled (`upload.stallMs`). Same-origin XHR
 * carries the session cookie and Origin.
 */
function fetchWithUploadProgress(
  url: string,
  init: { method: HttpMethod; headers: Record<string, string>; body: XMLHttpRequestBodyInit | undefined },
  signal: AbortSignal,
  upload: TUploadOptions,
): Promise<Response> {
  return new Promise<Response>((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const xhr = new XMLHttpRequest();
    let total = 0;
    let isSettled = false;
    let stallTimer: ReturnType<typeof setTimeout> | undefined;

    const settle = (outcome: () => void) => {
      if (isSettled) return;
      isSettled = true;
      clearTimeout(stallTimer);
      signal.removeEventListener('abort', onAbort);
      outcome();
    };
    const failNetwork = () => settle(() => reject(new TypeError('The upload failed.')));
    const armStallTimer = () => {
      if (upload.stallMs === undefined) return;
      clearTimeout(stallTimer);
      stallTimer = setTimeout(() => {
        failNetwork();
        xhr.abort();
      }, upload.stallMs);
    };
    function onAbort() {
      xhr.abort();
      settle(() => reject(signal.reason));
    }

    xhr.open(init.method, url);
    for (const [name, value] of Object.entries(init.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      armStallTimer();
      if (!event.lengthComputable) return;
      total = event.total;
      upload.onProgress?.({ loaded: event.loaded, total, isSent: false });
    };
    xhr.upload.onload = () => {
      upload.onProgress?.({ loaded: total, total, isSent: true });
      armStallTimer();
    };
    xhr.onerror = failNetwork;
    xhr.ontimeout = failNetwork;
    xhr.onload = () => {
      const body = NULL_BODY_STATUSES.has(xhr.status) ? null : xhr.responseText;
      settle(() => resolve(new Response(body, { status: xhr.status, headers: parseHeaders(xhr.getAllResponseHeaders()) })));
    };
    signal.addEventListener('abort', onAbort, { once: true });
    armStallTimer();
    xhr.send(init.body);
  });
}

/**
 * The one request to our own API (same origin, session cookie) that apiRequest and apiDownload
 * read: the headers (Accept, the JSON Content-Type, the background mark, the caller's), the body,
 * the time limit and the abort, the account state heard, and a failed answer as ApiError.
 * `read` turns a successful answer into the result; it runs inside the time limit.
 */
function sendRequest<R>(
  path: string,
  options: TRequestOptions,
  accept: string,
  read: (response: Response, fallbackMessage: string) => Promise<R>,
): Promise<R> {
  const { method = 'GET', body, query, operation = 'Request', timeoutMs, signal, fallbackMessage = MSG.unexpected, upload } = options;
  const hasBody = method !== 'GET';
  // A change (POST, PUT...) is always a person's; a read is background when a trigger of the app's own started it.
  const isBackground = options.isBackground ?? (!hasBody && isBackgroundCall(signal));
  const isForm = body instanceof FormData;
  const headers: Record<string, string> = { Accept: accept };
  if (hasBody && !isForm) headers['Content-Type'] = 'application/json';
  if (isBackground) headers[BACKGROUND_REQUEST_HEADER] = BACKGROUND_REQUEST_VALUE;
  Object.assign(headers, options.headers);
  // State-changing requests always carry a body (an empty JSON object at least).
  const sentBody = !hasBody ? undefined : isForm ? body : JSON.stringify(body ?? {});
  const url = buildUrl(path, query);
  const aborted = () => new ApiError({ code: 'ABORTED', message: fallbackMessage, status: 0 });
  const networkFailed = () => new ApiError({ code: 'NETWORK', message: fallbackMessage, status: 0 });

  return withTimeout(
    operation,
    timeoutMs === undefined ? (upload ? null : TIMEOUTS.default) : timeoutMs,
    async (abortSignal) => {
      let response: Response;
      try {
        const early = method === 'GET' && !isBackground ? takeEarlyRequest(url) : undefined;
        response = await (early ??
          (upload
            ? fetchWithUploadProgress(url, { method, headers, body: sentBody }, abortSignal, upload)
            : fetch(url, { method, credentials: 'same-origin', headers, body: sentBody, signal: abortSignal })));
      } catch {
        throw abortSignal.aborted ? aborted() : networkFailed();
      }

      const state = response.headers.get(ACCOUNT_STATE_HEADER);
      if (state) accountStateListener?.(state);
      if (state && !isBackground && response.status !== 401) personActivityListener?.();
      try {
        if (!response.ok) throw toApiError(response.status, await readJson(response), fallbackMessage);
        return await read(response, fallbackMessage);
      } catch (error) {
        if (error instanceof ApiError) throw error;
        // The answer's body did not arrive whole (the connection dropped, or the request was aborted).
        throw abortSignal.aborted ? aborted() : networkFailed();
      }
    },
    signal,
  );
}

/**
 * One request to our own API whose answer is JSON, checked by `schema` when given. Rejects with
 * ApiError: the server's error (its code, message and per-field messages), a timeout (TIMEOUT),
 * the caller's abort (ABORTED), or `fallbackMessage` (MSG.unexpected by default) for a network
 * failure (NETWORK), an answer that is not the API's error shape (UNEXPECTED) or a malformed one
 * (BAD_RESPONSE).
 */
export function apiRequest<T = unknown>(path: string, options: ApiRequestOptions<T> = {}): Promise<T> {
  const { schema } = options;
  // The schema's code loads while the request is on its way (a failure is reported below, if the answer comes).
  const schemaReady = schema instanceof LazySchema ? schema.load() : schema;
  if (schemaReady instanceof Promise) schemaReady.catch(() => undefined);

  return sendRequest(path, options, 'application/json', async (response, fallbackMessage) => {
    const data = await readJson(response);
    if (!schemaReady) return data as T;

    let checker: TResponseCheck<T>;
    try {
      checker = await schemaReady;
    } catch {
      // The contract's code did not download (the connection dropped): as a failed request.
      throw new ApiError({ code: 'NETWORK', message: fallbackMessage, status: 0 });
    }
    const parsed = checker.safeParse(data);
    if (!parsed.success) throw new ApiError({ code: 'BAD_RESPONSE', message: fallbackMessage, status: response.status });
    return parsed.data;
  });
}

/**
 * One request to our own API whose answer is a file (the CSV exports): the file's bytes and the
 * answer's headers (its name is in Content-Disposition). A refusal comes back as ApiError, as
 * from apiRequest. `accept` names the file's type; the API's JSON errors are accepted beside it.
 */
export function apiDownload(path: string, options: TRequestOptions & { accept: string }): Promise<{ blob: Blob; headers: Headers }> {
  return sendRequest(path, options, `${options.accept}, application/json`, async (response) => ({
    blob: await response.blob(),
    headers: response.headers,
  }));
}
