import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { sha256 } from '@noble/hashes/sha2.js';
import { createBase58check } from '@scure/base';

/**
 * A local stand-in for TronGrid (USDT on TRON), answering in the shapes of its documentation
 * (developers.tron.network: "TronGrid API" and the HTTP API reference of java-tron's /wallet calls):
 * - `GET /v1/accounts/:address/transactions/trc20` ("Get TRC20 transaction info by account
 *   address": only_confirmed, only_unconfirmed, only_to, only_from, contract_address, min_timestamp,
 *   max_timestamp, order_by block_timestamp,asc|desc, limit 1-200 (20 by default), fingerprint),
 *   answering `{ data, success, meta: { at, page_size, fingerprint?, links?: { next } } }` with items
 *   `{ transaction_id, token_info: { symbol, address, decimals, name }, block_timestamp, from, to,
 *   type: 'Transfer', value }` (no block number);
 * - `GET /v1/contracts/:contract/events` ("Get events by contract address": event_name,
 *   min_block_timestamp, max_block_timestamp, order_by, limit 1-200, fingerprint), items `{ block_number,
 *   block_timestamp, contract_address, event_index, event_name, result: { from, to, value } (addresses as
 *   0x and 20 bytes of hex), result_type, event, transaction_id }`;
 * - `POST /wallet/getnowblock` and `POST /wallet/getblockbynum` {num} (`{ blockID, block_header:
 *   { raw_data: { number, txTrieRoot, witness_address, parentHash, version, timestamp },
 *   witness_signature } }`; `{}` when the block does not exist);
 * - `POST /wallet/gettransactioninfobyid` {value} (`{ id, fee, blockNumber, blockTimeStamp,
 *   contractResult, contract_address, receipt: { energy_usage_total, net_usage, result: 'SUCCESS' },
 *   log: [{ address, topics, data }] }`, addresses in logs as 20 bytes of hex; a failed call with
 *   receipt.result REVERT, result FAILED, resMessage and no log; `{}` when unknown or not in a block yet);
 * - `POST /wallet/gettransactioninfobyblocknum` {num} (java-tron's: the infos of every transaction of
 *   the block, `[]` for none);
 * - the `TRON-PRO-API-KEY` header (a wrong key: 401), 429 / 503 over the rate limit.
 *
 * Tests drive its chain: mine a block with TRC20 transfers (and filler ones to other addresses),
 * reorganise the tip (the transfers of dropped blocks wait to be mined again), make requests fail
 * (429, 503, 500), hang (the client's timeout must fire) or answer slowly, and count the requests.
 */

const base58check = createBase58check(sha256);
const TRANSFER_TOPIC = 'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
/** USDT's contract on TRON mainnet. */
export const TRON_USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

const hex32 = () => randomBytes(32).toString('hex');
const toHex = (address: string) => Buffer.from(base58check.decode(address).slice(1)).toString('hex');
/** A random T… address (someone else's). */
export const randomTronAddress = () => base58check.encode(new Uint8Array([0x41, ...randomBytes(20)]));

export type TFakeTrc20Transfer = { to: string; value: bigint; contract?: string; from?: string };
/** A transaction: one call of a token contract, with one Transfer log per transfer (a batch sender makes several). */
export type TFakeTronTx = {
  txID: string;
  contract: string;
  transfers: (TFakeTrc20Transfer & { from: string })[];
  result: 'SUCCESS' | 'REVERT';
};
type TFakeBlock = { id: string; number: number; parentHash: string; timestamp: number; txs: TFakeTronTx[] };

export type TFakeTronBehaviour =
  /** Answers with this status and a JSON body (429 / 503: with Retry-After when given). */
  | { kind: 'error'; status: number; retryAfter?: string }
  /** Never answers (until the server closes): the client's timeout must fire. */
  | { kind: 'hang' }
  /** Answers after `ms`. */
  | { kind: 'slow'; ms: number };

export type TFakeTronRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  apiKey: string | null;
  at: number;
  status: number | 'hang';
};

export type TFakeTronGrid = {
  url: string;
  height(): number;
  tip(): { number: number; hash: string };
  /** A new block with these transactions (each a list of transfers, or a transaction dropped by a reorg), and `filler` transfers to others. */
  mine(
    txs?: (TFakeTrc20Transfer[] | TFakeTronTx)[],
    options?: { filler?: number; result?: 'SUCCESS' | 'REVERT' },
  ): {
    number: number;
    hash: string;
    txs: TFakeTronTx[];
  };
  mineEmpty(count: number): void;
  /** A transaction broadcast but not in a block yet (gettransactioninfobyid answers `{}` for it), to be mined later with `mine([tx])`. */
  broadcast(transfers: TFakeTrc20Transfer[]): TFakeTronTx;
  /** Drops the `depth` newest blocks; their transactions are returned (to be mined again or not). */
  reorg(depth: number): TFakeTronTx[];
  /** The next `times` requests whose path matches misbehave. */
  misbehave(path: RegExp, behaviour: TFakeTronBehaviour, times?: number): void;
  requests: TFakeTronRequest[];
  close(): Promise<void>;
};

