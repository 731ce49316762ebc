import type { TDb, TDbOrTx } from './client.js';

/**
 * Work to do once a transaction has committed (issue 30 point 2: realtime events published after
 * commit, never from inside the money transaction). `enableAfterCommit` wraps a database's
 * `transaction` so that each transaction, savepoints included, collects the callbacks given to
 * `afterCommit` with its handle: they run, in order, after the outermost COMMIT; a rolled-back
 * transaction or savepoint drops its own.
 */

type TCallbacks = (() => void)[];
const pending = new WeakMap<object, TCallbacks>();
const wrapped = new WeakSet<object>();

/** Runs `callback` after `tx` commits, or now when `tx` is not a transaction (the database itself). */
export function afterCommit(tx: TDbOrTx, callback: () => void): void {
  const callbacks = pending.get(tx);
  if (callbacks) callbacks.push(callback);
  else callback();
}

/** Makes `db.transaction` (and every savepoint's) collect afterCommit callbacks. Idempotent. */
export function enableAfterCommit(db: TDb): void {
  wrap(db, undefined);
}

function wrap(handle: { transaction: TDb['transaction'] }, parent: TCallbacks | undefined): void {
  if (wrapped.has(handle)) return;
  wrapped.add(handle);
  const original = handle.transaction.bind(handle);
  handle.transaction = (async (run: (tx: object) => Promise<unknown>, config?: unknown) => {
    const callbacks: TCallbacks = [];
    const result = await (original as (run: (tx: object) => Promise<unknown>, config?: unknown) => Promise<unknown>)(async (tx) => {
      pending.set(tx, callbacks);
      wrap(tx as { transaction: TDb['transaction'] }, callbacks);
      return run(tx);
    }, config);
    // A savepoint hands its callbacks to the transaction around it; the outermost runs them.
    if (parent) parent.push(...callbacks);
    else for (const callback of callbacks) callback();
    return result;
  }) as TDb['transaction'];
}
