import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for MTN's MoMo Open API (src/server/lib/momo/mtn.ts lists the calls and the
 * pages of momodeveloper.mtn.com they follow): tokens per product with Basic auth and an expiry,
 * requesttopay and transfer answered 202 and 409 RESOURCE_ALREADY_EXIST for a reused reference,
 * 400 for a reference that is not a UUID v4 or a currency that is not the environment's, 401 for
 * a wrong subscription key or an expired token, 404 for an unknown reference, the account-holder
 * checks, and the sandbox's fixed numbers ("Sandbox Use Cases"):
 *
 *   46733123450  failed (INTERNAL_PROCESSING_ERROR); as an account holder: not found
 *   46733123451  rejected by the payer (APPROVAL_REJECTED); as an account holder: not active
 *   46733123452  timed out (EXPIRED)
 *   46733123453  pending for ever (ongoing)
 *   46733123454  pending for the first `delayedReads` reads, then successful (delayed)
 *   any other    successful
 *
 * and so do the Ghana numbers 0244000450 to 0244000454 (233244000450...), for a person or a
 * browser test driving the app with a Ghana number; a test may alias more (`aliases`).
 *
 * A final status is sent once to the request's X-Callback-Url (PUT, as MTN does for v1_0
 * operations), with no retry; `dropCallbacks` sends none. `slowMs` answers every call that late;
 * `hang` never answers. Tests read what it received.
 */

export const MTN_SANDBOX_NUMBERS = {
  failed: '46733123450',
  rejected: '46733123451',
  expired: '46733123452',
  ongoing: '46733123453',
  delayed: '46733123454',
} as const;

type TProduct = 'collection' | 'disbursement';

export type TFakeMtnTransaction = {
  product: TProduct;
  referenceId: string;
  body: { amount: string; currency: string; externalId: string; party: string; payerMessage?: string; payeeNote?: string };
  reads: number;
  callbackUrl?: string;
  callbackSent: boolean;
};

export type TFakeMtnOptions = {
  currency?: string;
  targetEnvironment?: string;
  /** Seconds a token lives (MTN: 3600). */
  tokenSeconds?: number;
  /** Reads of a 46733123454 transaction that still answer PENDING. */
  delayedReads?: number;
  /** Fixed credentials (`npm run dev` with MOMO_PROVIDER=mtn: scripts/fake-mtn.ts); random ones otherwise. */
  credentials?: Record<TProduct, { subscriptionKey: string; apiUser: string; apiKey: string }>;
  /** 0 (any free port) unless given. */
  port?: number;
};

export type TFakeMtnServer = {
  url: string;
  credentials: Record<TProduct, { subscriptionKey: string; apiUser: string; apiKey: string }>;
  targetEnvironment: string;
  currency: string;
  transactions: Map<string, TFakeMtnTransaction>;
  /** Tokens handed out, per product. */
  tokensIssued: Record<TProduct, number>;
  /** Every request, as method and path. */
  calls: string[];
  /** Callbacks sent, with what the receiver answered (or the error). */
  callbacks: { url: string; referenceId: string; status: string; answered: number | string }[];
  set(behaviour: { slowMs?: number; hang?: boolean; dropCallbacks?: boolean; failWith?: number }): void;
  /** Every token handed out so far is refused from now on (as if it expired early). */
  expireTokens(): void;
  /** Holder names the basicuserinfo call answers (by MSISDN); others get a made-up name. */
  names: Map<string, { given_name: string; family_name: string }>;
  /**
   * Ghana numbers (MSISDN, 233XXXXXXXXX) that behave as one of the sandbox's fixed numbers, so a
   * test can drive a customer's own (Ghana) number: `aliases.set('233241234567', MTN_SANDBOX_NUMBERS.rejected)`.
   */
  aliases: Map<string, string>;
  close(): Promise<void>;
};

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

function sendJson(res: ServerResponse, status: number, body?: unknown): void {
  if (body === undefined) {
    res.writeHead(status, { 'content-length': 0 });
    res.end();
    return;
  }
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  if (chunks.length === 0) return undefined;
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return null;
  }
}

function outcomeOf(
  transaction: TFakeMtnTransaction,
  delayedReads: number,
  aliases: Map<string, string>,
): { status: string; reason?: string } {
  switch (aliases.get(transaction.body.party) ?? transaction.body.party) {
    case MTN_SANDBOX_NUMBERS.failed:
      return { status: 'FAILED', reason: 'INTERNAL_PROCESSING_ERROR' };
    case MTN_SANDBOX_NUMBERS.rejected:
      return { status: 'FAILED', reason: 'APPROVAL_REJECTED' };
    case MTN_SANDBOX_NUMBERS.expired:
      return { status: 'FAILED', reason: 'EXPIRED' };
    case MTN_SANDBOX_NUMBERS.ongoing:
      return { status: 'PENDING' };
    case MTN_SANDBOX_NUMBERS.delayed:
      return transaction.reads <= delayedReads ? { status: 'PENDING' } : { status: 'SUCCESSFUL' };
    default:
      return { status: 'SUCCESSFUL' };
  }
}

