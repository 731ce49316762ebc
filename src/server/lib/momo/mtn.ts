import { ProviderError } from '#server/lib/prices/http.js';
import type { TMomoFailureCode, TMomoProvider, TMomoStatus, TMomoTransferInput, TRequestToPayInput } from './provider.js';

/**
 * MTN's MoMo Open API (momodeveloper.mtn.com; production host proxy.momoapi.mtn.com), the calls
 * the automation needs, two products with their own credentials each (a subscription key, an
 * API user and its API key):
 *
 *   POST {base}/{collection|disbursement}/token/           Basic apiUser:apiKey -> { access_token, token_type, expires_in }
 *   POST {base}/collection/v1_0/requesttopay                202, no body; 409 RESOURCE_ALREADY_EXIST for a reused X-Reference-Id
 *   GET  {base}/collection/v1_0/requesttopay/{referenceId}  200 { amount, currency, financialTransactionId, externalId,
 *                                                           payer: { partyIdType, partyId }, status: PENDING|SUCCESSFUL|FAILED, reason? }
 *   POST {base}/disbursement/v1_0/transfer                  202; the same 409
 *   GET  {base}/disbursement/v1_0/transfer/{referenceId}    200 { ..., payee: {...}, status, reason? }; 404 for an unknown id
 *   GET  {base}/{product}/v1_0/accountholder/msisdn/{msisdn}/active         200 { result: true|false }
 *   GET  {base}/collection/v1_0/accountholder/msisdn/{msisdn}/basicuserinfo 200 { given_name, family_name, name, ... }
 *
 * Every call but the token carries `Authorization: Bearer <token>`, `X-Target-Environment`
 * ('sandbox' there, 'mtnghana' in Ghana's production) and the product's
 * `Ocp-Apim-Subscription-Key`; the posts also `X-Reference-Id` (a UUID v4 the caller makes and
 * stores before the call, so a retry after a network error reuses it and reads the status) and,
 * when set, `X-Callback-Url`. A `reason` is a code (PAYER_NOT_FOUND, NOT_ENOUGH_FUNDS,
 * APPROVAL_REJECTED, EXPIRED, ...) given either as a string or as { code, message }: both are
 * read. What this relies on, as published: the operation pages of the Collection and
 * Disbursement products on momodeveloper.mtn.com (requesttopay POST and GET, token POST,
 * accountholder active and basicuserinfo), its "MoMo API common errors" page (409
 * RESOURCE_ALREADY_EXIST, 404 RESOURCE NOT FOUND, 400 for a reference that is not UUID v4 or a
 * currency that is not the environment's, 401 for a wrong subscription key) and its "Sandbox Use
 * Cases" page (target environment 'sandbox', currency EUR, the fixed payer numbers). The local
 * fake in tests/helpers/fake-mtn-momo-server.ts speaks exactly this.
 */

export type TMtnProductCredentials = { subscriptionKey: string; apiUser: string; apiKey: string };

export type TMtnOptions = {
  baseUrl: string;
  /** 'sandbox', or 'mtnghana' in production. */
  targetEnvironment: string;
  /** The environment's currency: GHS in Ghana, EUR in the sandbox. */
  currency: string;
  collection: TMtnProductCredentials;
  disbursement: TMtnProductCredentials;
  timeoutMs: number;
  /**
   * Where MTN sends its one unsigned notice of a final status (a hint only: the status is always
   * read back), without a trailing slash: each request's notice goes to `<callbackUrl>/<referenceId>`.
   */
  callbackUrl?: string;
  now?: () => number;
};

type TProduct = 'collection' | 'disbursement';

const PROVIDER = 'mtn';

/** A token is used until this long before MTN says it expires. */
const TOKEN_MARGIN_MS = 60_000;

const FAILURE_CODES: readonly TMomoFailureCode[] = [
  'PAYER_NOT_FOUND',
  'PAYEE_NOT_FOUND',
  'NOT_ENOUGH_FUNDS',
  'PAYER_LIMIT_REACHED',
  'PAYEE_NOT_ALLOWED_TO_RECEIVE',
  'PAYMENT_NOT_APPROVED',
  'APPROVAL_REJECTED',
  'EXPIRED',
  'TRANSACTION_CANCELED',
  'NOT_ALLOWED',
  'INVALID_CURRENCY',
  'SERVICE_UNAVAILABLE',
  'INTERNAL_PROCESSING_ERROR',
];

