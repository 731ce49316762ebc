import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ACCOUNT_STATE_HEADER } from '#shared/account-state.js';
import { MSG } from '#shared/messages.js';
import { BACKGROUND_REQUEST_HEADER } from '#shared/session-activity.js';
import { answerFromLocalPeer, sendJson } from '#test/helpers/local-api-peer.js';
import { ApiError, apiDownload, apiRequest, listenToAccountState, type TRequestOptions } from './api';
import { runInBackground } from './background-requests';

/*
 * The web app's one API client (docs/decisions/043): JSON and FormData bodies, extra headers
 * (an order's Idempotency-Key), the background mark, aborts, time limits, files, and every
 * failure as an ApiError with the server's code or the screen's own words. Each case runs
 * through fetch and, where it applies, through XMLHttpRequest (an upload whose progress is
 * shown). A local HTTP peer is the server.
 */

type TSeen = { method: string; url: string; headers: IncomingMessage['headers']; body: Buffer<ArrayBuffer> };

const ORDER_FAILED = 'We could not place your order. Please try again.';
const ZOk = z.object({ ok: z.literal(true) }).strict();

let seen: TSeen[];
let respond: (request: TSeen, response: ServerResponse) => void;
/** Resolves when the peer has a request: for the cases that act while it is on its way. */
let arrived: Promise<void>;
let markArrived: () => void;

beforeEach(() => {
  seen = [];
  respond = (_request, response) => sendJson(response, { status: 200, body: { ok: true } });
  arrived = new Promise((resolve) => (markArrived = resolve));
});

