import { createServer, type ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { bech32 } from '@scure/base';

/**
 * A local stand-in for an Esplora HTTP API (Bitcoin or Litecoin), answering in the shapes of
 * Blockstream's documentation, esplora's API.md (github.com/Blockstream/esplora/blob/master/API.md),
 * which mempool.space's and litecoinspace.org's REST APIs follow: plain-text heights and hashes,
 * JSON blocks and transactions (`vin`, `vout` with `scriptpubkey_address` and `value` in satoshis,
 * `status` with `confirmed`, `block_height`, `block_hash`, `block_time`), 25 transactions a page,
 * newest first for an address, no `status` on a block's transactions, and plain-text 404 and 400
 * bodies ("Block not found", "Transaction not found").
 *
 * `GET /tx/:txid` answers a transaction with its `status` (`{ confirmed: false }` in the mempool)
 * and `GET /tx/:txid/status` the status alone; an unknown txid is 404 "Transaction not found".
 *
 * Tests drive its chain: broadcast a transaction to the mempool, mine a block with given
 * transactions (and filler ones, for the pages of a block), reorganise the tip (the blocks dropped stay readable as orphans, their transactions go
 * back to the mempool to be mined again or not), make requests fail (500, 429 with Retry-After,
 * 404), hang (the client's timeout must fire) or answer slowly, and count the requests.
 */

export type TFakeOutput = { address: string; sats: number };
export type TFakeTx = {
  txid: string;
  version: number;
  locktime: number;
  size: number;
  weight: number;
  fee: number;
  vin: unknown[];
  vout: { scriptpubkey: string; scriptpubkey_asm: string; scriptpubkey_type: string; scriptpubkey_address: string; value: number }[];
};
type TFakeBlock = { id: string; height: number; previousblockhash: string | null; timestamp: number; txs: TFakeTx[] };

export type TFakeEsploraBehaviour =
  /** Answers with this status and a plain-text body (429: with Retry-After when given). */
  | { kind: 'error'; status: number; body?: string; retryAfter?: string }
  /** Never answers (until the server closes): the client's timeout must fire. */
  | { kind: 'hang' }
  /** Answers after `ms`. */
  | { kind: 'slow'; ms: number }
  /** Answers as a backend `blocks` behind the tip would (a provider's load balancer, one server lagging). */
  | { kind: 'behind'; blocks: number };

export type TFakeEsploraRequest = { path: string; at: number; status: number | 'hang' };

export type TFakeEsplora = {
  /** The API's base URL (as https://mempool.space/api is). */
  url: string;
  height(): number;
  tip(): { height: number; hash: string };
  /** A new block on the tip with these payments (one transaction each, from a sender), and `filler` unrelated ones. */
  mine(payments?: (TFakeOutput[] | TFakeTx)[], options?: { filler?: number }): { height: number; hash: string; txs: TFakeTx[] };
  mineEmpty(count: number): void;
  /** A transaction into the mempool (unconfirmed, `status.confirmed` false), to be mined later with `mine([tx])`. */
  broadcast(outputs: TFakeOutput[]): TFakeTx;
  /** Drops the `depth` newest blocks from the chain; their transactions go back to the mempool and are returned. */
  reorg(depth: number): TFakeTx[];
  /** The next `times` requests whose path matches misbehave. */
  misbehave(path: RegExp, behaviour: TFakeEsploraBehaviour, times?: number): void;
  requests: TFakeEsploraRequest[];
  close(): Promise<void>;
};

const PARAMS = {
  bitcoin: { hrp: 'bc', subsidy: 312_500_000 },
  litecoin: { hrp: 'ltc', subsidy: 625_000_000 },
} as const;

const hex32 = () => randomBytes(32).toString('hex');

/** A random P2WPKH address of the chain (someone else's). */
function randomAddress(hrp: string): string {
  return bech32.encode(hrp, [0, ...bech32.toWords(randomBytes(20))]);
}

/** An output as the API writes it: the script of a segwit v0 address, else a P2PKH-looking one. */
function output(address: string, value: number): TFakeTx['vout'][number] {
  try {
    const { words } = bech32.decode(address as `${string}1${string}`);
    const program = Buffer.from(bech32.fromWords(words.slice(1))).toString('hex');
    const type = program.length === 40 ? 'v0_p2wpkh' : 'v0_p2wsh';
    return {
      scriptpubkey: `00${(program.length / 2).toString(16)}${program}`,
      scriptpubkey_asm: `OP_0 OP_PUSHBYTES_${program.length / 2} ${program}`,
      scriptpubkey_type: type,
      scriptpubkey_address: address,
      value,
    };
  } catch {
    const program = randomBytes(20).toString('hex');
    return {
      scriptpubkey: `76a914${program}88ac`,
      scriptpubkey_asm: `OP_DUP OP_HASH160 OP_PUSHBYTES_20 ${program} OP_EQUALVERIFY OP_CHECKSIG`,
      scriptpubkey_type: 'p2pkh',
      scriptpubkey_address: address,
      value,
    };
  }
}

function transaction(hrp: string, outputs: TFakeOutput[]): TFakeTx {
  const sender = randomAddress(hrp);
  const paid = outputs.reduce((sum, each) => sum + each.sats, 0);
  const fee = 1410;
  const change = 50_000;
  return {
    txid: hex32(),
    version: 2,
    locktime: 0,
    size: 222,
    weight: 561,
    fee,
    vin: [
      {
        txid: hex32(),
        vout: 1,
        prevout: output(sender, paid + fee + change),
        scriptsig: '',
        scriptsig_asm: '',
        witness: [randomBytes(71).toString('hex'), randomBytes(33).toString('hex')],
        is_coinbase: false,
        sequence: 4294967293,
      },
    ],
    vout: [...outputs.map((each) => output(each.address, each.sats)), output(sender, change)],
  };
}

function coinbase(hrp: string, subsidy: number, height: number): TFakeTx {
  return {
    txid: hex32(),
    version: 2,
    locktime: 0,
    size: 170,
    weight: 572,
    fee: 0,
    vin: [
      {
        txid: '0'.repeat(64),
        vout: 4294967295,
        prevout: null,
        scriptsig: `03${height.toString(16).padStart(6, '0')}`,
        scriptsig_asm: `OP_PUSHBYTES_3 ${height.toString(16).padStart(6, '0')}`,
        is_coinbase: true,
        sequence: 4294967295,
      },
    ],
    vout: [output(randomAddress(hrp), subsidy)],
  };
}

export async function startFakeEsploraServer(options: { chain?: keyof typeof PARAMS; startHeight?: number } = {}): Promise<TFakeEsplora> {
  const { hrp, subsidy } = PARAMS[options.chain ?? 'bitcoin'];
  const all = new Map<string, TFakeBlock>();
  const best: TFakeBlock[] = [];
  let mempool: TFakeTx[] = [];
  const rules: { path: RegExp; behaviour: TFakeEsploraBehaviour; times: number }[] = [];
  const requests: TFakeEsploraRequest[] = [];
  const hanging = new Set<ServerResponse>();
  let clock = 1_764_000_000;

  const addBlock = (txs: TFakeTx[]) => {
    const height = best.length === 0 ? (options.startHeight ?? 100) : best.at(-1)!.height + 1;
    const block: TFakeBlock = {
      id: hex32(),
      height,
      previousblockhash: best.at(-1)?.id ?? null,
      timestamp: (clock += 600),
      txs: [coinbase(hrp, subsidy, height), ...txs],
    };
    all.set(block.id, block);
    best.push(block);
    const mined = new Set(txs.map((tx) => tx.txid));
    mempool = mempool.filter((tx) => !mined.has(tx.txid));
    return block;
  };
  addBlock([]);

  /** Blocks hidden from the answers: a backend of the provider that lags behind the others. */
  let behind = 0;
  const view = () => (behind > 0 ? best.slice(0, Math.max(1, best.length - behind)) : best);
  const onBest = (block: TFakeBlock) => view()[block.height - view()[0]!.height]?.id === block.id;
  const status = (block: TFakeBlock) => ({
    confirmed: true,
    block_height: block.height,
    block_hash: block.id,
    block_time: block.timestamp,
  });
  /** Where a transaction is on the best chain as this backend sees it (null: unconfirmed, in the mempool). */
  const located = (txid: string): { tx: TFakeTx; block: TFakeBlock | null } | null => {
    for (let i = view().length - 1; i >= 0; i--) {
      const tx = view()[i]!.txs.find((each) => each.txid === txid);
      if (tx) return { tx, block: view()[i]! };
    }
    const tx = mempool.find((each) => each.txid === txid);
    return tx ? { tx, block: null } : null;
  };
  const withStatus = (tx: TFakeTx, block: TFakeBlock | null) => ({
    ...tx,
    status: block ? status(block) : { confirmed: false },
  });
  const touches = (tx: TFakeTx, address: string) =>
    tx.vout.some((out) => out.scriptpubkey_address === address) ||
    tx.vin.some((input) => (input as { prevout: { scriptpubkey_address?: string } | null }).prevout?.scriptpubkey_address === address);
  /** The address's confirmed history, newest first. */
  const history = (address: string) => {
    const list: { tx: TFakeTx; block: TFakeBlock }[] = [];
    for (let i = view().length - 1; i >= 0; i--) {
      const block = view()[i]!;
      for (let j = block.txs.length - 1; j >= 0; j--) if (touches(block.txs[j]!, address)) list.push({ tx: block.txs[j]!, block });
    }
    return list;
  };

  type TAnswer = { status: number; body: string; type: 'text' | 'json' };
  const text = (body: string | number, code = 200): TAnswer => ({ status: code, body: String(body), type: 'text' });
  const json = (body: unknown): TAnswer => ({ status: 200, body: JSON.stringify(body), type: 'json' });
  const blockNotFound = text('Block not found', 404);

  function route(path: string): TAnswer {
    let m: RegExpMatchArray | null;
    if (path === '/blocks/tip/height') return text(view().at(-1)!.height);
    if (path === '/blocks/tip/hash') return text(view().at(-1)!.id);
    if ((m = path.match(/^\/block-height\/(\d+)$/))) {
      const block = view()[Number(m[1]) - view()[0]!.height];
      return block ? text(block.id) : blockNotFound;
    }
    if ((m = path.match(/^\/block\/([0-9a-f]{64})(\/.*)?$/))) {
      const block = all.get(m[1]!);
      if (!block) return blockNotFound;
      const rest = m[2] ?? '';
      if (rest === '')
        return json({
          id: block.id,
          height: block.height,
          version: 536870912,
          timestamp: block.timestamp,
          tx_count: block.txs.length,
          size: 250 * block.txs.length,
          weight: 1000 * block.txs.length,
          merkle_root: hex32(),
          previousblockhash: block.previousblockhash,
          mediantime: block.timestamp - 3000,
          nonce: 0,
          bits: 386089497,
          difficulty: 1,
        });
      if (rest === '/status') {
        const next = view()[block.height - view()[0]!.height + 1];
        return json(onBest(block) ? { in_best_chain: true, height: block.height, next_best: next?.id ?? null } : { in_best_chain: false });
      }
      if (rest === '/txids') return json(block.txs.map((tx) => tx.txid));
      if ((m = rest.match(/^\/txs(?:\/(\d+))?$/))) {
        const start = Number(m[1] ?? 0);
        if (start % 25 !== 0) return text('start index must be a multipication of 25', 400);
        if (start >= block.txs.length) return text('start index out of range', 400);
        return json(block.txs.slice(start, start + 25)); // no status: the block says it
      }
      return text('Not Found', 404);
    }
    if ((m = path.match(/^\/address\/([^/]+)\/txs(\/chain(?:\/([0-9a-f]{64}))?|\/mempool)?$/))) {
      const address = decodeURIComponent(m[1]!);
      const confirmed = history(address);
      const pending = mempool.filter((tx) => touches(tx, address)).map((tx) => withStatus(tx, null));
      if (m[2] === '/mempool') return json(pending.slice(0, 50));
      let start = 0;
      if (m[3]) {
        const at = confirmed.findIndex((each) => each.tx.txid === m![3]);
        if (at < 0) return json([]);
        start = at + 1;
      }
      const page = confirmed.slice(start, start + 25).map((each) => withStatus(each.tx, each.block));
      return json(m[2] ? page : [...pending.slice(0, 50), ...page]);
    }
    if ((m = path.match(/^\/tx\/([0-9a-f]{64})(\/status)?$/))) {
      const found = located(m[1]!);
      if (!found) return text('Transaction not found', 404);
      const full = withStatus(found.tx, found.block);
      return json(m[2] ? full.status : full);
    }
    return text('Not Found', 404);
  }

  const server = createServer((req, res) => {
    // Served under /api, as mempool.space's and blockstream.info's are: the adapter keeps the base's path.
    const full = (req.url ?? '/').split('?')[0]!;
    const path = full.startsWith('/api/') ? full.slice(4) : full;
    const rule = rules.find((each) => each.times > 0 && each.path.test(path));
    if (rule) rule.times--;
    const behaviour = rule?.behaviour;
    const entry: TFakeEsploraRequest = { path, at: Date.now(), status: 200 };
    requests.push(entry);
    if (req.method !== 'GET') {
      entry.status = 405;
      res.writeHead(405, { 'content-type': 'text/plain' }).end('Method Not Allowed');
      return;
    }
    if (behaviour?.kind === 'hang') {
      entry.status = 'hang';
      hanging.add(res);
      res.on('close', () => hanging.delete(res));
      return;
    }
    if (behaviour?.kind === 'error') {
      entry.status = behaviour.status;
      res
        .writeHead(behaviour.status, {
          'content-type': 'text/plain',
          ...(behaviour.retryAfter !== undefined ? { 'retry-after': behaviour.retryAfter } : {}),
        })
        .end(behaviour.body ?? (behaviour.status === 429 ? 'Too Many Requests' : 'Internal Server Error'));
      return;
    }
    behind = behaviour?.kind === 'behind' ? behaviour.blocks : 0;
    const answer = full.startsWith('/api/') ? route(path) : text('Not Found', 404);
    behind = 0;
    entry.status = answer.status;
    const send = () => {
      if (res.destroyed) return;
      res.writeHead(answer.status, { 'content-type': answer.type === 'json' ? 'application/json' : 'text/plain' }).end(answer.body);
    };
    if (behaviour?.kind === 'slow') setTimeout(send, behaviour.ms);
    else send();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const mine: TFakeEsplora['mine'] = (payments = [], mineOptions = {}) => {
    const txs = payments.map((each) => (Array.isArray(each) ? transaction(hrp, each) : each));
    const filler = Array.from({ length: mineOptions.filler ?? 0 }, () => transaction(hrp, [{ address: randomAddress(hrp), sats: 10_000 }]));
    // The payments somewhere in the middle of the block, as a miner orders by fee.
    const half = Math.floor(filler.length / 2);
    const block = addBlock([...filler.slice(0, half), ...txs, ...filler.slice(half)]);
    return { height: block.height, hash: block.id, txs };
  };

  return {
    url: `http://127.0.0.1:${port}/api`,
    height: () => best.at(-1)!.height,
    tip: () => ({ height: best.at(-1)!.height, hash: best.at(-1)!.id }),
    mine,
    mineEmpty: (count) => {
      for (let i = 0; i < count; i++) addBlock([]);
    },
    broadcast: (outputs) => {
      const tx = transaction(hrp, outputs);
      mempool.push(tx);
      return tx;
    },
    reorg: (depth) => {
      if (depth >= best.length) throw new Error('cannot drop the first block');
      const dropped = best.splice(best.length - depth, depth);
      const txs = dropped.flatMap((block) => block.txs.slice(1));
      mempool.push(...txs);
      return txs;
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
