import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUSES, type TOrderStatus } from '#shared/contracts/orders.js';
import { findTransition, ORDER_TRANSITIONS, renderTransitionTable, type TTransitionActor } from '#shared/order-transitions.js';
import { recordTransition } from '#server/modules/orders/lifecycle.js';
import { AppError } from '#server/lib/errors.js';
import { openTestDatabase } from '#test/helpers/test-app.js';
import type { TDatabase } from './client.js';

/**
 * The one transition table (src/shared/order-transitions.ts, issue 28 point 1) against what
 * enforces it: every pair of statuses tried on the database's trigger (migration 0027), every
 * pair and actor on the lifecycle's check, and the table in docs/order-lifecycle.md.
 */
const ACTORS: TTransitionActor[] = ['customer', 'staff', 'system'];
const PAIRS = ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.filter((to) => to !== from).map((to) => [from, to] as const));

describe('the order transition table', () => {
  let database: TDatabase;

  beforeAll(async () => {
    database = await openTestDatabase();
    await database.db.execute(
      sql`INSERT INTO users (id, name, email) VALUES ('transitions-user', 'Transitions', 'transitions@example.com')`,
    );
  });
  afterAll(async () => {
    await database.close();
  });

  /** An order row in `status`, written directly (the trigger guards updates, not inserts). */
  async function orderIn(status: TOrderStatus): Promise<number> {
    const quoteId = `q-${randomUUID()}`;
    await database.db.execute(sql`
      INSERT INTO quotes (id, user_id, coin_symbol, side, fiat_currency, amount_fiat, amount_usd, amount_crypto, unit_price_usd, base_usd, ghs_rate, fee_percentage, fee_usd, expires_at)
      VALUES (${quoteId}, 'transitions-user', 'btc', 'buy', 'USD', '5', '5', '0.0001', '50000', '48000', '11.5', '2.5', '0.12', now())`);
    const inserted = (await database.db.execute(sql`
      INSERT INTO orders (user_id, quote_id, type, coin_symbol, amount_crypto, amount_fiat, fiat_currency, amount_usd, unit_price_usd, ghs_rate, payment_method, status)
      VALUES ('transitions-user', ${quoteId}, 'buy', 'btc', '0.0001', '5', 'USD', '5', '50000', '11.5', 'MTN MoMo', ${status})
      RETURNING id`)) as unknown as { rows: { id: number }[] };
    return Number(inserted.rows[0]!.id);
  }

  it('the database refuses every change of status the table does not list, and allows every one it does', async () => {
    const outcomes: string[] = [];
    for (const [from, to] of PAIRS) {
      const id = await orderIn(from);
      const allowed = ORDER_TRANSITIONS.some((transition) => transition.from === from && transition.to === to);
      const result = await database.db.execute(sql`UPDATE orders SET status = ${to} WHERE id = ${id}`).then(
        () => 'allowed',
        (error: unknown) => {
          const cause = (error as { cause?: { constraint?: string; code?: string } }).cause;
          return cause?.code === '23514' && cause.constraint === 'orders_status_transition' ? 'refused' : `error ${String(error)}`;
        },
      );
      if (result !== (allowed ? 'allowed' : 'refused')) outcomes.push(`${from} -> ${to}: ${result}`);
    }
    expect(outcomes).toEqual([]);
    // Not a change of status: an edit of the row in its status goes through.
    const id = await orderIn('payment_submitted');
    await database.db.execute(sql`UPDATE orders SET status = 'payment_submitted', payment_tx_id = 'MP1234567' WHERE id = ${id}`);
  });

  it('the database refuses unknown statuses and amounts that are not above zero', async () => {
    const id = await orderIn('awaiting_payment');
    const refusal = (statement: ReturnType<typeof sql>) =>
      database.db.execute(statement).then(
        () => null,
        (error: unknown) => (error as { cause?: { constraint?: string } }).cause?.constraint,
      );
    // (an update to an unknown status meets the transition trigger first; an insert meets the CHECK)
    const unknown = await orderIn('refunded_maybe' as TOrderStatus).then(
      () => null,
      (error: unknown) => (error as { cause?: { constraint?: string } }).cause?.constraint,
    );
    expect(unknown).toBe('orders_status_known');
    expect(await refusal(sql`UPDATE orders SET amount_crypto = 0 WHERE id = ${id}`)).toBe('orders_amounts_positive');
    expect(await refusal(sql`UPDATE orders SET amount_fiat = -5 WHERE id = ${id}`)).toBe('orders_amounts_positive');
    expect(await refusal(sql`UPDATE orders SET amount_ghs = 0 WHERE id = ${id}`)).toBe('orders_amounts_positive');
    expect(await refusal(sql`UPDATE orders SET fiat_currency = 'EUR' WHERE id = ${id}`)).toBe('orders_fiat_currency_known');
    expect(await refusal(sql`UPDATE orders SET amount_ghs = '58.21' WHERE id = ${id}`)).toBeNull();
  });

  it('the lifecycle refuses, and rolls back, every move and actor the table does not list', async () => {
    const refused: string[] = [];
    const allowed: string[] = [];
    const id = await orderIn('awaiting_payment');
    const order = { id, userId: 'transitions-user' };
    for (const from of [null, ...ORDER_STATUSES]) {
      for (const to of ORDER_STATUSES) {
        if (from === to) continue;
        for (const by of ACTORS) {
          const actor = by === 'system' ? ('system' as const) : { id: 'transitions-user', kind: by };
          const result = await database.db
            .transaction(async (tx) => {
              await recordTransition(tx, {}, { order, actor, from, to, at: new Date() });
              tx.rollback();
            })
            .then(
              () => 'allowed',
              (error: unknown) => (error instanceof AppError && error.code === 'TRANSITION_NOT_ALLOWED' ? 'refused' : 'allowed'),
            );
          (result === 'refused' ? refused : allowed).push(`${from ?? 'new'} -> ${to} by ${by}`);
        }
      }
    }
    expect(allowed.sort()).toEqual(ORDER_TRANSITIONS.map((t) => `${t.from ?? 'new'} -> ${t.to} by ${t.by}`).sort());
    const pairs = (ORDER_STATUSES.length + 1) * ORDER_STATUSES.length - ORDER_STATUSES.length;
    expect(refused.length).toBe(pairs * ACTORS.length - ORDER_TRANSITIONS.length);
    expect(findTransition('completed', 'cancelled', 'staff')).toBeUndefined();
  });

  it('docs/order-lifecycle.md shows the table as it is (npm run docs:transitions rewrites it)', () => {
    const doc = readFileSync(new URL('../../../docs/order-lifecycle.md', import.meta.url), 'utf8');
    const generated = /<!-- transitions:start -->\n([\s\S]*?)\n<!-- transitions:end -->/.exec(doc)?.[1];
    expect(generated).toBe(renderTransitionTable());
  });
});