/** '+233241234567' -> '233241234567': MTN takes MSISDNs in international form without the '+'. */
export function mtnMsisdn(phone: string): string {
  return phone.replace(/^\+/, '');
}

function reasonCode(reason: unknown): TMomoFailureCode {
  const code = typeof reason === 'string' ? reason : reason && typeof reason === 'object' && 'code' in reason ? reason.code : undefined;
  return FAILURE_CODES.find((known) => known === code) ?? 'INTERNAL_PROCESSING_ERROR';
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function text(value: unknown): string | null {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : null;
}

/** The MTN adapter (lib/momo/provider.ts): tokens cached per product and renewed before they expire or when refused. */
export function createMtnMomoProvider(options: TMtnOptions): TMomoProvider {
  const now = options.now ?? Date.now;
  const tokens = new Map<TProduct, { value: string; until: number }>();

  async function call(input: { method: string; url: string; headers: Record<string, string>; body?: unknown }): Promise<Response> {
    const signal = AbortSignal.timeout(options.timeoutMs);
    try {
      return await fetch(`${options.baseUrl}${input.url}`, {
        method: input.method,
        headers: { accept: 'application/json', ...input.headers, ...(input.body ? { 'content-type': 'application/json' } : {}) },
        ...(input.body ? { body: JSON.stringify(input.body) } : {}),
        signal,
      });
    } catch (error) {
      if (signal.aborted) throw new ProviderError(PROVIDER, 'timeout', `no answer within ${options.timeoutMs} ms`, { cause: error });
      throw new ProviderError(PROVIDER, 'network', 'request failed', { cause: error });
    }
  }

  async function readJson(response: Response): Promise<unknown> {
    try {
      return await response.json();
    } catch (error) {
      throw new ProviderError(PROVIDER, 'invalid', `answer ${response.status} is not JSON`, { cause: error });
    }
  }

  async function refusal(response: Response, what: string): Promise<ProviderError> {
    const body: unknown = await response.json().catch(() => null);
    const code = isObject(body) ? (text(body.code) ?? text(body.message)) : null;
    const kind = response.status === 429 ? 'rate-limited' : 'http';
    return new ProviderError(PROVIDER, kind, `${what}: HTTP ${response.status}${code ? ` ${code.slice(0, 100)}` : ''}`);
  }

  async function token(product: TProduct): Promise<string> {
    const cached = tokens.get(product);
    if (cached && cached.until > now()) return cached.value;
    const credentials = options[product];
    const response = await call({
      method: 'POST',
      url: `/${product}/token/`,
      headers: {
        authorization: `Basic ${Buffer.from(`${credentials.apiUser}:${credentials.apiKey}`).toString('base64')}`,
        'ocp-apim-subscription-key': credentials.subscriptionKey,
      },
    });
    if (!response.ok) throw await refusal(response, `${product} token`);
    const body = await readJson(response);
    if (!isObject(body) || typeof body.access_token !== 'string' || typeof body.expires_in !== 'number') {
      throw new ProviderError(PROVIDER, 'invalid', `${product} token: unexpected answer`);
    }
    tokens.set(product, { value: body.access_token, until: now() + body.expires_in * 1000 - TOKEN_MARGIN_MS });
    return body.access_token;
  }

  /** A call with the product's token; a 401 (the token was revoked or expired early) gets a new token and one more try. */
  async function authorised(product: TProduct, input: { method: string; url: string; headers?: Record<string, string>; body?: unknown }) {
    for (let attempt = 0; ; attempt += 1) {
      const response = await call({
        ...input,
        headers: {
          authorization: `Bearer ${await token(product)}`,
          'x-target-environment': options.targetEnvironment,
          'ocp-apim-subscription-key': options[product].subscriptionKey,
          ...input.headers,
        },
      });
      if (response.status !== 401 || attempt > 0) return response;
      tokens.delete(product);
    }
  }

  async function post(product: TProduct, url: string, referenceId: string, body: unknown, what: string): Promise<void> {
    const response = await authorised(product, {
      method: 'POST',
      url,
      // The reference in the path: MTN's notice carries only the externalId in its body.
      headers: {
        'x-reference-id': referenceId,
        ...(options.callbackUrl ? { 'x-callback-url': `${options.callbackUrl}/${referenceId}` } : {}),
      },
      body,
    });
    // 409: this reference was taken by an earlier try whose answer was lost; its status tells the rest.
    if (response.status === 202 || response.status === 409) return;
    throw await refusal(response, what);
  }

  async function status(product: TProduct, url: string, party: 'payer' | 'payee', what: string): Promise<TMomoStatus> {
    const response = await authorised(product, { method: 'GET', url });
    if (response.status === 404) return { state: 'unknown' };
    if (!response.ok) throw await refusal(response, what);
    const body = await readJson(response);
    if (!isObject(body) || typeof body.status !== 'string') throw new ProviderError(PROVIDER, 'invalid', `${what}: unexpected answer`);
    const amount = text(body.amount) ?? '';
    const partyId = isObject(body[party]) ? (text(body[party].partyId) ?? '') : '';
    switch (body.status) {
      case 'SUCCESSFUL':
        return { state: 'successful', providerTransactionId: text(body.financialTransactionId) ?? '', amount, partyId };
      case 'FAILED':
        return { state: 'failed', reason: reasonCode(body.reason) };
      case 'PENDING':
        return { state: 'pending' };
      default:
        throw new ProviderError(PROVIDER, 'invalid', `${what}: status ${body.status.slice(0, 40)}`);
    }
  }

  /** A payment in (collection: the payer's wallet) or out (disbursement: the payee's), as MTN's body has it. */
  const movement = async (product: TProduct, input: TRequestToPayInput | TMomoTransferInput) => {
    if (!/^\d+\.\d{2}$/.test(input.amount)) throw new Error(`MTN amounts are sent with two decimals, not ${input.amount}`);
    const [url, party, what] =
      product === 'collection'
        ? (['/collection/v1_0/requesttopay', 'payer', 'request to pay'] as const)
        : (['/disbursement/v1_0/transfer', 'payee', 'transfer'] as const);
    await post(
      product,
      url,
      input.referenceId,
      {
        amount: input.amount,
        currency: options.currency,
        externalId: input.externalId,
        [party]: { partyIdType: 'MSISDN', partyId: mtnMsisdn(input.phone) },
        payerMessage: input.payerMessage,
        payeeNote: input.payeeNote,
      },
      what,
    );
  };

  return {
    name: 'mtn',
    requestToPay: (input) => movement('collection', input),
    requestToPayStatus: (referenceId) =>
      status('collection', `/collection/v1_0/requesttopay/${encodeURIComponent(referenceId)}`, 'payer', 'request to pay status'),
    transfer: (input) => movement('disbursement', input),
    transferStatus: (referenceId) =>
      status('disbursement', `/disbursement/v1_0/transfer/${encodeURIComponent(referenceId)}`, 'payee', 'transfer status'),
    isActive: async (phone, product = 'collection') => {
      const response = await authorised(product, {
        method: 'GET',
        url: `/${product}/v1_0/accountholder/msisdn/${mtnMsisdn(phone)}/active`,
      });
      if (response.status === 404) return false;
      if (!response.ok) throw await refusal(response, 'account holder');
      const body = await readJson(response);
      return isObject(body) && body.result === true;
    },
    holderName: async (phone) => {
      const response = await authorised('collection', {
        method: 'GET',
        url: `/collection/v1_0/accountholder/msisdn/${mtnMsisdn(phone)}/basicuserinfo`,
      });
      if (response.status === 404) return null;
      if (!response.ok) throw await refusal(response, 'account holder name');
      const body = await readJson(response);
      if (!isObject(body)) return null;
      const full = text(body.name) ?? [text(body.given_name), text(body.family_name)].filter(Boolean).join(' ');
      return full.trim() || null;
    },
  };
}
