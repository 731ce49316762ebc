import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import {
  ChainEndpointError,
  rateLimited,
  type TBlockRef,
  type TChainAdapter,
  type TChainTransaction,
  type TChainTransfer,
  type TWatchSet,
} from './adapter.js';

/**
 * The EVM adapter (Ethereum, BNB Smart Chain; docs/decisions/058): JSON-RPC over fetch, no client
 * library. Tokens by `eth_getLogs` on their Transfer events to the watched addresses (the third
 * topic, the receiver), the native coin by a scan of each block's transactions.
 */

/** keccak-256 of the event's signature: the first topic of every ERC20 Transfer log. */
export const TRANSFER_TOPIC = `0x${bytesToHex(keccak_256(utf8ToBytes('Transfer(address,address,uint256)')))}`;

/** Addresses per eth_getLogs request: providers cap a topic's list (and the answer's size). */
const ADDRESSES_PER_REQUEST = 200;

export type TRpcOptions = { url: string; minIntervalMs: number; timeoutMs: number; attempts?: number };

let rpcId = 0;

/** One JSON-RPC call: rate limited, with a timeout, retried with backoff (0.5 s, 1 s, 2 s …) while the failure may pass. */
export async function rpc<T>(options: TRpcOptions, method: string, params: unknown[]): Promise<T> {
  const attempts = options.attempts ?? 3;
  for (let attempt = 1; ; attempt++) {
    try {
      return await rpcOnce<T>(options, method, params);
    } catch (error) {
      const retryable = !(error instanceof ChainEndpointError) || error.retryable;
      if (!retryable || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500 * 2 ** (attempt - 1)));
    }
  }
}

async function rpcOnce<T>(options: TRpcOptions, method: string, params: unknown[]): Promise<T> {
  await rateLimited(options.url, options.minIntervalMs);
  let response: Response;
  try {
    response = await fetch(options.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: ++rpcId, method, params }),
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch (error) {
    throw new ChainEndpointError(`${method}: ${error instanceof Error ? error.message : String(error)}`, true);
  }
  if (!response.ok) {
    // 429 (rate limited) and 5xx pass; other refusals (401, 403, 404) need a person.
    throw new ChainEndpointError(`${method}: HTTP ${response.status}`, response.status === 429 || response.status >= 500);
  }
  const body = (await response.json().catch(() => null)) as { result?: T; error?: { code: number; message: string } } | null;
  if (!body) throw new ChainEndpointError(`${method}: not JSON`, true);
  if (body.error) throw new ChainEndpointError(`${method}: ${body.error.code} ${body.error.message}`, body.error.code === -32005);
  return body.result as T;
}

const hex = (n: number) => `0x${n.toString(16)}`;
const padAddress = (address: string) => `0x${address.slice(2).toLowerCase().padStart(64, '0')}`;

type TRpcBlock = { number: string; hash: string; transactions: { hash: string; from?: string; to: string | null; value: string }[] };
type TRpcLog = {
  transactionHash: string;
  logIndex: string;
  blockNumber: string;
  blockHash: string;
  topics: string[];
  data: string;
  removed?: boolean;
};

type TRpcReceipt = {
  transactionHash: string;
  blockNumber: string | null;
  blockHash: string | null;
  /** '0x1' success, '0x0' reverted (after the Byzantium fork; every network watched here). */
  status: string;
  logs: (TRpcLog & { address: string })[];
};

export class EvmAdapter implements TChainAdapter {
  constructor(private readonly options: TRpcOptions) {}

  async head(): Promise<TBlockRef> {
    const block = await rpc<TRpcBlock | null>(this.options, 'eth_getBlockByNumber', ['latest', false]);
    if (!block) throw new ChainEndpointError('eth_getBlockByNumber: no latest block', true);
    return { number: Number(BigInt(block.number)), hash: block.hash };
  }

  async blockHash(number: number): Promise<string | null> {
    const block = await rpc<TRpcBlock | null>(this.options, 'eth_getBlockByNumber', [hex(number), false]);
    return block?.hash ?? null;
  }

