import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { rpc } from '#server/modules/chain-watch/evm.js';
import { UNREACHED_TIMEOUT_MS } from './timeouts.js';

/**
 * A real local Ethereum node for the chain watcher tests (docs/decisions/058): anvil, from the npm
 * package @foundry-rs/anvil, started on a free port and waited for until it answers JSON-RPC (never a
 * fixed sleep). Blocks are mined on each transaction and on anvil_mine; evm_snapshot/evm_revert
 * take the chain back (a reorganisation as the watcher sees it). Its first account is unlocked and
 * rich: eth_sendTransaction from it needs no key.
 */

export type TAnvil = {
  url: string;
  /** Milliseconds from the spawn to the first answer. */
  startMs: number;
  /** The first of anvil's funded accounts. */
  from: string;
  call: <T>(method: string, params?: unknown[]) => Promise<T>;
  /** Sends a transaction from `from` (mined at once) and returns its receipt. */
  send: (tx: {
    to?: string;
    data?: string;
    value?: bigint;
  }) => Promise<{ transactionHash: string; blockNumber: string; contractAddress: string | null }>;
  /** Waits until the transaction is in a block. */
  mined: (hash: string) => Promise<void>;
  mine: (blocks: number) => Promise<void>;
  head: () => Promise<number>;
  close: () => Promise<void>;
};

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export async function startAnvil(): Promise<TAnvil> {
  const port = await freePort();
  const bin = path.resolve('node_modules/.bin/anvil');
  const started = performance.now();
  const child: ChildProcess = spawn(bin, ['--port', String(port), '--host', '127.0.0.1', '--silent', '--chain-id', '31337'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let exited: string | null = null;
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.once('exit', (code) => (exited = `anvil exited with ${code}: ${stderr}`));
  const url = `http://127.0.0.1:${port}`;
  const answers = () =>
    rpc<string>({ url, minIntervalMs: 0, timeoutMs: UNREACHED_TIMEOUT_MS, attempts: 1 }, 'eth_chainId', []).catch(() => null);
  // Until it answers: a refused connection means not yet listening.
  for (;;) {
    if (exited) throw new Error(exited);
    if (await answers()) break;
    await new Promise((resolve) => setImmediate(resolve));
  }
  const startMs = performance.now() - started;
  return {
    ...(await connectAnvil(url)),
    startMs,
    close: async () => {
      if (child.exitCode !== null) return;
      const done = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await done;
    },
  };
}

/**
 * A client of an anvil already running at `url` (the browser tests': tests/e2e/global-setup.ts starts
 * it once and gives its URL to the specs): calls, transactions from its first account, mining.
 */
export async function connectAnvil(url: string): Promise<Omit<TAnvil, 'startMs' | 'close'>> {
  const call = <T>(method: string, params: unknown[] = []) =>
    rpc<T>({ url, minIntervalMs: 0, timeoutMs: UNREACHED_TIMEOUT_MS, attempts: 1 }, method, params);
  const [from] = await call<string[]>('eth_accounts');
  // Anvil mines a transaction on its own (automine), not always before it answers: wait for its receipt.
  type TReceipt = { transactionHash: string; blockNumber: string; contractAddress: string | null; status: string };
  const mined = async (hash: string) => {
    let receipt: TReceipt | null = null;
    for (let tries = 0; !receipt && tries < 10_000; tries++) {
      receipt = await call<TReceipt | null>('eth_getTransactionReceipt', [hash]);
      if (!receipt) await new Promise((resolve) => setTimeout(resolve, 5));
    }
    return receipt;
  };
  const send: TAnvil['send'] = async (tx) => {
    const hash = await call<string>('eth_sendTransaction', [
      {
        from,
        ...(tx.to ? { to: tx.to } : {}),
        ...(tx.data ? { data: tx.data } : {}),
        ...(tx.value ? { value: `0x${tx.value.toString(16)}` } : {}),
      },
    ]);
    const receipt = await mined(hash);
    if (!receipt || receipt.status !== '0x1') throw new Error(`transaction ${hash} failed: ${JSON.stringify(receipt)}`);
    return receipt;
  };
  return {
    url,
    from: from!,
    call,
    send,
    mined: async (hash) => {
      if (!(await mined(hash))) throw new Error(`transaction ${hash} not mined`);
    },
    mine: async (blocks) => void (await call('anvil_mine', [`0x${blocks.toString(16)}`])),
    head: async () => Number(BigInt(await call<string>('eth_blockNumber'))),
  };
}

/** The test ERC20 (tests/fixtures/chain/TestToken.sol, compiled by scripts/compile-test-token.mjs), deployed with `supply` to anvil's first account. */
export async function deployTestToken(anvil: Pick<TAnvil, 'send'>, supply: bigint): Promise<string> {
  const { bytecode } = JSON.parse(readFileSync(path.resolve('tests/fixtures/chain/test-token.json'), 'utf8')) as { bytecode: string };
  const receipt = await anvil.send({ data: bytecode + supply.toString(16).padStart(64, '0') });
  return receipt.contractAddress!;
}

/** transfer(to, value) of the test token, from anvil's first account. */
export function tokenTransfer(anvil: Pick<TAnvil, 'send'>, token: string, to: string, value: bigint) {
  const data = `0xa9059cbb${to.slice(2).toLowerCase().padStart(64, '0')}${value.toString(16).padStart(64, '0')}`;
  return anvil.send({ to: token, data });
}

/** A decimal amount in a token's smallest unit (exact: refuses more decimals than the token has). */
export function toUnits(amount: string, decimals: number): bigint {
  const [whole, fraction = ''] = amount.split('.');
  const trimmed = fraction.replace(/0+$/, '');
  if (trimmed.length > decimals) throw new Error(`${amount} has more than ${decimals} decimals`);
  return BigInt(whole! + trimmed.padEnd(decimals, '0'));
}
