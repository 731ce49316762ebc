import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChainEndpointError } from './adapter.js';
import { rpc, TRANSFER_TOPIC, unitsToDecimal } from './evm.js';

/*
 * The EVM adapter's JSON-RPC client against a local endpoint that answers as told: what is retried
 * (429, 5xx, a dropped connection, JSON-RPC -32005 "limit exceeded") and what is not (401, other
 * JSON-RPC errors). The adapter's calls themselves run against anvil (chain-watch.test.ts).
 */
describe('the EVM adapter', () => {
  let server: Server;
  let url: string;
  /** What the endpoint answers next, one per request; then `{ result: 'ok' }`. */
  let script: ({ status: number; body?: unknown } | 'drop')[] = [];
  let requests = 0;

  beforeAll(async () => {
    server = createServer((request, response) => {
      requests++;
      request.resume();
      request.on('end', () => {
        const next = script.shift() ?? { status: 200, body: { jsonrpc: '2.0', id: 1, result: 'ok' } };
        if (next === 'drop') return response.socket?.destroy();
        response.writeHead(next.status, { 'content-type': 'application/json' }).end(JSON.stringify(next.body ?? {}));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  const call = () => rpc<string>({ url, minIntervalMs: 0, timeoutMs: 60_000, attempts: 3 }, 'eth_blockNumber', []);

  it('retries what may pass: a rate limit, a server error, a dropped connection, "limit exceeded"', async () => {
    script = [{ status: 429 }, { status: 503 }];
    requests = 0;
    expect(await call()).toBe('ok');
    expect(requests).toBe(3);

    script = ['drop', { status: 200, body: { jsonrpc: '2.0', id: 1, error: { code: -32005, message: 'limit exceeded' } } }];
    requests = 0;
    expect(await call()).toBe('ok');
    expect(requests).toBe(3);
  });

  it('gives up after its attempts, and at once on a refusal that needs a person', async () => {
    script = [{ status: 500 }, { status: 500 }, { status: 500 }];
    requests = 0;
    await expect(call()).rejects.toThrow('eth_blockNumber: HTTP 500');
    expect(requests).toBe(3);

    script = [{ status: 401 }];
    requests = 0;
    const refused = await call().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ChainEndpointError);
    expect((refused as ChainEndpointError).retryable).toBe(false);
    expect(requests).toBe(1);

    script = [{ status: 200, body: { jsonrpc: '2.0', id: 1, error: { code: -32602, message: 'invalid params' } } }];
    requests = 0;
    await expect(call()).rejects.toThrow('-32602 invalid params');
    expect(requests).toBe(1);
  });

  it('reads amounts exactly: the smallest unit and the token decimals, no float', () => {
    expect(unitsToDecimal(4_975_124n, 6)).toBe('4.975124');
    expect(unitsToDecimal(10n ** 18n, 18)).toBe('1');
    expect(unitsToDecimal(1n, 18)).toBe('0.000000000000000001');
    // 2^64 + 1 wei: past a double's precision.
    expect(unitsToDecimal(18_446_744_073_709_551_617n, 18)).toBe('18.446744073709551617');
    expect(TRANSFER_TOPIC).toBe('0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef');
  });
});