export async function startFakeTronGridServer(options: { startNumber?: number; apiKey?: string } = {}): Promise<TFakeTronGrid> {
  const best: TFakeBlock[] = [];
  const rules: { path: RegExp; behaviour: TFakeTronBehaviour; times: number }[] = [];
  const requests: TFakeTronRequest[] = [];
  const hanging = new Set<ServerResponse>();
  let clock = 1_764_000_000_000; // ms, as TRON writes timestamps

  const addBlock = (txs: TFakeTronTx[]) => {
    const number = best.length === 0 ? (options.startNumber ?? 70_000_000) : best.at(-1)!.number + 1;
    // A blockID starts with the block number in 8 bytes, as TRON's do.
    const block: TFakeBlock = {
      id: number.toString(16).padStart(16, '0') + hex32().slice(16),
      number,
      parentHash: best.at(-1)?.id ?? '0'.repeat(64),
      timestamp: (clock += 3000),
      txs,
    };
    best.push(block);
    return block;
  };
  addBlock([]);

  const blockJson = (block: TFakeBlock) => ({
    blockID: block.id,
    block_header: {
      raw_data: {
        number: block.number,
        txTrieRoot: hex32(),
        witness_address: `41${randomBytes(20).toString('hex')}`,
        parentHash: block.parentHash,
        version: 31,
        timestamp: block.timestamp,
      },
      witness_signature: randomBytes(65).toString('hex'),
    },
    ...(block.txs.length > 0 ? { transactions: block.txs.map((tx) => ({ txID: tx.txID, ret: [{ contractRet: tx.result }] })) } : {}),
  });
  /** The chain before the first block the fake made: empty blocks 3 s apart (a real chain has a history below the tests' blocks). */
  const history = new Map<number, TFakeBlock>();
  const byNumber = (number: number): TFakeBlock | undefined => {
    const first = best[0]!;
    if (number >= first.number) return best[number - first.number];
    if (number < 0) return undefined;
    let block = history.get(number);
    if (!block) {
      block = {
        id: number.toString(16).padStart(16, '0') + hex32().slice(16),
        number,
        parentHash: '0'.repeat(64),
        timestamp: first.timestamp - 3000 * (first.number - number),
        txs: [],
      };
      history.set(number, block);
    }
    return block;
  };

  function trc20(address: string, query: URLSearchParams) {
    const limit = Number(query.get('limit') ?? 20);
    if (!Number.isInteger(limit) || limit < 1 || limit > 200)
      return { status: 400, body: { success: false, error: 'limit must be between 1 and 200', statusCode: 400 } };
    const contract = query.get('contract_address');
    const min = Number(query.get('min_timestamp') ?? 0);
    const max = Number(query.get('max_timestamp') ?? Number.MAX_SAFE_INTEGER);
    const onlyTo = query.get('only_to') === 'true';
    const onlyFrom = query.get('only_from') === 'true';
    const ascending = query.get('order_by') === 'block_timestamp,asc';
    const all: Record<string, unknown>[] = [];
    for (const block of best) {
      if (block.timestamp < min || block.timestamp > max) continue;
      for (const tx of block.txs) {
        if (tx.result !== 'SUCCESS' || (contract && tx.contract !== contract)) continue;
        for (const transfer of tx.transfers) {
          const isTo = transfer.to === address;
          const isFrom = transfer.from === address;
          if (!(isTo || isFrom) || (onlyTo && !isTo) || (onlyFrom && !isFrom)) continue;
          all.push({
            transaction_id: tx.txID,
            token_info: { symbol: 'USDT', address: tx.contract, decimals: 6, name: 'Tether USD' },
            block_timestamp: block.timestamp,
            from: transfer.from,
            to: transfer.to,
            type: 'Transfer',
            value: transfer.value.toString(),
          });
        }
      }
    }
    if (!ascending) all.reverse();
    // The fingerprint: an opaque cursor (here the position, encoded).
    const fingerprint = query.get('fingerprint');
    const start = fingerprint ? Number(Buffer.from(fingerprint, 'base64url').toString().replace('at:', '')) : 0;
    const data = all.slice(start, start + limit);
    const more = start + limit < all.length;
    const next = more ? Buffer.from(`at:${start + limit}`).toString('base64url') : undefined;
    return {
      status: 200,
      body: {
        data,
        success: true,
        meta: {
          at: Date.now(),
          page_size: data.length,
          ...(next
            ? { fingerprint: next, links: { next: `${server.url}/v1/accounts/${address}/transactions/trc20?fingerprint=${next}` } }
            : {}),
        },
      },
    };
  }

  /** An opaque cursor for the next page (here the position, encoded), and the page. */
  function paged<T>(all: T[], query: URLSearchParams, next: (fingerprint: string) => string) {
    const limit = Number(query.get('limit') ?? 20);
    const fingerprint = query.get('fingerprint');
    const start = fingerprint ? Number(Buffer.from(fingerprint, 'base64url').toString().replace('at:', '')) : 0;
    const data = all.slice(start, start + limit);
    const more = start + limit < all.length ? Buffer.from(`at:${start + limit}`).toString('base64url') : undefined;
    return {
      data,
      success: true,
      meta: { at: Date.now(), page_size: data.length, ...(more ? { fingerprint: more, links: { next: next(more) } } : {}) },
    };
  }

  function events(contract: string, query: URLSearchParams) {
    const limit = Number(query.get('limit') ?? 20);
    if (!Number.isInteger(limit) || limit < 1 || limit > 200)
      return { status: 400, body: { success: false, error: 'limit must be between 1 and 200', statusCode: 400 } };
    const name = query.get('event_name');
    const min = Number(query.get('min_block_timestamp') ?? 0);
    const max = Number(query.get('max_block_timestamp') ?? Number.MAX_SAFE_INTEGER);
    const all: Record<string, unknown>[] = [];
    for (const block of best) {
      if (block.timestamp < min || block.timestamp > max) continue;
      for (const tx of block.txs) {
        if (tx.result !== 'SUCCESS' || tx.contract !== contract || (name && name !== 'Transfer')) continue;
        tx.transfers.forEach((transfer, index) => {
          const from = `0x${toHex(transfer.from)}`;
          const to = `0x${toHex(transfer.to)}`;
          all.push({
            block_number: block.number,
            block_timestamp: block.timestamp,
            caller_contract_address: contract,
            contract_address: contract,
            event_index: index,
            event_name: 'Transfer',
            result: { 0: from, 1: to, 2: transfer.value.toString(), from, to, value: transfer.value.toString() },
            result_type: { from: 'address', to: 'address', value: 'uint256' },
            event: 'Transfer(address indexed from, address indexed to, uint256 value)',
            transaction_id: tx.txID,
          });
        });
      }
    }
    if (query.get('order_by') !== 'block_timestamp,asc') all.reverse();
    return { status: 200, body: paged(all, query, (next) => `${server.url}/v1/contracts/${contract}/events?fingerprint=${next}`) };
  }

  function txInfo(txid: string) {
    for (const block of best) {
      const tx = block.txs.find((each) => each.txID === txid);
      if (!tx) continue;
      const contractHex = toHex(tx.contract);
      return {
        id: tx.txID,
        fee: 13_844_850,
        blockNumber: block.number,
        blockTimeStamp: block.timestamp,
        contractResult: [tx.result === 'SUCCESS' ? '0'.repeat(63) + '1' : ''],
        contract_address: `41${contractHex}`,
        receipt: { energy_usage_total: 64_285, net_usage: 345, result: tx.result },
        // A failed call: java-tron adds result FAILED and the revert message (hex), and writes no logs.
        ...(tx.result !== 'SUCCESS' ? { result: 'FAILED', resMessage: Buffer.from('REVERT opcode executed').toString('hex') } : {}),
        ...(tx.result === 'SUCCESS'
          ? {
              log: tx.transfers.map((transfer) => ({
                address: contractHex,
                topics: [TRANSFER_TOPIC, toHex(transfer.from).padStart(64, '0'), toHex(transfer.to).padStart(64, '0')],
                data: transfer.value.toString(16).padStart(64, '0'),
              })),
            }
          : {}),
      };
    }
    return {};
  }

  function route(method: string, path: string, query: URLSearchParams, body: Record<string, unknown>): { status: number; body: unknown } {
    let m: RegExpMatchArray | null;
    if (method === 'GET' && (m = path.match(/^\/v1\/accounts\/([^/]+)\/transactions\/trc20$/))) {
      const address = decodeURIComponent(m[1]!);
      try {
        if (base58check.decode(address).length !== 21) throw new Error('length');
      } catch {
        return { status: 400, body: { success: false, error: 'Invalid address provided', statusCode: 400 } };
      }
      return trc20(address, query);
    }
    if (method === 'GET' && (m = path.match(/^\/v1\/contracts\/([^/]+)\/events$/))) return events(decodeURIComponent(m[1]!), query);
    if (method === 'POST' && path === '/wallet/getnowblock') return { status: 200, body: blockJson(best.at(-1)!) };
    if (method === 'POST' && path === '/wallet/getblockbynum') {
      const block = typeof body.num === 'number' ? byNumber(body.num) : undefined;
      return { status: 200, body: block ? blockJson(block) : {} };
    }
    if (method === 'POST' && path === '/wallet/gettransactioninfobyblocknum') {
      const block = typeof body.num === 'number' ? byNumber(body.num) : undefined;
      return { status: 200, body: block ? block.txs.map((tx) => txInfo(tx.txID)) : [] };
    }
    if (method === 'POST' && path === '/wallet/gettransactioninfobyid')
      return { status: 200, body: typeof body.value === 'string' ? txInfo(body.value) : {} };
    return { status: 404, body: { Error: 'Not Found' } };
  }

  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let data = '';
      req.on('data', (chunk: Buffer) => (data += chunk.toString()));
      req.on('end', () => resolve(data));
    });

  const http = createServer((req, res) => void handle(req, res));
  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const raw = req.method === 'POST' ? await readBody(req) : '';
    let body: Record<string, unknown> = {};
    try {
      body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    } catch {
      body = {};
    }
    const apiKey = (req.headers['tron-pro-api-key'] as string | undefined) ?? null;
    const entry: TFakeTronRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      body,
      apiKey,
      at: Date.now(),
      status: 200,
    };
    requests.push(entry);
    const send = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
      entry.status = status;
      if (!res.destroyed) res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(payload));
    };
    const rule = rules.find((each) => each.times > 0 && each.path.test(url.pathname));
    if (rule) rule.times--;
    const behaviour = rule?.behaviour;
    if (behaviour?.kind === 'hang') {
      entry.status = 'hang';
      hanging.add(res);
      res.on('close', () => hanging.delete(res));
      return;
    }
    if (behaviour?.kind === 'error') {
      send(
        behaviour.status,
        behaviour.status === 429 || behaviour.status === 503
          ? { Error: 'request rate exceeded the allowed_rps(15), and the query server is suspended for 1s' }
          : { Error: 'Internal Server Error' },
        behaviour.retryAfter !== undefined ? { 'retry-after': behaviour.retryAfter } : {},
      );
      return;
    }
    if (options.apiKey && apiKey !== null && apiKey !== options.apiKey) {
      send(401, { Error: 'ApiKey not exists' });
      return;
    }
    const answer = route(req.method ?? 'GET', url.pathname, url.searchParams, body);
    if (behaviour?.kind === 'slow') setTimeout(() => send(answer.status, answer.body), behaviour.ms);
    else send(answer.status, answer.body);
  }
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  const server = { url: `http://127.0.0.1:${port}` };

  const makeTx = (transfers: TFakeTrc20Transfer[], result: 'SUCCESS' | 'REVERT'): TFakeTronTx => ({
    txID: hex32(),
    contract: transfers[0]?.contract ?? TRON_USDT,
    transfers: transfers.map((transfer) => ({ ...transfer, from: transfer.from ?? randomTronAddress() })),
    result,
  });

  return {
    url: server.url,
    height: () => best.at(-1)!.number,
    tip: () => ({ number: best.at(-1)!.number, hash: best.at(-1)!.id }),
    mine: (txs = [], mineOptions = {}) => {
      const made = txs.map((each) => (Array.isArray(each) ? makeTx(each, mineOptions.result ?? 'SUCCESS') : each));
      const filler = Array.from({ length: mineOptions.filler ?? 0 }, () =>
        makeTx([{ to: randomTronAddress(), value: 1_000_000n }], 'SUCCESS'),
      );
      const half = Math.floor(filler.length / 2);
      const block = addBlock([...filler.slice(0, half), ...made, ...filler.slice(half)]);
      return { number: block.number, hash: block.id, txs: made };
    },
    mineEmpty: (count) => {
      for (let i = 0; i < count; i++) addBlock([]);
    },
    broadcast: (transfers) => makeTx(transfers, 'SUCCESS'),
    reorg: (depth) => {
      if (depth >= best.length) throw new Error('cannot drop the first block');
      return best.splice(best.length - depth, depth).flatMap((block) => block.txs);
    },
    misbehave: (path, behaviour, times = 1) => {
      rules.push({ path, behaviour, times });
    },
    requests,
    close: async () => {
      for (const res of hanging) res.destroy();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
