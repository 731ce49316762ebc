import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { sha256 } from '@noble/hashes/sha2.js';
import { base58xrp } from '@scure/base';

/**
 * A local stand-in for an XRP Ledger server (rippled or Clio) over JSON-RPC, answering in the shapes
 * of the XRPL documentation (xrpl.org, "Public API Methods", API version 1, rippled's default;
 * `api_version: 2` gives version 2's shapes): a POST of `{ method, params: [{…}] }` answered by
 * `{ result: {…, status: 'success'} }`, or `{ result: { error, error_code, error_message, request,
 * status: 'error' } }`.
 * - `ledger` {ledger_index: 'validated' | n}: `{ ledger: { ledger_index (a string), ledger_hash,
 *   parent_hash, closed, close_time_iso }, ledger_hash, ledger_index, validated }`; `lgrNotFound` for a
 *   ledger the server does not have (not closed yet, or below its history);
 * - `account_tx` {account, ledger_index_min, ledger_index_max (-1: the earliest / latest validated),
 *   forward, limit, marker}: `{ account, ledger_index_min, ledger_index_max, limit, marker?,
 *   transactions: [{ meta, tx (with hash, ledger_index, date), validated }], validated }` (version 2:
 *   `tx_json`, `hash`, `ledger_index`, `ledger_hash`, `close_time_iso` beside meta). The server may
 *   return fewer than `limit` (this one at most `pageLimit`): the `marker` says more follow;
 *   `actNotFound` for an account the ledger does not have (never funded); a range beyond the
 *   validated ledgers the server has is narrowed to them (version 1; the answer's
 *   ledger_index_min / max say so) or refused with `lgrIdxsInvalid` (version 2);
 * - `tx` {transaction}: the transaction's fields, `hash`, `ledger_index`, `meta`, `validated`
 *   (version 2: `tx_json`, `ledger_hash`); `txnNotFound`;
 * - a Payment's meta: `TransactionIndex`, `TransactionResult` ("tesSUCCESS", or a `tec…` code of a
 *   transaction that failed but took its fee, such as "tecPATH_DRY", without delivered_amount),
 *   `delivered_amount` (drops as a string for XRP, `{ currency, issuer, value }` for an issued
 *   currency); a partial payment (tfPartialPayment, Flags 0x00020000) delivers less than its `Amount`.
 *
 * Tests drive its ledgers: close a validated ledger with given payments, make requests fail (the
 * `slowDown` error, HTTP 429 / 503 with Retry-After, 500), hang (the client's timeout must fire) or
 * answer slowly, and count the requests.
 */

const hex32 = () => randomBytes(32).toString('hex').toUpperCase();

/** An XRP Ledger address (classic, r…) of 20 bytes: 0x00, the account id, and sha256d's first four bytes, in XRP's base58. */
export function xrpAddress(accountId: Uint8Array = randomBytes(20)): string {
  const payload = new Uint8Array([0x00, ...accountId]);
  const check = sha256(sha256(payload)).slice(0, 4);
  return base58xrp.encode(new Uint8Array([...payload, ...check]));
}

/** tfPartialPayment: the payment may deliver less than its Amount. */
const TF_PARTIAL_PAYMENT = 0x00020000;
/** Seconds between the Unix epoch and the XRP Ledger's (2000-01-01). */
const RIPPLE_EPOCH = 946_684_800;

export type TFakeXrpPayment = {
  to: string;
  /** Drops. */
  amount: bigint;
  tag?: number;
  from?: string;
  /** A partial payment's delivered drops (less than amount). */
  delivered?: bigint;
  /** An issued currency (e.g. a USD IOU) instead of XRP. */
  issued?: { currency: string; issuer: string; value: string };
  result?: string;
};

type TFakeTx = {
  hash: string;
  Account: string;
  Destination: string;
  DestinationTag?: number;
  Amount: string | { currency: string; issuer: string; value: string };
  Flags: number;
  Fee: string;
  Sequence: number;
  TransactionType: 'Payment';
  result: string;
  delivered: string | { currency: string; issuer: string; value: string } | undefined;
};
type TFakeLedger = { index: number; hash: string; parentHash: string; closeTime: number; txs: TFakeTx[] };

