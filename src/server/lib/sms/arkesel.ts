import { ProviderError } from '#server/lib/prices/http.js';

/**
 * Arkesel's SMS API v2 (https://sms.arkesel.com, a Ghana SMS provider), the one call we make:
 *
 *   POST {base}/api/v2/sms/send
 *   api-key: <the account's SMS API key>
 *   { "sender": "<sender id, at most 11 characters>", "message": "...", "recipients": ["233241234567"] }
 *
 * answered, when accepted, with
 *
 *   { "status": "success", "data": [{ "recipient": "233241234567", "id": "<message id>" }] }
 *
 * where a number Arkesel refuses comes back as an entry { "invalid numbers": [...] } instead of
 * one with an id. The shape of a refusal (bad key, no balance, bad sender id) is not published
 * there: any HTTP error or status other than "success" counts as one, and its "message", when it
 * has one, goes into the SMS log's last error. What this relies on, as published: the endpoint,
 * the api-key header and the sender/message/recipients fields in the v2 client of
 * github.com/aglili/arkesel (arkesel/smsV2.py) and the "Expected Response" of its README; the
 * 233XXXXXXXXX form of recipients in the README of github.com/kalourmade/arkesel-sdk; the
 * 11-character sender id limit in the README of the arkesel-js npm package. The local fake in
 * tests/helpers/fake-arkesel-server.ts speaks exactly this.
 */

export type TArkeselOptions = { baseUrl: string; apiKey: string; timeoutMs: number };
export type TArkeselMessage = { sender: string; to: string; message: string };

const PROVIDER = 'arkesel';

/** '+233241234567' -> '233241234567': Arkesel takes international numbers without the '+'. */
export function arkeselRecipient(to: string): string {
  return to.replace(/^\+/, '');
}

function readMessage(body: unknown): string | null {
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') return body.message.slice(0, 200);
  return null;
}

/** Sends one SMS through Arkesel; answers Arkesel's message id, or throws a ProviderError. */
export async function sendArkeselSms(options: TArkeselOptions, input: TArkeselMessage): Promise<string> {
  const recipient = arkeselRecipient(input.to);
  const signal = AbortSignal.timeout(options.timeoutMs);
  const timedOut = (error: unknown) => new ProviderError(PROVIDER, 'timeout', `no answer within ${options.timeoutMs} ms`, { cause: error });
  let response: Response;
  try {
    response = await fetch(`${options.baseUrl}/api/v2/sms/send`, {
      method: 'POST',
      headers: { 'api-key': options.apiKey, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ sender: input.sender, message: input.message, recipients: [recipient] }),
      signal,
    });
  } catch (error) {
    if (signal.aborted) throw timedOut(error);
    throw new ProviderError(PROVIDER, 'network', 'request failed', { cause: error });
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch (error) {
    if (signal.aborted) throw timedOut(error);
    body = null;
  }
  const said = readMessage(body);
  if (response.status === 429) throw new ProviderError(PROVIDER, 'rate-limited', `HTTP 429${said ? `: ${said}` : ''}`);
  if (!response.ok) throw new ProviderError(PROVIDER, 'http', `HTTP ${response.status}${said ? `: ${said}` : ''}`);
  if (!body || typeof body !== 'object') throw new ProviderError(PROVIDER, 'invalid', 'the answer is not JSON');
  const answer = body as { status?: unknown; data?: unknown };
  if (answer.status !== 'success') throw new ProviderError(PROVIDER, 'http', `refused: ${said ?? String(answer.status)}`);
  const entries = Array.isArray(answer.data) ? (answer.data as unknown[]) : [];
  for (const entry of entries) {
    if (!entry || typeof entry !== 'object') continue;
    const { recipient: to, id } = entry as { recipient?: unknown; id?: unknown };
    if (to === recipient && typeof id === 'string' && id) return id;
  }
  const isInvalid = entries.some((entry) => entry && typeof entry === 'object' && 'invalid numbers' in entry);
  // Not the number itself: this text goes to the server log too (the SMS Log row has the number).
  if (isInvalid) throw new ProviderError(PROVIDER, 'http', 'refused the recipient number as invalid');
  throw new ProviderError(PROVIDER, 'invalid', 'the answer names no message id for the number');
}
