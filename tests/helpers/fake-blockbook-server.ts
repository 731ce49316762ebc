import { createServer, type ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { sha256 } from '@noble/hashes/sha2.js';
import { createBase58check } from '@scure/base';

/**
 * A local stand-in for a Blockbook (Dogecoin), answering in the shapes of trezor/blockbook's
 * documented REST API v2 (github.com/trezor/blockbook/blob/master/docs/api.md), as your own
 * Blockbook or a provider's serves it under /api/v2:
 * - `GET /api/v2`: the status, `blockbook.bestHeight` (the height indexed) and `backend.bestBlockHash`;
 * - `GET /api/v2/block-index/:height`: `{ "blockHash": … }`;
 * - `GET /api/v2/block/:hashOrHeight?page=N`: the block with `page`, `totalPages`, `itemsOnPage`,
 *   `txCount` and its transactions (`vout[]` with `value` in satoshis as a string, `n`, `addresses`, `isAddress`);
 * - `GET /api/v2/address/:address?details=txs&from=&to=&page=&pageSize=`: the address's history,
 *   newest first, the range's blocks only (`from`/`to` heights), `transactions` left out when none;
 * - `GET /api/v2/tx/:txid`: a transaction, `blockHeight` -1 and no `blockHash` in the mempool;
 * - errors as `{"error": "…"}`: "Block not found" and a transaction not found are public errors
 *   (HTTP 400), an unknown path 404, a failure 500, and 429 when rate limited.
 *
 * Tests drive its chain: mine a block with given payments (and filler transactions, for a block's
 * pages), reorganise the tip (the blocks dropped stay readable by hash as orphans, their
 * transactions go back to the mempool), make requests fail (500, 429 with Retry-After, 404), hang
 * (the client's timeout must fire), answer slowly or as a server lagging behind, and count requests.
 */

export type TFakeDogeOutput = { address: string; sats: number };
type TVout = { value: string; n: number; hex: string; addresses: string[]; isAddress: boolean };
export type TFakeDogeTx = {
  txid: string;
  version: number;
  vin: {
    txid?: string;
    vout?: number;
    sequence: number;
    n: number;
    addresses?: string[];
    isAddress: boolean;
    value?: string;
    coinbase?: string;
  }[];
  vout: TVout[];
  value: string;
  valueIn: string;
  fees: string;
  hex: string;
};
type TFakeBlock = { hash: string; height: number; previousBlockHash: string | null; time: number; txs: TFakeDogeTx[] };

export type TFakeBlockbookBehaviour =
  /** Answers with this status and `{"error": body}` (429: with Retry-After when given). */
  | { kind: 'error'; status: number; body?: string; retryAfter?: string }
  /** Never answers (until the server closes): the client's timeout must fire. */
  | { kind: 'hang' }
  /** Answers after `ms`. */
  | { kind: 'slow'; ms: number }
  /** Answers as a backend `blocks` behind the tip would (a provider's load balancer, one server lagging). */
  | { kind: 'behind'; blocks: number };

export type TFakeBlockbookRequest = { path: string; query: string; at: number; status: number | 'hang' };

export type TFakeBlockbook = {
  /** The Blockbook's base URL (as https://doge1.trezor.io is; the API is under /api/v2). */
  url: string;
  height(): number;
  tip(): { height: number; hash: string };
  /** A new block on the tip with these payments (one transaction each, from a sender), and `filler` unrelated ones. */
  mine(payments?: (TFakeDogeOutput[] | TFakeDogeTx)[], options?: { filler?: number }): { height: number; hash: string; txs: TFakeDogeTx[] };
  mineEmpty(count: number): void;
  /** Drops the `depth` newest blocks from the chain; their transactions go back to the mempool and are returned. */
  reorg(depth: number): TFakeDogeTx[];
  /** A transaction sent, not mined (in the mempool). */
  send(outputs: TFakeDogeOutput[]): TFakeDogeTx;
  /** The next `times` requests whose path (without /api/v2 and the query) matches misbehave. */
  misbehave(path: RegExp, behaviour: TFakeBlockbookBehaviour, times?: number): void;
  requests: TFakeBlockbookRequest[];
  close(): Promise<void>;
};

const base58check = createBase58check(sha256);
const hex32 = () => randomBytes(32).toString('hex');
const SUBSIDY = 1_000_000_000_000; // 10,000 DOGE

/** A random P2PKH address of Dogecoin (D…: version 0x1e), someone else's. */
export function randomDogeAddress(): string {
  return base58check.encode(Uint8Array.from([0x1e, ...randomBytes(20)]));
}

function output(address: string, sats: number, n: number): TVout {
  const program = randomBytes(20).toString('hex');
  return { value: String(sats), n, hex: `76a914${program}88ac`, addresses: [address], isAddress: true };
}

function transaction(outputs: TFakeDogeOutput[]): TFakeDogeTx {
  const sender = randomDogeAddress();
  const paid = outputs.reduce((sum, each) => sum + each.sats, 0);
  const fee = 1_000_000; // 0.01 DOGE
  const change = 500_000_000;
  const vout = [...outputs, { address: sender, sats: change }].map((each, n) => output(each.address, each.sats, n));
  return {
    txid: hex32(),
    version: 1,
    vin: [{ txid: hex32(), vout: 1, sequence: 4294967295, n: 0, addresses: [sender], isAddress: true, value: String(paid + fee + change) }],
    vout,
    value: String(paid + change),
    valueIn: String(paid + fee + change),
    fees: String(fee),
    hex: randomBytes(64).toString('hex'),
  };
}

function coinbase(height: number): TFakeDogeTx {
  return {
    txid: hex32(),
    version: 1,
    vin: [{ sequence: 4294967295, n: 0, isAddress: false, coinbase: `03${height.toString(16).padStart(6, '0')}` }],
    // And an OP_RETURN output (the witness commitment of the merge-mined parent): no address.
    vout: [output(randomDogeAddress(), SUBSIDY, 0), { value: '0', n: 1, hex: `6a24aa21a9ed${hex32()}`, addresses: [], isAddress: false }],
    value: String(SUBSIDY),
    valueIn: '0',
    fees: '0',
    hex: randomBytes(64).toString('hex'),
  };
}

export async function startFakeBlockbookServer(options: { startHeight?: number; blockPageSize?: number } = {}): Promise<TFakeBlockbook> {
  const blockPageSize = options.blockPageSize ?? 1000;
  const all = new Map<string, TFakeBlock>();
  const best: TFakeBlock[] = [];
  let mempool: TFakeDogeTx[] = [];
  const rules: { path: RegExp; behaviour: TFakeBlockbookBehaviour; times: number }[] = [];
  const requests: TFakeBlockbookRequest[] = [];
  const hanging = new Set<ServerResponse>();
  let clock = 1_764_000_000;

  const addBlock = (txs: TFakeDogeTx[]) => {
    const height = best.length === 0 ? (options.startHeight ?? 100) : best.at(-1)!.height + 1;
    const block: TFakeBlock = {
      hash: hex32(),
      height,
      previousBlockHash: best.at(-1)?.hash ?? null,
      time: (clock += 60),
      txs: [coinbase(height), ...txs],
    };
    all.set(block.hash, block);
    best.push(block);
    const mined = new Set(txs.map((tx) => tx.txid));
    mempool = mempool.filter((tx) => !mined.has(tx.txid));
    return block;
  };
  addBlock([]);

  /** Blocks hidden from the answers: a backend of the provider that lags behind the others. */
  let behind = 0;
  const view = () => (behind > 0 ? best.slice(0, Math.max(1, best.length - behind)) : best);
  const tipOf = () => view().at(-1)!;
  const atHeight = (height: number) => view()[height - view()[0]!.height];
  const onBest = (block: TFakeBlock) => atHeight(block.height)?.hash === block.hash;
  const located = (txid: string): { tx: TFakeDogeTx; block: TFakeBlock | null } | null => {
    for (let i = view().length - 1; i >= 0; i--) {
      const tx = view()[i]!.txs.find((each) => each.txid === txid);
      if (tx) return { tx, block: view()[i]! };
    }
    const tx = mempool.find((each) => each.txid === txid);
    return tx ? { tx, block: null } : null;
  };
  /** A transaction as the API writes it: where it was mined and its confirmations on the best chain (orphans: 0). */
  const withBlock = (tx: TFakeDogeTx, block: TFakeBlock | null) =>
    block
      ? {
          ...tx,
          blockHash: block.hash,
          blockHeight: block.height,
          confirmations: onBest(block) ? tipOf().height - block.height + 1 : 0,
          blockTime: block.time,
        }
      : { ...tx, blockHeight: -1, confirmations: 0, blockTime: clock };
  const touches = (tx: TFakeDogeTx, address: string) =>
    tx.vout.some((out) => out.addresses.includes(address)) || tx.vin.some((input) => input.addresses?.includes(address));

  type TAnswer = { status: number; body: unknown };
  const ok = (body: unknown): TAnswer => ({ status: 200, body });
  const fail = (status: number, error: string): TAnswer => ({ status, body: { error } });
  const int = (value: string | null, fallback: number) => (value !== null && /^\d+$/.test(value) ? Number(value) : fallback);

  function route(path: string, query: URLSearchParams): TAnswer {
    let m: RegExpMatchArray | null;
    if (path === '' || path === '/') {
      const tip = tipOf();
      return ok({
        blockbook: {
          coin: 'Dogecoin',
          host: 'fake-blockbook',
          version: '0.4.0',
          gitCommit: 'fake',
          buildTime: '2026-01-01T00:00:00+00:00',
          syncMode: true,
          initialSync: false,
          inSync: true,
          bestHeight: tip.height,
          lastBlockTime: new Date(tip.time * 1000).toISOString(),
          inSyncMempool: true,
          lastMempoolTime: new Date(clock * 1000).toISOString(),
          mempoolSize: mempool.length,
          decimals: 8,
          dbSize: 1,
          about: 'Blockbook - blockchain indexer for Trezor Suite https://trezor.io/trezor-suite. Do not use for any other purpose.',
        },
        backend: {
          chain: 'main',
          blocks: tip.height,
          headers: tip.height,
          bestBlockHash: tip.hash,
          difficulty: '1',
          sizeOnDisk: 1,
          version: '1140900',
          subversion: '/Shibetoshi:1.14.9/',
          protocolVersion: '70015',
        },
      });
    }
    if ((m = path.match(/^\/block-index\/(\d+)$/))) {
      const block = atHeight(Number(m[1]));
      return block ? ok({ blockHash: block.hash }) : fail(400, 'Block not found');
    }
    if ((m = path.match(/^\/block\/([0-9a-f]{64}|\d+)$/))) {
      const block = /^\d+$/.test(m[1]!) && m[1]!.length < 64 ? atHeight(Number(m[1])) : all.get(m[1]!);
      if (!block) return fail(400, 'Block not found');
      const totalPages = Math.max(1, Math.ceil(block.txs.length / blockPageSize));
      const page = Math.min(Math.max(1, int(query.get('page'), 1)), totalPages);
      const next = onBest(block) ? atHeight(block.height + 1) : undefined;
      return ok({
        page,
        totalPages,
        itemsOnPage: blockPageSize,
        hash: block.hash,
        previousBlockHash: block.previousBlockHash ?? undefined,
        nextBlockHash: next?.hash,
        height: block.height,
        confirmations: onBest(block) ? tipOf().height - block.height + 1 : 0,
        size: 250 * block.txs.length,
        time: block.time,
        version: 6422788,
        merkleRoot: hex32(),
        nonce: '0',
        bits: '1a0155ba',
        difficulty: '1',
        txCount: block.txs.length,
        txs: block.txs.slice((page - 1) * blockPageSize, page * blockPageSize).map((tx) => withBlock(tx, block)),
      });
    }
    if ((m = path.match(/^\/address\/([^/]+)$/))) {
      const address = decodeURIComponent(m[1]!);
      if (!/^[1-9A-HJ-NP-Za-km-z]{25,35}$/.test(address)) return fail(400, `Invalid address, ${address}`);
      const from = int(query.get('from'), 0);
      const to = int(query.get('to'), 0);
      const pageSize = Math.min(1000, Math.max(1, int(query.get('pageSize'), 1000)));
      const confirmed: ReturnType<typeof withBlock>[] = [];
      for (let i = view().length - 1; i >= 0; i--) {
        const block = view()[i]!;
        if (block.height < from || (to > 0 && block.height > to)) continue;
        for (let j = block.txs.length - 1; j >= 0; j--)
          if (touches(block.txs[j]!, address)) confirmed.push(withBlock(block.txs[j]!, block));
      }
      // The mempool's first when no `to` is given, as Blockbook does.
      const pending = to > 0 ? [] : mempool.filter((tx) => touches(tx, address)).map((tx) => withBlock(tx, null));
      const list = [...pending, ...confirmed];
      const totalPages = Math.max(1, Math.ceil(list.length / pageSize));
      const page = Math.min(Math.max(1, int(query.get('page'), 1)), totalPages);
      const items = list.slice((page - 1) * pageSize, page * pageSize);
      return ok({
        page,
        totalPages,
        itemsOnPage: pageSize,
        address,
        balance: '0',
        totalReceived: '0',
        totalSent: '0',
        unconfirmedBalance: '0',
        unconfirmedTxs: pending.length,
        txs: list.length,
        ...(query.get('details') === 'txs' && items.length > 0 ? { transactions: items } : {}),
      });
    }
    if ((m = path.match(/^\/tx\/([0-9a-f]{64})$/))) {
      const found = located(m[1]!);
      if (!found) return fail(400, `Transaction '${m[1]}' not found`);
      return ok(withBlock(found.tx, found.block));
    }
    return fail(404, 'Not found');
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const full = url.pathname;
    const path = full.startsWith('/api/v2') ? full.slice('/api/v2'.length) : full;
    const rule = rules.find((each) => each.times > 0 && each.path.test(path));
    if (rule) rule.times--;
    const behaviour = rule?.behaviour;
    const entry: TFakeBlockbookRequest = { path, query: url.search, at: Date.now(), status: 200 };
    requests.push(entry);
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      entry.status = status;
      if (!res.destroyed)
        res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers }).end(JSON.stringify(body));
    };
    if (req.method !== 'GET') return send(405, { error: 'Method Not Allowed' });
    if (behaviour?.kind === 'hang') {
      entry.status = 'hang';
      hanging.add(res);
      res.on('close', () => hanging.delete(res));
      return;
    }
    if (behaviour?.kind === 'error') {
      return send(
        behaviour.status,
        { error: behaviour.body ?? (behaviour.status === 429 ? 'Too many requests' : 'Internal server error') },
        behaviour.retryAfter !== undefined ? { 'retry-after': behaviour.retryAfter } : {},
      );
    }
    behind = behaviour?.kind === 'behind' ? behaviour.blocks : 0;
    const answer = full === '/api/v2' || full.startsWith('/api/v2/') ? route(path, url.searchParams) : fail(404, 'Not found');
    behind = 0;
    if (behaviour?.kind === 'slow') setTimeout(() => send(answer.status, answer.body), behaviour.ms);
    else send(answer.status, answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const mine: TFakeBlockbook['mine'] = (payments = [], mineOptions = {}) => {
    const txs = payments.map((each) => (Array.isArray(each) ? transaction(each) : each));
    const filler = Array.from({ length: mineOptions.filler ?? 0 }, () =>
      transaction([{ address: randomDogeAddress(), sats: 100_000_000 }]),
    );
    // The payments somewhere in the middle of the block, as a miner orders by fee.
    const half = Math.floor(filler.length / 2);
    const block = addBlock([...filler.slice(0, half), ...txs, ...filler.slice(half)]);
    return { height: block.height, hash: block.hash, txs };
  };

  return {
    url: `http://127.0.0.1:${port}`,
    height: () => best.at(-1)!.height,
    tip: () => ({ height: best.at(-1)!.height, hash: best.at(-1)!.hash }),
    mine,
    mineEmpty: (count) => {
      for (let i = 0; i < count; i++) addBlock([]);
    },
    reorg: (depth) => {
      if (depth >= best.length) throw new Error('cannot drop the first block');
      const dropped = best.splice(best.length - depth, depth);
      const txs = dropped.flatMap((block) => block.txs.slice(1));
      mempool.push(...txs);
      return txs;
    },
    send: (outputs) => {
      const tx = transaction(outputs);
      mempool.push(tx);
      return tx;
    },
    misbehave: (path, behaviour, times = 1) => {
      rules.push({ path, behaviour, times });
    },
    requests,
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