export type TFakeXrplBehaviour =
  /** Answers with this HTTP status (429 / 503: with Retry-After when given). */
  | { kind: 'http'; status: number; retryAfter?: string }
  /** Answers 200 with this error of the API (slowDown, tooBusy, noNetwork …). */
  | { kind: 'error'; error: string }
  /** Never answers (until the server closes): the client's timeout must fire. */
  | { kind: 'hang' }
  /** Answers after `ms`. */
  | { kind: 'slow'; ms: number };

export type TFakeXrplRequest = { method: string; params: Record<string, unknown>; at: number; status: number | 'hang' };

export type TFakeXrpl = {
  url: string;
  /** The last validated ledger. */
  validated(): { index: number; hash: string };
  /** A new validated ledger with these payments (in this order), and `filler` payments between others. */
  closeLedger(payments?: TFakeXrpPayment[], options?: { filler?: number }): { index: number; hash: string; txs: { hash: string }[] };
  closeEmpty(count: number): void;
  /** The next `times` requests of a method matching `method` misbehave. */
  misbehave(method: RegExp, behaviour: TFakeXrplBehaviour, times?: number): void;
  requests: TFakeXrplRequest[];
  close(): Promise<void>;
};

const ERROR_CODES: Record<string, number> = {
  actNotFound: 19,
  lgrNotFound: 21,
  txnNotFound: 29,
  invalidParams: 31,
  lgrIdxsInvalid: 55,
  slowDown: 10,
  tooBusy: 9,
  unknownCmd: 32,
};

