import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Arkesel's SMS API v2 (src/server/lib/sms/arkesel.ts says what it is
 * built from): POST /api/v2/sms/send with an `api-key` header and a JSON body { sender, message,
 * recipients }, answered { status: 'success', data: [{ recipient, id }] }, with numbers it does
 * not take listed under 'invalid numbers'. Tests switch it to refuse the key, fail, hang or
 * answer nonsense, and read what it received.
 */

export type TFakeArkeselBehaviour =
  | { kind: 'ok' }
  /** A refusal: 401 with a message for a bad key (any other status when told). */
  | { kind: 'refuse'; status?: number; message?: string }
  /** Never answers (until the server closes): the client's timeout must fire. */
  | { kind: 'hang' }
  /** 200 with a body of the wrong shape. */
  | { kind: 'invalid' };

export type TFakeArkeselRequest = { headers: IncomingHttpHeaders; body: { sender?: unknown; message?: unknown; recipients?: unknown } };

export type TFakeArkeselServer = {
  url: string;
  /** The key it accepts. */
  apiKey: string;
  requests: TFakeArkeselRequest[];
  /** Every message accepted, with the id it was given. */
  sent: { id: string; sender: string; to: string; message: string }[];
  set(behaviour: TFakeArkeselBehaviour): void;
  reset(): void;
  close(): Promise<void>;
};

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/** Ghana mobile numbers in the 233XXXXXXXXX form are the ones it takes. */
const VALID_RECIPIENT = /^233[2-5]\d{8}$/;

/**
 * `port` 0 takes any free port. `GET /__test/sent` (not Arkesel's: the browser tests' own way in)
 * answers `{ sent }`, what it accepted so far, for tests that run in another process.
 */
export async function startFakeArkeselServer(apiKey = 'fake-arkesel-key', port = 0): Promise<TFakeArkeselServer> {
  let behaviour: TFakeArkeselBehaviour = { kind: 'ok' };
  const state: TFakeArkeselServer = {
    url: '',
    apiKey,
    requests: [],
    sent: [],
    set: (next) => {
      behaviour = next;
    },
    reset: () => {
      behaviour = { kind: 'ok' };
      state.requests.length = 0;
      state.sent.length = 0;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method === 'GET' && req.url === '/__test/sent') return sendJson(res, 200, { sent: state.sent });
      if (req.method !== 'POST' || req.url !== '/api/v2/sms/send') return sendJson(res, 404, { status: 'error', message: 'Not found' });
      let body: TFakeArkeselRequest['body'];
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as TFakeArkeselRequest['body'];
      } catch {
        return sendJson(res, 422, { status: 'error', message: 'Invalid JSON' });
      }
      state.requests.push({ headers: req.headers, body });
      switch (behaviour.kind) {
        case 'hang':
          return;
        case 'invalid':
          return sendJson(res, 200, { ok: true });
        case 'refuse':
          return sendJson(res, behaviour.status ?? 401, { status: 'error', message: behaviour.message ?? 'Invalid API key' });
        case 'ok':
          break;
      }
      if (req.headers['api-key'] !== state.apiKey) return sendJson(res, 401, { status: 'error', message: 'Invalid API key' });
      if (
        typeof body.sender !== 'string' ||
        body.sender.length > 11 ||
        typeof body.message !== 'string' ||
        !Array.isArray(body.recipients)
      ) {
        return sendJson(res, 422, { status: 'error', message: 'The given data was invalid.' });
      }
      const data: unknown[] = [];
      const invalid: string[] = [];
      for (const recipient of body.recipients as unknown[]) {
        if (typeof recipient !== 'string' || !VALID_RECIPIENT.test(recipient)) {
          invalid.push(String(recipient));
          continue;
        }
        const id = randomUUID();
        state.sent.push({ id, sender: body.sender, to: recipient, message: body.message });
        data.push({ recipient, id });
      }
      if (invalid.length > 0) data.push({ 'invalid numbers': invalid });
      sendJson(res, 200, { status: 'success', data });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}
