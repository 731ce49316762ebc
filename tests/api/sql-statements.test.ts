import { randomBytes, randomUUID } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TFakePriceServer } from '#test/helpers/fake-price-server.js';
import { approvalBody, TEST_BTC_ADDRESS, tierTwoCustomer } from '#test/helpers/orders.js';
import { StatementCounter } from '#test/helpers/statement-counter.js';
import { createOrderTestApp, type TTestApp } from '#test/helpers/test-app.js';

/*
 * The SQL statements the busiest requests run (issue 31 point 1): bench:peak's throughput on
 * PGlite follows them (each statement is a round of the wire protocol through WebAssembly and
 * its rows are parsed in JavaScript), and it fell by a third over commits that added a read here
 * and there. This guard counts them, with no timing, so it holds on any machine: each step of an
 * order's lifecycle and the other requests bench:peak sends, counted on PGlite through
 * StatementCounter (every Parse or simple Query message, BEGIN and COMMIT included), in the
 * steady state (the second order of a customer: ledger accounts and settings row exist).
 *
 * A ceiling is the count today. A change that adds a statement raises it here, on purpose and
 * seen in review; one that removes some lowers it. Counts before issue 31 point 1 / now:
 *   buy:  quote 8 / 7, create 20 / 16, I have paid 10 / 10, claim 11 / 9, approve (confirm + pay out) 25 / 22 = 74 / 64
 *   sell: quote 8 / 7, create 20 / 16, I have sent 13 / 12, claim 11 / 9, approve 26 / 23 = 78 / 67
 *   GET /api/market (answer kept) 0 / 0; a customer's chat message 8 / 8
 * Each step also has the session's read and, on customer routes, its rate-limit count.
 */
const CEILINGS = {
  buy: { quote: 7, create: 16, paid: 10, claim: 9, approve: 22 },
  sell: { quote: 7, create: 16, paid: 12, claim: 9, approve: 23 },
  market: 0,
  chat: 8,
} as const;

type TStep = keyof (typeof CEILINGS)['buy'];

describe('SQL statements per request (issue 31 point 1)', () => {
  let t: TTestApp;
  let fake: TFakePriceServer;
  let methodId: number;
  let counter: StatementCounter;
  let customer: Awaited<ReturnType<typeof tierTwoCustomer>>;
  let staff: Awaited<ReturnType<TTestApp['createStaff']>>;

  beforeAll(async () => {
    ({ t, fake, methodId } = await createOrderTestApp(TEST_BTC_ADDRESS));
    customer = await tierTwoCustomer(t);
    staff = await t.createStaff('support');
    if (t.database.pglite) counter = new StatementCounter(t.database.pglite);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  /** The statements of one request, which must succeed. */
  async function counted(request: Parameters<TTestApp['request']>[0]) {
    const { result, statements } = await counter.record(() => t.request(request));
    expect(result.statusCode, result.body).toBeLessThan(300);
    return { response: result, statements };
  }

  /** One order's lifecycle as bench:peak runs it: quote, create, paid (or sent), claim, approve. */
  async function lifecycle(side: 'buy' | 'sell'): Promise<Record<TStep, string[]>> {
    const { cookie } = customer;
    const quote = await counted({
      method: 'POST',
      url: '/api/quotes',
      cookie,
      payload: { coinSymbol: 'btc', side, fiatCurrency: 'GHS', amountFiat: '250' },
    });
    const quoteId = quote.response.json().id as string;
    const create = await counted({
      method: 'POST',
      url: '/api/orders',
      cookie,
      payload:
        side === 'buy'
          ? { type: 'buy', quoteId, walletAddress: TEST_BTC_ADDRESS, paymentMethodId: methodId }
          : { type: 'sell', quoteId, payout: { type: 'momo', provider: 'MTN MoMo', name: 'Ama Mensah', number: '0244123456' } },
    });
    const id = create.response.json().order.id as number;
    const paymentTxId = side === 'buy' ? `MP${randomUUID().slice(0, 8)}` : randomBytes(32).toString('hex');
    const paid = await counted({ method: 'POST', url: `/api/orders/${id}/payment`, cookie, payload: { paymentTxId } });
    const claim = await counted({ method: 'POST', url: `/api/admin/orders/${id}/claim`, cookie: staff.cookie });
    const body = await approvalBody(t, id, {
      payoutReference: side === 'buy' ? randomBytes(32).toString('hex') : `MP${randomUUID().slice(0, 8)}`,
    });
    const approve = await counted({ method: 'POST', url: `/api/admin/orders/${id}/approve`, cookie: staff.cookie, payload: body });
    expect(approve.response.json().order.status).toBe('completed');
    return {
      quote: quote.statements,
      create: create.statements,
      paid: paid.statements,
      claim: claim.statements,
      approve: approve.statements,
    };
  }

  /**
   * Each step's count against its ceiling; a failure lists the statements of the steps over it.
   * SQL_STATEMENTS_LOG=<file> appends every step's statements there (to see what to cut).
   */
  function expectWithin(counts: Record<string, string[]>, ceilings: Record<string, number>) {
    const log = process.env.SQL_STATEMENTS_LOG;
    if (log) {
      const lines = Object.entries(counts).flatMap(([step, statements]) => [
        `${step}: ${statements.length}`,
        ...statements.map((s) => `  ${s}`),
      ]);
      appendFileSync(log, `${lines.join('\n')}\n`);
    }
    const over = Object.entries(counts).filter(([step, statements]) => statements.length > ceilings[step]!);
    const report = over.map(([step, statements]) => `${step}: ${statements.length} > ${ceilings[step]}\n  ${statements.join('\n  ')}`);
    expect(report.join('\n'), 'statements above the ceiling').toBe('');
  }

  it('a buy: quote, create, I have paid, claim, approve', async ({ skip }) => {
    if (!t.database.pglite) skip('counted on PGlite');
    await lifecycle('buy'); // the first: ledger accounts and what else a first order makes
    expectWithin(await lifecycle('buy'), CEILINGS.buy);
  });

  it('a sell: quote, create, I have sent, claim, approve', async ({ skip }) => {
    if (!t.database.pglite) skip('counted on PGlite');
    await lifecycle('sell');
    expectWithin(await lifecycle('sell'), CEILINGS.sell);
  });

  it('GET /api/market while its answer is kept, and a customer chat message', async ({ skip }) => {
    if (!t.database.pglite) skip('counted on PGlite');
    await counted({ method: 'GET', url: '/api/market' });
    await counted({ method: 'POST', url: '/api/chat/messages', cookie: customer.cookie, payload: { text: 'first' } });
    const market = await counted({ method: 'GET', url: '/api/market' });
    const chat = await counted({ method: 'POST', url: '/api/chat/messages', cookie: customer.cookie, payload: { text: 'hello' } });
    expectWithin({ market: market.statements, chat: chat.statements }, { market: CEILINGS.market, chat: CEILINGS.chat });
  });
});