export async function startFakeXrplServer(options: { startIndex?: number; pageLimit?: number } = {}): Promise<TFakeXrpl> {
  const ledgers: TFakeLedger[] = [];
  const byHash = new Map<string, { ledger: TFakeLedger; tx: TFakeTx; index: number }>();
  const funded = new Set<string>();
  const requests: TFakeXrplRequest[] = [];
  const rules: { method: RegExp; behaviour: TFakeXrplBehaviour; times: number }[] = [];
  const hanging = new Set<ServerResponse>();
  const pageLimit = options.pageLimit ?? 400;
  let sequence = 1;
  let clock = 800_000_000; // ripple seconds

  const addLedger = (txs: TFakeTx[]) => {
    const last = ledgers.at(-1);
    const ledger: TFakeLedger = {
      index: last ? last.index + 1 : (options.startIndex ?? 90_000_000),
      hash: hex32(),
      parentHash: last?.hash ?? hex32(),
      closeTime: (clock += 4),
      txs,
    };
    ledgers.push(ledger);
    txs.forEach((tx, index) => {
      byHash.set(tx.hash, { ledger, tx, index });
      funded.add(tx.Account);
      if (tx.result === 'tesSUCCESS') funded.add(tx.Destination);
    });
    return ledger;
  };
  addLedger([]);

  const makeTx = (payment: TFakeXrpPayment): TFakeTx => {
    const result = payment.result ?? 'tesSUCCESS';
    const amount = payment.issued ?? String(payment.amount);
    const delivered = payment.issued ?? String(payment.delivered ?? payment.amount);
    return {
      hash: hex32(),
      Account: payment.from ?? xrpAddress(),
      Destination: payment.to,
      ...(payment.tag !== undefined ? { DestinationTag: payment.tag } : {}),
      Amount: amount,
      Flags: payment.delivered !== undefined ? TF_PARTIAL_PAYMENT : 0,
      Fee: '12',
      Sequence: sequence++,
      TransactionType: 'Payment',
      result,
      // delivered_amount only on a successful payment (rippled's canHaveDeliveredAmount).
      delivered: result === 'tesSUCCESS' ? delivered : undefined,
    };
  };

  const ledgerAt = (index: number) => ledgers.find((ledger) => ledger.index === index);
  const closeIso = (ledger: TFakeLedger) => new Date((ledger.closeTime + RIPPLE_EPOCH) * 1000).toISOString().replace('.000', '');
  const metaOf = (tx: TFakeTx, index: number) => ({
    AffectedNodes: [],
    TransactionIndex: index,
    TransactionResult: tx.result,
    ...(tx.delivered !== undefined ? { delivered_amount: tx.delivered, DeliveredAmount: tx.delivered } : {}),
  });
  const fieldsOf = (tx: TFakeTx, v2: boolean) => {
    const { hash, result: _result, delivered: _delivered, Amount, ...fields } = tx;
    void _result;
    void _delivered;
    // Version 2 calls Amount DeliverMax in a Payment's answer.
    return { ...fields, ...(v2 ? { DeliverMax: Amount } : { Amount, hash }) };
  };
  const entryOf = (found: { ledger: TFakeLedger; tx: TFakeTx; index: number }, v2: boolean) =>
    v2
      ? {
          meta: metaOf(found.tx, found.index),
          tx_json: { ...fieldsOf(found.tx, true), ledger_index: found.ledger.index, date: found.ledger.closeTime },
          hash: found.tx.hash,
          ledger_index: found.ledger.index,
          ledger_hash: found.ledger.hash,
          close_time_iso: closeIso(found.ledger),
          validated: true,
        }
      : {
          meta: metaOf(found.tx, found.index),
          tx: { ...fieldsOf(found.tx, false), ledger_index: found.ledger.index, date: found.ledger.closeTime },
          validated: true,
        };

  type TAnswer = { error: string; message: string } | Record<string, unknown>;
  function route(method: string, params: Record<string, unknown>): TAnswer {
    const v2 = params.api_version === 2;
    const first = ledgers[0]!;
    const last = ledgers.at(-1)!;
    switch (method) {
      case 'ledger': {
        const asked = params.ledger_index;
        const ledger =
          asked === 'validated' || asked === 'closed' || asked === undefined
            ? last
            : typeof asked === 'number'
              ? ledgerAt(asked)
              : undefined;
        if (!ledger) return { error: 'lgrNotFound', message: 'ledgerNotFound' };
        return {
          ledger: {
            ledger_index: String(ledger.index),
            ledger_hash: ledger.hash,
            parent_hash: ledger.parentHash,
            closed: true,
            close_time: ledger.closeTime,
            close_time_iso: closeIso(ledger),
          },
          ledger_hash: ledger.hash,
          ledger_index: ledger.index,
          validated: true,
        };
      }
      case 'account_tx': {
        const account = params.account;
        if (typeof account !== 'string' || !/^r[1-9A-HJ-NP-Za-km-z]{24,34}$/.test(account))
          return { error: 'actMalformed', message: 'Account malformed.' };
        let min = params.ledger_index_min === undefined || params.ledger_index_min === -1 ? first.index : Number(params.ledger_index_min);
        let max = params.ledger_index_max === undefined || params.ledger_index_max === -1 ? last.index : Number(params.ledger_index_max);
        if (!Number.isInteger(min) || !Number.isInteger(max) || min > max)
          return { error: 'lgrIdxsInvalid', message: 'Ledger indexes invalid.' };
        // Beyond the validated ledgers the server has: version 2 refuses, version 1 narrows the range (and says so in its answer).
        if ((min < first.index || max > last.index) && v2) return { error: 'lgrIdxsInvalid', message: 'Ledger indexes invalid.' };
        [min, max] = [Math.max(min, first.index), Math.min(max, last.index)];
        if (!funded.has(account)) return { error: 'actNotFound', message: 'Account not found.' };
        const forward = params.forward === true;
        const limit = Math.max(1, Math.min(pageLimit, typeof params.limit === 'number' ? params.limit : 200));
        let all = ledgers
          .filter((ledger) => ledger.index >= min && ledger.index <= max)
          .flatMap((ledger) =>
            ledger.txs.map((tx, index) => ({ ledger, tx, index })).filter(({ tx }) => tx.Account === account || tx.Destination === account),
          );
        if (!forward) all = all.reverse();
        const marker = params.marker as { ledger?: number; seq?: number } | undefined;
        let start = 0;
        if (marker !== undefined) {
          start = all.findIndex((each) => each.ledger.index === marker.ledger && each.index === marker.seq);
          if (start < 0) return { error: 'invalidParams', message: "Invalid field 'marker'." };
        }
        const page = all.slice(start, start + limit);
        const next = all[start + limit];
        return {
          account,
          ledger_index_min: min,
          ledger_index_max: max,
          limit,
          ...(next ? { marker: { ledger: next.ledger.index, seq: next.index } } : {}),
          transactions: page.map((each) => entryOf(each, v2)),
          validated: true,
        };
      }
      case 'tx': {
        const found = typeof params.transaction === 'string' ? byHash.get(params.transaction.toUpperCase()) : undefined;
        if (!found) return { error: 'txnNotFound', message: 'Transaction not found.' };
        const entry = entryOf(found, v2) as Record<string, unknown>;
        if (v2) return entry;
        const { tx, ...rest } = entry;
        return { ...(tx as object), ...rest };
      }
      default:
        return { error: 'unknownCmd', message: 'Unknown method.' };
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    let raw = '';
    for await (const chunk of req) raw += String(chunk);
    let call: { method?: string; params?: Record<string, unknown>[] } = {};
    try {
      call = raw ? (JSON.parse(raw) as typeof call) : {};
    } catch {
      call = {};
    }
    const method = String(call.method ?? '');
    const params = call.params?.[0] ?? {};
    const entry: TFakeXrplRequest = { method, params, at: Date.now(), status: 200 };
    requests.push(entry);
    const send = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
      entry.status = status;
      if (!res.destroyed) res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(payload));
    };
    const failWith = (error: string, message: string) =>
      send(200, {
        result: {
          error,
          error_code: ERROR_CODES[error] ?? 0,
          error_message: message,
          request: { command: method, ...params },
          status: 'error',
        },
      });
    const rule = rules.find((each) => each.times > 0 && each.method.test(method));
    if (rule) rule.times--;
    const behaviour = rule?.behaviour;
    if (behaviour?.kind === 'hang') {
      entry.status = 'hang';
      hanging.add(res);
      res.on('close', () => hanging.delete(res));
      return;
    }
    if (behaviour?.kind === 'http') {
      const text = behaviour.status === 503 ? 'Server is overloaded' : behaviour.status === 429 ? 'Too many requests' : 'Internal error';
      entry.status = behaviour.status;
      res
        .writeHead(behaviour.status, {
          'content-type': 'text/plain',
          ...(behaviour.retryAfter ? { 'retry-after': behaviour.retryAfter } : {}),
        })
        .end(text);
      return;
    }
    if (behaviour?.kind === 'error') return failWith(behaviour.error, 'You are placing too much load on the server.');
    const answer = route(method, params);
    const reply = () =>
      'error' in answer && typeof answer.error === 'string'
        ? failWith(answer.error, String(answer.message))
        : send(200, { result: { ...answer, status: 'success' } });
    if (behaviour?.kind === 'slow') setTimeout(reply, behaviour.ms);
    else reply();
  }

  const http = createServer((req, res) => {
    handle(req, res).catch(() => res.writeHead(500).end());
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/`,
    validated: () => ({ index: ledgers.at(-1)!.index, hash: ledgers.at(-1)!.hash }),
    closeLedger: (payments = [], closeOptions = {}) => {
      const made = payments.map(makeTx);
      const filler = Array.from({ length: closeOptions.filler ?? 0 }, () => makeTx({ to: xrpAddress(), amount: 25_000_000n }));
      const half = Math.floor(filler.length / 2);
      const ledger = addLedger([...filler.slice(0, half), ...made, ...filler.slice(half)]);
      return { index: ledger.index, hash: ledger.hash, txs: made.map((tx) => ({ hash: tx.hash })) };
    },
    closeEmpty: (count) => {
      for (let i = 0; i < count; i++) addLedger([]);
    },
    misbehave: (method, behaviour, times = 1) => {
      rules.push({ method, behaviour, times });
    },
    requests,
    close: async () => {
      for (const res of hanging) res.destroy();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
