/**
 * The one way price clients talk HTTP: a timeout on every call (AbortSignal.timeout), and a
 * gate per provider that honours 429 / Retry-After (no call before the provider allows it).
 */

export type TProviderErrorKind = 'rate-limited' | 'timeout' | 'network' | 'http' | 'invalid';

export class ProviderError extends Error {
  constructor(
    readonly provider: string,
    readonly kind: TProviderErrorKind,
    message: string,
    options: { cause?: unknown } = {},
  ) {
    super(`${provider}: ${message}`, options);
    this.name = 'ProviderError';
  }
}

/** Remembers until when a provider asked us to stay away. */
export class ProviderGate {
  private blockedUntil = 0;

  constructor(
    readonly provider: string,
    /** Wait this long after a 429 that carries no Retry-After. */
    readonly defaultBackoffMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  isOpen(): boolean {
    return this.now() >= this.blockedUntil;
  }

  get retryAt(): Date | null {
    return this.isOpen() ? null : new Date(this.blockedUntil);
  }

  block(ms: number): void {
    this.blockedUntil = Math.max(this.blockedUntil, this.now() + ms);
  }
}

/** Retry-After as delay-seconds or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(header: string | null, nowMs: number): number | null {
  if (!header) return null;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  if (Number.isNaN(date)) return null;
  return Math.max(0, date - nowMs);
}

export type TFetchJsonOptions = {
  gate: ProviderGate;
  timeoutMs: number;
  headers?: Record<string, string>;
};

export async function fetchJson(url: string, options: TFetchJsonOptions): Promise<unknown> {
  const { gate } = options;
  const provider = gate.provider;
  if (!gate.isOpen()) {
    throw new ProviderError(provider, 'rate-limited', `waiting for Retry-After until ${gate.retryAt?.toISOString()}`);
  }
  const signal = AbortSignal.timeout(options.timeoutMs);
  let response: Response;
  try {
    response = await fetch(url, { headers: { accept: 'application/json', ...options.headers }, signal });
  } catch (error) {
    if (signal.aborted) throw new ProviderError(provider, 'timeout', `no answer within ${options.timeoutMs} ms`, { cause: error });
    throw new ProviderError(provider, 'network', 'request failed', { cause: error });
  }
  if (response.status === 429 || response.status === 418) {
    // 418 is Binance's answer to repeated 429s: back off the same way.
    const waitMs = parseRetryAfter(response.headers.get('retry-after'), Date.now()) ?? gate.defaultBackoffMs;
    gate.block(waitMs);
    await response.body?.cancel().catch(() => undefined);
    throw new ProviderError(provider, 'rate-limited', `HTTP ${response.status}, retry after ${Math.round(waitMs / 1000)} s`);
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    throw new ProviderError(provider, 'http', `HTTP ${response.status}`);
  }
  try {
    return await response.json();
  } catch (error) {
    if (signal.aborted) throw new ProviderError(provider, 'timeout', `no answer within ${options.timeoutMs} ms`, { cause: error });
    throw new ProviderError(provider, 'invalid', 'the answer is not JSON', { cause: error });
  }
}
