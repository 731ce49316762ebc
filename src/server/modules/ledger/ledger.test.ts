import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDatabase } from '#server/db/client.js';
import { ledgerEntries, ledgerPostings } from '#server/db/schema/ledger.js';
import { openTestDatabase } from '#test/helpers/test-app.js';
import { balances, LedgerError, postEntry, reverseEntry, verifyLedger, type TAccountSpec } from './service.js';

/** The account plan of docs/decisions/037, as the order lifecycle will use it. */
const momo: TAccountSpec = { code: 'asset:momo:1', kind: 'asset', asset: 'GHS', name: 'MTN MoMo 024 111 2222' };
const btcWallet: TAccountSpec = { code: 'asset:wallet:BTC:bitcoin', kind: 'asset', asset: 'BTC', name: 'Bitcoin hot wallet' };
const customerGhs: TAccountSpec = { code: 'liability:customer:c1:GHS', kind: 'liability', asset: 'GHS', name: 'Ama Mensah (GHS)' };
const feeGhs: TAccountSpec = { code: 'revenue:fee:GHS', kind: 'revenue', asset: 'GHS', name: 'Fees (GHS)' };
const tradingGhs: TAccountSpec = { code: 'trading:GHS', kind: 'trading', asset: 'GHS', name: 'Trading (GHS)' };
const tradingBtc: TAccountSpec = { code: 'trading:BTC', kind: 'trading', asset: 'BTC', name: 'Trading (BTC)' };
const networkFeeBtc: TAccountSpec = { code: 'expense:network_fee:BTC', kind: 'expense', asset: 'BTC', name: 'Network fees (BTC)' };
const openingBtc: TAccountSpec = { code: 'equity:opening:BTC', kind: 'equity', asset: 'BTC', name: 'Opening balances (BTC)' };

