import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { afterEach, beforeEach } from 'vitest';

/** What a web test's peer answers: a status and a JSON body. */
export type TJsonAnswer = { status: number; body: unknown };

/**
 * For each test of the calling describe: a local HTTP server on 127.0.0.1 that answers the web
 * test's requests, the page's URL (happy-dom) on that server at `page`, so `/api/...` goes to it.
 * `handle` gets each request once its whole body has arrived. The browser logs a refused or
 * dropped request as Chromium does; a console.error matching `expectedErrors` is that log and
 * passes, anything else still fails the test. Closed after each test.
 */
export function answerFromLocalPeer(options: {
  page: string;
  expectedErrors: RegExp;
  handle: (request: IncomingMessage, body: Buffer<ArrayBuffer>, response: ServerResponse) => void;
}): void {
  let server: Server;
  const reportError = console.error;

  beforeEach(async () => {
    console.error = (...args: unknown[]) => {
      if (options.expectedErrors.test(args.map(String).join(' '))) return;
      reportError(...args);
    };
    server = createServer((request: IncomingMessage, response: ServerResponse) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => options.handle(request, Buffer.concat(chunks), response));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('expected a TCP address');
    (window as unknown as { happyDOM: { setURL: (url: string) => void } }).happyDOM.setURL(
      `http://127.0.0.1:${address.port}${options.page}`,
    );
  });

  afterEach(async () => {
    console.error = reportError;
    await new Promise((resolve) => server.close(resolve));
  });
}

/** A request as a JSON peer saw it: its path and its JSON body (undefined when it had none). */
export type TSeenRequest = { path: string; body: unknown };

/**
 * answerFromLocalPeer for a JSON API: each request is recorded in `seen`, and answered with the
 * next of `answers` (a test pushes them before it acts), or `fallback(request)` when none is left.
 * Both lists start empty in every test.
 */
export function recordingJsonPeer(options: { page: string; expectedErrors: RegExp; fallback: (request: IncomingMessage) => TJsonAnswer }): {
  seen: TSeenRequest[];
  answers: TJsonAnswer[];
} {
  const seen: TSeenRequest[] = [];
  const answers: TJsonAnswer[] = [];
  beforeEach(() => {
    seen.length = 0;
    answers.length = 0;
  });
  answerFromLocalPeer({
    page: options.page,
    expectedErrors: options.expectedErrors,
    handle: (request, body, response) => {
      seen.push({ path: request.url ?? '', body: body.length > 0 ? (JSON.parse(body.toString()) as unknown) : undefined });
      sendJson(response, answers.shift() ?? options.fallback(request));
    },
  });
  return { seen, answers };
}

/** Answers `answer` as JSON. */
export function sendJson(response: ServerResponse, answer: TJsonAnswer): void {
  response.setHeader('content-type', 'application/json');
  response.writeHead(answer.status).end(JSON.stringify(answer.body));
}