export async function startFakeMtnMomoServer(options: TFakeMtnOptions = {}): Promise<TFakeMtnServer> {
  const currency = options.currency ?? 'GHS';
  const targetEnvironment = options.targetEnvironment ?? 'mtnghana';
  const tokenSeconds = options.tokenSeconds ?? 3600;
  const delayedReads = options.delayedReads ?? 2;
  const credentials = options.credentials ?? {
    collection: { subscriptionKey: `col-${randomUUID()}`, apiUser: randomUUID(), apiKey: randomUUID().replaceAll('-', '') },
    disbursement: { subscriptionKey: `dis-${randomUUID()}`, apiUser: randomUUID(), apiKey: randomUUID().replaceAll('-', '') },
  };
  const tokens = new Map<string, { product: TProduct; until: number }>();
  const transactions = new Map<string, TFakeMtnTransaction>();
  const tokensIssued = { collection: 0, disbursement: 0 };
  const calls: string[] = [];
  const callbacks: TFakeMtnServer['callbacks'] = [];
  const names = new Map<string, { given_name: string; family_name: string }>();
  // Ghana numbers that behave as the sandbox's, for a person trying the app (`npm run dev`, the
  // e2e): 024 400 0450 fails, ...451 is rejected, ...452 expires, ...453 stays pending, ...454 pays late.
  const aliases = new Map<string, string>(Object.values(MTN_SANDBOX_NUMBERS).map((sandbox) => [`233244000${sandbox.slice(-3)}`, sandbox]));
  let behaviour: { slowMs?: number; hang?: boolean; dropCallbacks?: boolean; failWith?: number } = {};
  const hanging = new Set<ServerResponse>();

  const statusBody = (transaction: TFakeMtnTransaction) => {
    const outcome = outcomeOf(transaction, delayedReads, aliases);
    const partyKey = transaction.product === 'collection' ? 'payer' : 'payee';
    return {
      amount: transaction.body.amount,
      currency: transaction.body.currency,
      ...(outcome.status === 'SUCCESSFUL' ? { financialTransactionId: String(1e9 + transactions.size + transaction.reads) } : {}),
      externalId: transaction.body.externalId,
      [partyKey]: { partyIdType: 'MSISDN', partyId: transaction.body.party },
      payerMessage: transaction.body.payerMessage,
      payeeNote: transaction.body.payeeNote,
      status: outcome.status,
      ...(outcome.reason ? { reason: outcome.reason } : {}),
    };
  };

  /** The one notice MTN sends of a final status: once, never retried, maybe not at all. */
  const sendCallback = (transaction: TFakeMtnTransaction) => {
    if (!transaction.callbackUrl || transaction.callbackSent) return;
    const body = statusBody(transaction);
    if (body.status === 'PENDING') return;
    transaction.callbackSent = true;
    if (behaviour.dropCallbacks) return;
    const url = transaction.callbackUrl;
    fetch(url, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(
      (response) => callbacks.push({ url, referenceId: transaction.referenceId, status: body.status, answered: response.status }),
      (error: unknown) => callbacks.push({ url, referenceId: transaction.referenceId, status: body.status, answered: String(error) }),
    );
  };

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      calls.push(`${req.method} ${url.pathname}`);
      if (behaviour.hang) {
        hanging.add(res);
        return;
      }
      if (behaviour.slowMs) await new Promise((resolve) => setTimeout(resolve, behaviour.slowMs));
      if (behaviour.failWith) return sendJson(res, behaviour.failWith, { code: 'SERVICE_UNAVAILABLE', message: 'Service unavailable' });
      const match = /^\/(collection|disbursement)\/(.*)$/.exec(url.pathname);
      if (!match) return sendJson(res, 404, { code: 'RESOURCE_NOT_FOUND', message: 'Requested resource was not found.' });
      const product = match[1] as TProduct;
      const rest = match[2]!;
      if (req.headers['ocp-apim-subscription-key'] !== credentials[product].subscriptionKey) {
        return sendJson(res, 401, {
          statusCode: 401,
          message: 'Access denied due to invalid subscription key. Make sure to provide a valid key for an active subscription.',
        });
      }
      if (rest === 'token/' && req.method === 'POST') {
        const basic = Buffer.from(`${credentials[product].apiUser}:${credentials[product].apiKey}`).toString('base64');
        if (req.headers.authorization !== `Basic ${basic}`) return sendJson(res, 401, { error: 'login_failed' });
        const token = randomUUID();
        tokens.set(token, { product, until: Date.now() + tokenSeconds * 1000 });
        tokensIssued[product] += 1;
        return sendJson(res, 200, { access_token: token, token_type: 'access_token', expires_in: tokenSeconds });
      }
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      const token = bearer ? tokens.get(bearer) : undefined;
      if (!token || token.product !== product || token.until <= Date.now()) {
        return sendJson(res, 401, { code: 'UNAUTHORIZED', message: 'Access token is missing, invalid or expired.' });
      }
      if (req.headers['x-target-environment'] !== targetEnvironment) {
        return sendJson(res, 400, { code: 'NOT_ALLOWED_TARGET_ENVIRONMENT', message: 'Access to target environment is forbidden.' });
      }
      const operation = product === 'collection' ? 'requesttopay' : 'transfer';
      if (rest === `v1_0/${operation}` && req.method === 'POST') {
        const referenceId = String(req.headers['x-reference-id'] ?? '');
        if (!UUID_V4.test(referenceId)) return sendJson(res, 400, { code: 'BAD_REQUEST', message: 'X-Reference-Id is not a UUID v4.' });
        const body = (await readBody(req)) as Record<string, unknown> | null | undefined;
        const party =
          (body?.[product === 'collection' ? 'payer' : 'payee'] as { partyIdType?: string; partyId?: string } | undefined) ?? {};
        if (
          !body ||
          typeof body.amount !== 'string' ||
          !/^\d+(\.\d+)?$/.test(body.amount) ||
          party.partyIdType !== 'MSISDN' ||
          !party.partyId
        ) {
          return sendJson(res, 400, { code: 'BAD_REQUEST', message: 'Request does not follow the specification.' });
        }
        if (body.currency !== currency) return sendJson(res, 500, { code: 'INVALID_CURRENCY', message: 'Currency not supported.' });
        if (transactions.has(referenceId)) {
          return sendJson(res, 409, { code: 'RESOURCE_ALREADY_EXIST', message: 'Duplicated reference id. Creation of resource failed.' });
        }
        const callbackUrl = typeof req.headers['x-callback-url'] === 'string' ? req.headers['x-callback-url'] : undefined;
        const transaction: TFakeMtnTransaction = {
          product,
          referenceId,
          body: {
            amount: body.amount,
            currency: String(body.currency),
            externalId: String(body.externalId ?? ''),
            party: party.partyId,
            ...(typeof body.payerMessage === 'string' ? { payerMessage: body.payerMessage } : {}),
            ...(typeof body.payeeNote === 'string' ? { payeeNote: body.payeeNote } : {}),
          },
          reads: 0,
          ...(callbackUrl ? { callbackUrl } : {}),
          callbackSent: false,
        };
        transactions.set(referenceId, transaction);
        sendJson(res, 202);
        // A final outcome is known at once for most numbers: its one notice goes out now.
        sendCallback(transaction);
        return;
      }
      const status = new RegExp(`^v1_0/${operation}/([^/]+)$`).exec(rest);
      if (status && req.method === 'GET') {
        const transaction = transactions.get(decodeURIComponent(status[1]!));
        if (!transaction || transaction.product !== product) {
          return sendJson(res, 404, { code: 'RESOURCE_NOT_FOUND', message: 'Requested resource was not found.' });
        }
        transaction.reads += 1;
        const body = statusBody(transaction);
        sendCallback(transaction);
        return sendJson(res, 200, body);
      }
      const holder = /^v1_0\/accountholder\/msisdn\/(\d+)\/(active|basicuserinfo)$/.exec(rest);
      if (holder && req.method === 'GET') {
        const [, asked, what] = holder;
        const msisdn = aliases.get(asked!) ?? asked;
        if (what === 'active') {
          if (msisdn === MTN_SANDBOX_NUMBERS.failed)
            return sendJson(res, 404, { code: 'RESOURCE_NOT_FOUND', message: 'Account holder not found.' });
          return sendJson(res, 200, { result: msisdn !== MTN_SANDBOX_NUMBERS.rejected });
        }
        if (msisdn === MTN_SANDBOX_NUMBERS.failed)
          return sendJson(res, 404, { code: 'RESOURCE_NOT_FOUND', message: 'Account holder not found.' });
        const name = names.get(asked!) ?? { given_name: 'Test', family_name: 'Holder' };
        return sendJson(res, 200, { ...name, name: `${name.given_name} ${name.family_name}`, locale: 'en', gender: '', status: 'ACTIVE' });
      }
      return sendJson(res, 404, { code: 'RESOURCE_NOT_FOUND', message: 'Requested resource was not found.' });
    })().catch((error: unknown) => sendJson(res, 500, { code: 'INTERNAL_PROCESSING_ERROR', message: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    credentials,
    targetEnvironment,
    currency,
    transactions,
    tokensIssued,
    calls,
    callbacks,
    names,
    aliases,
    set(next) {
      behaviour = next;
      if (!next.hang) for (const res of hanging) res.destroy();
    },
    expireTokens() {
      for (const token of tokens.values()) token.until = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