describe('the ledger', () => {
  let database: TDatabase;
  const db = () => database.db;
  /** The constraint or message a database statement is refused with, or null. */
  const refusal = (statement: ReturnType<typeof sql>) =>
    db()
      .execute(statement)
      .then(
        () => null,
        (error: unknown) => {
          const cause = (error as { cause?: { constraint?: string; message?: string } }).cause;
          return cause?.constraint ?? cause?.message ?? String(error);
        },
      );

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('keeps a buy of coins for cedis balanced in each asset through the trading accounts, and balances come from the postings', async () => {
    const at = new Date('2026-11-20T10:00:00Z');
    await db().transaction((tx) =>
      postEntry(tx, {
        kind: 'opening_balance',
        at,
        postings: [
          { account: btcWallet, amount: '0.5' },
          { account: openingBtc, amount: '-0.5' },
        ],
      }),
    );
    // GHS 1,000.00 received on the MoMo wallet: owed to the customer until the order is settled.
    await db().transaction((tx) =>
      postEntry(tx, {
        kind: 'payment_received',
        orderId: null,
        at: new Date('2026-11-20T10:05:00Z'),
        postings: [
          { account: momo, amount: '1000.00' },
          { account: customerGhs, amount: '-1000.00' },
        ],
      }),
    );
    // The payout: the customer's cedis become the fee and the price of 0.001 BTC, which leaves the wallet with its network fee.
    await db().transaction((tx) =>
      postEntry(tx, {
        kind: 'payout_sent',
        at: new Date('2026-11-20T10:20:00Z'),
        postings: [
          { account: customerGhs, amount: '1000.00' },
          { account: feeGhs, amount: '-20.00' },
          { account: tradingGhs, amount: '-980.00' },
          { account: tradingBtc, amount: '0.001' },
          { account: btcWallet, amount: '-0.001' },
        ],
      }),
    );
    await db().transaction((tx) =>
      postEntry(tx, {
        kind: 'network_fee',
        at: new Date('2026-11-20T10:20:00Z'),
        postings: [
          { account: networkFeeBtc, amount: '0.00000850' },
          { account: btcWallet, amount: '-0.00000850' },
        ],
      }),
    );

    const now = Object.fromEntries((await balances(db())).map((row) => [row.code, row.balance]));
    expect(now).toMatchObject({
      'asset:momo:1': '1000',
      'asset:wallet:BTC:bitcoin': '0.4989915',
      'liability:customer:c1:GHS': '0',
      'revenue:fee:GHS': '-20',
      'trading:GHS': '-980',
      'trading:BTC': '0.001',
      'expense:network_fee:BTC': '0.0000085',
    });
    // At an instant: before the payout, the customer was owed the cedis and the wallet was whole.
    const before = Object.fromEntries(
      (await balances(db(), { at: new Date('2026-11-20T10:10:00Z') })).map((row) => [row.code, row.balance]),
    );
    expect(before).toMatchObject({ 'liability:customer:c1:GHS': '-1000', 'asset:wallet:BTC:bitcoin': '0.5' });
    expect(before['trading:BTC']).toBeUndefined();
    expect((await verifyLedger(db())).ok).toBe(true);
  });

  it('refuses an entry that does not balance, has one posting, a zero or a malformed amount, and writes nothing', async () => {
    const [{ count: before }] = (await db()
      .select({ count: sql<number>`count(*)::int` })
      .from(ledgerEntries)) as [{ count: number }];
    const attempts = [
      [
        { account: momo, amount: '10.00' },
        { account: customerGhs, amount: '-9.99' },
      ],
      [{ account: momo, amount: '10.00' }],
      [
        { account: momo, amount: '0' },
        { account: customerGhs, amount: '0' },
      ],
      [
        { account: momo, amount: '1e400' },
        { account: customerGhs, amount: '-1e400' },
      ],
      [
        { account: momo, amount: 'ten' },
        { account: customerGhs, amount: '-10' },
      ],
      // Balanced in total but not per asset: cedis do not pay for coins without the trading accounts.
      [
        { account: momo, amount: '10' },
        { account: btcWallet, amount: '-10' },
      ],
    ];
    for (const postings of attempts) {
      await expect(db().transaction((tx) => postEntry(tx, { kind: 'fee', at: new Date(), postings }))).rejects.toBeInstanceOf(LedgerError);
    }
    const [{ count: after }] = (await db()
      .select({ count: sql<number>`count(*)::int` })
      .from(ledgerEntries)) as [{ count: number }];
    expect(after).toBe(before);
    // An account's code is one kind in one asset.
    await expect(
      db().transaction((tx) =>
        postEntry(tx, {
          kind: 'fee',
          at: new Date(),
          postings: [
            { account: { ...momo, asset: 'USD' }, amount: '1' },
            { account: { ...customerGhs, asset: 'USD' }, amount: '-1' },
          ],
        }),
      ),
    ).rejects.toThrow('ledger account asset:momo:1 is asset in GHS, not asset in USD');
  });

  it('the database itself refuses an unbalanced entry at commit, a posting in another asset than its account, and any change or removal', async () => {
    // Written past postEntry, as a faulty script would.
    const unbalanced = await db()
      .transaction(async (tx) => {
        const inserted = (await tx.execute(sql`
          INSERT INTO ledger_entries (seq, kind, created_at, prev_hash, hash) VALUES (999999, 'fee', now(), 'x', 'raw-unbalanced') RETURNING id`)) as unknown as {
          rows: { id: number }[];
        };
        const entryId = inserted.rows[0]!.id;
        await tx.execute(sql`
          INSERT INTO ledger_postings (entry_id, account_id, asset, amount)
          SELECT ${entryId}, id, asset, 5 FROM ledger_accounts WHERE code = 'asset:momo:1'`);
      })
      .then(
        () => null,
        // Refused at COMMIT: the driver's own error, not a failed query's.
        (error: unknown) => {
          const failure = error as { constraint?: string; cause?: { constraint?: string } };
          return failure.cause?.constraint ?? failure.constraint ?? String(error);
        },
      );
    expect(unbalanced).toBe('ledger_entry_balanced');

    const [posting] = await db().select().from(ledgerPostings).limit(1);
    expect(
      await refusal(
        sql`INSERT INTO ledger_postings (entry_id, account_id, asset, amount) VALUES (${posting!.entryId}, ${posting!.accountId}, 'USD', 1)`,
      ),
    ).toBe('ledger_postings_account_asset_fk');
    expect(await refusal(sql`UPDATE ledger_postings SET amount = amount + 1 WHERE id = ${posting!.id}`)).toMatch('append-only');
    expect(await refusal(sql`DELETE FROM ledger_postings WHERE id = ${posting!.id}`)).toMatch('append-only');
    expect(await refusal(sql`UPDATE ledger_entries SET memo = 'changed' WHERE id = ${posting!.entryId}`)).toMatch('append-only');
    expect(await refusal(sql`DELETE FROM ledger_entries WHERE id = ${posting!.entryId}`)).toMatch('append-only');
    expect(await refusal(sql`TRUNCATE ledger_postings CASCADE`)).toMatch('append-only');
    expect(await refusal(sql`TRUNCATE ledger_entries CASCADE`)).toMatch('append-only');
    expect((await verifyLedger(db())).ok).toBe(true);
  });

  it('corrects by a reversing entry, once; the balances return and the chain still verifies', async () => {
    const wrong = await db().transaction((tx) =>
      postEntry(tx, {
        kind: 'payment_received',
        at: new Date(),
        memo: 'typed 100 for 10',
        postings: [
          { account: momo, amount: '100' },
          { account: customerGhs, amount: '-100' },
        ],
      }),
    );
    const momoBefore = (await balances(db(), { codes: ['asset:momo:1'] }))[0]!.balance;
    await db().transaction((tx) => reverseEntry(tx, wrong.id, { memo: 'Amount typed wrong', createdBy: null, at: new Date() }));
    expect((await balances(db(), { codes: ['asset:momo:1'] }))[0]!.balance).toBe(String(Number(momoBefore) - 100));
    await expect(
      db().transaction((tx) => reverseEntry(tx, wrong.id, { memo: 'again', createdBy: null, at: new Date() })),
    ).rejects.toThrow();
    expect((await verifyLedger(db())).ok).toBe(true);
  });

  it('chains entries written at once without gaps, in commit order', async () => {
    const written = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        db().transaction((tx) =>
          postEntry(tx, {
            kind: 'fee',
            at: new Date(),
            postings: [
              { account: momo, amount: `${i + 1}.25` },
              { account: feeGhs, amount: `-${i + 1}.25` },
            ],
          }),
        ),
      ),
    );
    const seqs = written.map((entry) => entry.seq).sort((a, b) => a - b);
    expect(seqs).toEqual(Array.from({ length: 12 }, (_, i) => seqs[0]! + i));
    const result = await verifyLedger(db(), { pageSize: 5 });
    expect(result).toMatchObject({ ok: true, problems: [] });
    expect(result.lastSeq).toBe(seqs.at(-1));
  });

  it("finds a posting changed behind the triggers' back: its entry's hash no longer matches, and the sums are off", async () => {
    const tampered = await openTestDatabase();
    try {
      const entry = await tampered.db.transaction((tx) =>
        postEntry(tx, {
          kind: 'payment_received',
          at: new Date(),
          postings: [
            { account: momo, amount: '50' },
            { account: customerGhs, amount: '-50' },
          ],
        }),
      );
      await tampered.db.transaction((tx) =>
        postEntry(tx, {
          kind: 'fee',
          at: new Date(),
          postings: [
            { account: momo, amount: '1' },
            { account: feeGhs, amount: '-1' },
          ],
        }),
      );
      // The owner of the tables can switch a trigger off; the chain is what still tells.
      await tampered.db.execute(sql`ALTER TABLE ledger_postings DISABLE TRIGGER ledger_postings_append_only`);
      await tampered.db.execute(sql`UPDATE ledger_postings SET amount = 5 WHERE entry_id = ${entry.id} AND amount = 50`);
      const result = await verifyLedger(tampered.db);
      expect(result.ok).toBe(false);
      expect(result.problems).toEqual(
        expect.arrayContaining([
          { seq: entry.seq, problem: 'its hash does not match what it holds: changed after it was written' },
          { seq: entry.seq, problem: 'it does not balance: GHS -45' },
          { seq: null, problem: 'all postings in GHS sum to -45, not zero' },
        ]),
      );
    } finally {
      await tampered.close();
    }
  });
});