answerFromLocalPeer({
  page: '/',
  // The browser's own log of a refused request, as Chromium prints it, and of a dropped connection.
  expectedErrors: /^(GET|POST) http:\/\/127\.0\.0\.1:\d+\/api\/\S* \d{3} \(|socket hang up/,
  handle: (request, body, response) => {
    const entry = { method: request.method ?? '', url: request.url ?? '', headers: request.headers, body };
    seen.push(entry);
    markArrived();
    respond(entry, response);
  },
});

/** The two ways a request leaves: fetch, or XMLHttpRequest for an upload whose progress is shown. */
const TRANSPORTS: { name: string; options: TRequestOptions }[] = [
  { name: 'fetch', options: {} },
  { name: 'XMLHttpRequest', options: { upload: {} } },
];

/** The ApiError a request rejected with. */
async function failureOf(request: Promise<unknown>): Promise<ApiError> {
  const error = await request.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

describe('the API client: what it sends', () => {
  for (const transport of TRANSPORTS) {
    it(`sends a JSON change with its extra headers, through ${transport.name}`, async () => {
      const answer = await apiRequest('/api/orders', {
        ...transport.options,
        method: 'POST',
        body: { quoteId: 'quote-1' },
        headers: { 'Idempotency-Key': 'key-123456' },
        schema: ZOk,
      });
      expect(answer).toEqual({ ok: true });
      expect(seen).toHaveLength(1);
      const [request] = seen;
      expect(request?.method).toBe('POST');
      expect(request?.url).toBe('/api/orders');
      expect(request?.headers['idempotency-key']).toBe('key-123456');
      expect(request?.headers['content-type']).toBe('application/json');
      expect(request?.headers.accept).toBe('application/json');
      expect(request?.headers[BACKGROUND_REQUEST_HEADER]).toBeUndefined();
      expect(JSON.parse(request?.body.toString() ?? '')).toEqual({ quoteId: 'quote-1' });
    });

    it(`sends a FormData body as multipart/form-data with its files, through ${transport.name}`, async () => {
      const body = new FormData();
      body.append('paymentTxId', 'TX-1');
      body.append('proof', new File([new Uint8Array([137, 80, 78, 71])], 'paid.png', { type: 'image/png' }), 'paid.png');
      await apiRequest('/api/orders/7/payment', { ...transport.options, method: 'POST', body });
      const [request] = seen;
      const contentType = String(request?.headers['content-type']);
      expect(contentType).toMatch(/^multipart\/form-data; boundary=/);
      // Node's own multipart reader, as the server reads it.
      const form = await new Response(request?.body, { headers: { 'content-type': contentType } }).formData();
      expect(form.get('paymentTxId')).toBe('TX-1');
      const proof = form.get('proof');
      expect(proof instanceof Blob && [...new Uint8Array(await proof.arrayBuffer())]).toEqual([137, 80, 78, 71]);
    });
  }

  it('sends an empty JSON object with a change that has no body, and none with a read', async () => {
    await apiRequest('/api/session/logout', { method: 'POST' });
    await apiRequest('/api/market', { query: { coin: 'BTC', network: undefined } });
    expect(seen.map((request) => [request.method, request.url, request.body.toString(), request.headers['content-type']])).toEqual([
      ['POST', '/api/session/logout', '{}', 'application/json'],
      ['GET', '/api/market?coin=BTC', '', undefined],
    ]);
  });

  it("marks a read the app makes on its own as background, never a person's read or a change", async () => {
    await runInBackground(() => apiRequest('/api/orders'));
    await apiRequest('/api/orders');
    await runInBackground(() => apiRequest('/api/orders', { method: 'POST' }));
    expect(seen.map((request) => request.headers[BACKGROUND_REQUEST_HEADER])).toEqual(['1', undefined, undefined]);
  });

  it('hears the account state the server sends with an answer, through both transports', async () => {
    const states: string[] = [];
    listenToAccountState((state) => states.push(state));
    respond = (_request, response) => {
      response.setHeader(ACCOUNT_STATE_HEADER, 'verified');
      sendJson(response, { status: 200, body: { ok: true } });
    };
    await apiRequest('/api/orders');
    await apiRequest('/api/kyc', { method: 'POST', body: new FormData(), upload: {} });
    expect(states).toEqual(['verified', 'verified']);
  });
});

describe('the API client: failures as ApiError', () => {
  for (const transport of TRANSPORTS) {
    it(`gives the server's code, message and per-field messages, through ${transport.name}`, async () => {
      respond = (_request, response) =>
        sendJson(response, {
          status: 422,
          body: { error: { code: 'VALIDATION', message: 'Check the form.', fields: { walletAddress: 'Bad wallet.' } } },
        });
      const error = await failureOf(apiRequest('/api/orders', { ...transport.options, method: 'POST', fallbackMessage: ORDER_FAILED }));
      expect({ code: error.code, message: error.message, status: error.status, fields: error.fields }).toEqual({
        code: 'VALIDATION',
        message: 'Check the form.',
        status: 422,
        fields: { walletAddress: 'Bad wallet.' },
      });
    });

    it(`gives the screen's words for an answer that is not the API's, through ${transport.name}`, async () => {
      respond = (_request, response) => response.writeHead(502, { 'content-type': 'text/html' }).end('<h1>Bad gateway</h1>');
      const error = await failureOf(apiRequest('/api/orders', { ...transport.options, method: 'POST', fallbackMessage: ORDER_FAILED }));
      expect([error.code, error.message, error.status]).toEqual(['UNEXPECTED', ORDER_FAILED, 502]);
    });

    it(`gives BAD_RESPONSE for a success the contract does not accept, through ${transport.name}`, async () => {
      respond = (_request, response) => sendJson(response, { status: 200, body: { ok: 'yes' } });
      const error = await failureOf(apiRequest('/api/orders', { ...transport.options, schema: ZOk, fallbackMessage: ORDER_FAILED }));
      expect([error.code, error.message, error.status]).toEqual(['BAD_RESPONSE', ORDER_FAILED, 200]);
    });

    it(`gives NETWORK when the connection drops, through ${transport.name}`, async () => {
      respond = (_request, response) => response.socket?.destroy();
      const error = await failureOf(apiRequest('/api/orders', { ...transport.options, method: 'POST', fallbackMessage: ORDER_FAILED }));
      expect([error.code, error.message, error.status]).toEqual(['NETWORK', ORDER_FAILED, 0]);
    });

    it(`gives ABORTED when the caller aborts a request on its way, through ${transport.name}`, async () => {
      let unanswered: ServerResponse | undefined;
      respond = (_request, response) => (unanswered = response);
      const controller = new AbortController();
      const request = apiRequest('/api/kyc', {
        ...transport.options,
        method: 'POST',
        signal: controller.signal,
        fallbackMessage: 'KYC failed.',
      });
      await arrived;
      controller.abort();
      const error = await failureOf(request);
      expect([error.code, error.message, error.status]).toEqual(['ABORTED', 'KYC failed.', 0]);
      unanswered?.end();
    });
  }

  it('gives ABORTED at once, sending nothing, for a signal already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    for (const transport of TRANSPORTS) {
      const error = await failureOf(apiRequest('/api/kyc', { ...transport.options, method: 'POST', signal: controller.signal }));
      expect([error.code, error.message]).toEqual(['ABORTED', MSG.unexpected]);
    }
    expect(seen).toEqual([]);
  });

  it("gives a code this build does not know as UNEXPECTED, with the server's message", async () => {
    respond = (_request, response) =>
      sendJson(response, { status: 409, body: { error: { code: 'SOMETHING_NEW', message: 'A newer rule.' } } });
    const error = await failureOf(apiRequest('/api/orders'));
    expect([error.code, error.message, error.status]).toEqual(['UNEXPECTED', 'A newer rule.', 409]);
  });

  describe('time limits', () => {
    let unanswered: ServerResponse[];
    beforeEach(() => {
      unanswered = [];
      respond = (_request, response) => unanswered.push(response);
    });
    afterEach(() => {
      for (const response of unanswered) response.end();
    });

    it('gives TIMEOUT with the operation named when the answer takes longer than the limit', async () => {
      const error = await failureOf(apiRequest('/api/orders', { operation: 'Loading your orders', timeoutMs: 50 }));
      expect([error.code, error.message]).toEqual(['TIMEOUT', MSG.timedOut('Loading your orders')]);
    });

    it("gives NETWORK when an upload's stall limit passes with no byte sent and no answer", async () => {
      const error = await failureOf(
        apiRequest('/api/kyc', { method: 'POST', body: new FormData(), upload: { stallMs: 50 }, fallbackMessage: 'KYC failed.' }),
      );
      expect([error.code, error.message]).toEqual(['NETWORK', 'KYC failed.']);
    });
  });
});

describe('the API client: files', () => {
  it("gives a file's bytes and headers, and a refusal as ApiError", async () => {
    respond = (request, response) => {
      if (request.url.startsWith('/api/exports/orders')) {
        response.writeHead(200, { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="orders.csv"' });
        response.end('orderId\r\n1\r\n');
      } else sendJson(response, { status: 429, body: { error: { code: 'RATE_LIMITED', message: 'Too many exports.' } } });
    };
    const file = await apiDownload('/api/exports/orders', { method: 'POST', query: { from: '2026-11-01' }, accept: 'text/csv' });
    expect(await file.blob.text()).toBe('orderId\r\n1\r\n');
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="orders.csv"');
    expect(seen[0]?.url).toBe('/api/exports/orders?from=2026-11-01');
    expect(seen[0]?.headers.accept).toBe('text/csv, application/json');

    const error = await failureOf(apiDownload('/api/exports/users', { method: 'POST', accept: 'text/csv' }));
    expect([error.code, error.message, error.status]).toEqual(['RATE_LIMITED', 'Too many exports.', 429]);
  });
});