  async transaction(txHash: string, watch: Omit<TWatchSet, 'addresses'>): Promise<TChainTransaction | null> {
    const receipt = await rpc<TRpcReceipt | null>(this.options, 'eth_getTransactionReceipt', [txHash]);
    if (!receipt?.blockNumber || !receipt.blockHash) return null;
    const blockNumber = Number(BigInt(receipt.blockNumber));
    const blockHash = receipt.blockHash.toLowerCase();
    const transfers: TChainTransfer[] = [];
    const tokenByContract = new Map(
      [...watch.tokens].map(([coinSymbol, token]) => [token.contract.toLowerCase(), { coinSymbol, ...token }]),
    );
    for (const log of receipt.logs) {
      const token = tokenByContract.get(log.address.toLowerCase());
      if (!token || log.removed || log.topics.length < 3 || log.topics[0]?.toLowerCase() !== TRANSFER_TOPIC) continue;
      transfers.push({
        coinSymbol: token.coinSymbol,
        txHash: receipt.transactionHash.toLowerCase(),
        logIndex: Number(BigInt(log.logIndex)),
        to: `0x${log.topics[2]!.slice(-40)}`.toLowerCase(),
        rawAmount: BigInt(log.data === '0x' ? 0 : log.data),
        decimals: token.decimals,
        blockNumber,
        blockHash,
      });
    }
    if (watch.native) {
      const tx = await rpc<{ to: string | null; value: string } | null>(this.options, 'eth_getTransactionByHash', [txHash]);
      const value = tx ? BigInt(tx.value) : 0n;
      if (tx?.to && value > 0n)
        transfers.push({
          coinSymbol: watch.native.coinSymbol,
          txHash: receipt.transactionHash.toLowerCase(),
          logIndex: -1,
          to: tx.to.toLowerCase(),
          rawAmount: value,
          decimals: watch.native.decimals,
          blockNumber,
          blockHash,
        });
    }
    return { blockNumber, blockHash, succeeded: receipt.status === '0x1', transfers };
  }

  async transfers(from: number, to: number, watch: TWatchSet): Promise<TChainTransfer[]> {
    const found: TChainTransfer[] = [];
    const addresses = [...watch.addresses];
    for (const [coinSymbol, token] of watch.tokens) {
      for (let i = 0; i < addresses.length; i += ADDRESSES_PER_REQUEST) {
        const logs = await rpc<TRpcLog[]>(this.options, 'eth_getLogs', [
          {
            fromBlock: hex(from),
            toBlock: hex(to),
            address: token.contract,
            topics: [TRANSFER_TOPIC, null, addresses.slice(i, i + ADDRESSES_PER_REQUEST).map(padAddress)],
          },
        ]);
        for (const log of logs) {
          if (log.removed || log.topics.length < 3 || log.topics[0]?.toLowerCase() !== TRANSFER_TOPIC) continue;
          const receiver = `0x${log.topics[2]!.slice(-40)}`.toLowerCase();
          if (!watch.addresses.has(receiver)) continue;
          found.push({
            coinSymbol,
            txHash: log.transactionHash.toLowerCase(),
            logIndex: Number(BigInt(log.logIndex)),
            to: receiver,
            from: log.topics[1] ? `0x${log.topics[1].slice(-40)}`.toLowerCase() : null,
            rawAmount: BigInt(log.data === '0x' ? 0 : log.data),
            decimals: token.decimals,
            blockNumber: Number(BigInt(log.blockNumber)),
            blockHash: log.blockHash.toLowerCase(),
          });
        }
      }
    }
    if (watch.native) {
      for (let number = from; number <= to; number++) {
        const block = await rpc<TRpcBlock | null>(this.options, 'eth_getBlockByNumber', [hex(number), true]);
        if (!block) throw new ChainEndpointError(`eth_getBlockByNumber: block ${number} missing`, true);
        for (const tx of block.transactions) {
          const receiver = tx.to?.toLowerCase();
          if (!receiver || !watch.addresses.has(receiver)) continue;
          const value = BigInt(tx.value);
          if (value === 0n) continue;
          found.push({
            coinSymbol: watch.native.coinSymbol,
            txHash: tx.hash.toLowerCase(),
            logIndex: -1,
            to: receiver,
            from: tx.from?.toLowerCase() ?? null,
            rawAmount: value,
            decimals: watch.native.decimals,
            blockNumber: number,
            blockHash: block.hash.toLowerCase(),
          });
        }
      }
    }
    return found.filter((transfer) => transfer.rawAmount > 0n);
  }
}

/** An integer amount in the smallest unit as a decimal string of the coin (no float on the way). */
export function unitsToDecimal(raw: bigint, decimals: number): string {
  const negative = raw < 0n;
  const digits = (negative ? -raw : raw).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = decimals > 0 ? digits.slice(digits.length - decimals).replace(/0+$/, '') : '';
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}
