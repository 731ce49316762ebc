import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.js';
import { BackupError, backupDataDir, countRowsPerTable, restoreDataDir, type TTableCounts } from '#server/commands/backup.js';
import { acquireDataDirLock, createPglite, migrateDatabase, openDatabase } from '#server/db/client.js';
import { orders, quotes } from '#server/db/schema/orders.js';
import { seedDatabase } from '#server/db/seed.js';
import { createLocalStorage } from '#server/lib/storage.js';
import { listTar, readTar } from '#server/lib/tar.js';
import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { smsLog } from '#server/db/schema/compliance.js';
import { unsealBody } from '#server/lib/email/secrets.js';
import { deliverableSms } from '#server/lib/sms/templates.js';
import { emailsTo, linkToken } from '#test/helpers/email-links.js';
import { cookieFrom, insertMomoMethod, SUPER_ADMIN, TEST_ORIGIN, testConfig, TINY_JPEG, TINY_PNG } from '#test/helpers/test-app.js';

async function countsOf(dataDir: string): Promise<TTableCounts> {
  const pglite = createPglite(path.join(dataDir, 'pgdata'));
  try {
    await pglite.waitReady;
    return await countRowsPerTable(pglite);
  } finally {
    await pglite.close();
  }
}

// PGlite only: PostgreSQL is backed up with pg_dump (README).
describe.skipIf(Boolean(process.env.DATABASE_URL))('backup and restore of the embedded database', () => {
  // Made in beforeAll: a skipped suite still runs this body but never its afterAll.
  let root = '';
  let source = '';
  let sourceDocs = '';
  let archive = '';
  let documentKeys: [png: string, jpeg: string] = ['', ''];
  let sourceCounts: TTableCounts;
  /** A live password-reset token and phone code, as their recipients got them (issue 26 point 3). */
  let liveSecrets: { resetToken: string; phoneCode: string } = { resetToken: '', phoneCode: '' };

  beforeAll(async () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'exchange-backup-'));
    source = path.join(root, 'source');
    sourceDocs = path.join(source, 'documents');
    archive = path.join(root, 'backups', 'backup.tar');
    // A real data directory with a bit of everything: accounts, sessions, emails, an order, documents.
    const database = await openDatabase({ dataDir: source });
    try {
      await migrateDatabase(database);
      await seedDatabase(database.db, { adminEmail: SUPER_ADMIN.email, adminPassword: SUPER_ADMIN.password });
      const app = await buildApp(testConfig({ DATA_DIR: source, DOCUMENTS_DIR: sourceDocs }), { database, logger: false });
      await app.ready();
      const userIds: string[] = [];
      for (const name of ['ama', 'kofi']) {
        const response = await app.inject({
          method: 'POST',
          url: '/api/account/signup',
          headers: { origin: TEST_ORIGIN },
          payload: {
            username: `${name}backup`,
            fullName: `${name} Mensah`,
            email: `${name}@backup.example.com`,
            password: 'Customer-Passw0rd!',
          },
        });
        // Sign-up signs nobody in (docs/decisions/024): the password does.
        expect(response.statusCode).toBe(202);
        const signedIn = await app.inject({
          method: 'POST',
          url: '/api/session/login',
          headers: { origin: TEST_ORIGIN },
          payload: { email: `${name}@backup.example.com`, password: 'Customer-Passw0rd!', portal: 'customer' },
        });
        expect(cookieFrom(signedIn)).not.toBe('');
        userIds.push(signedIn.json().user.id);
        if (name === 'kofi') {
          // A phone code and a password reset outstanding when the backup is made.
          const code = await app.inject({
            method: 'POST',
            url: '/api/account/phone/code',
            headers: { origin: TEST_ORIGIN, cookie: cookieFrom(signedIn) },
            payload: { phone: '0245550199' },
          });
          expect(code.statusCode, code.body).toBe(200);
          const reset = await app.inject({
            method: 'POST',
            url: '/api/account/forgot-password',
            headers: { origin: TEST_ORIGIN },
            payload: { email: 'kofi@backup.example.com' },
          });
          expect(reset.statusCode).toBe(200);
        }
      }
      const [resetMail] = await emailsTo(database.db, 'kofi@backup.example.com', 'Reset your CediCrypto password');
      const [sms] = await database.db.select().from(smsLog).where(eq(smsLog.to, '+233245550199'));
      if (!resetMail || !sms) throw new Error('no reset email or phone code queued');
      const secret = testConfig({ DATA_DIR: source }).authSecret;
      const phoneCode = /code is (\d{6})\./.exec(deliverableSms(unsealBody(sms, secret)))?.[1] ?? '';
      liveSecrets = { resetToken: linkToken(resetMail, '/reset-password'), phoneCode };
      expect(liveSecrets.resetToken.length).toBeGreaterThan(20);
      expect(phoneCode).toMatch(/^\d{6}$/);
      const method = await insertMomoMethod(database.db);
      const [buyerId] = userIds;
      if (buyerId === undefined) throw new Error('no customer signed up');
      const quoteId = randomUUID();
      await database.db.insert(quotes).values({
        id: quoteId,
        userId: buyerId,
        coinSymbol: 'btc',
        side: 'buy',
        fiatCurrency: 'USD',
        amountFiat: '10.00',
        amountUsd: '10.00',
        amountCrypto: '0.00010000',
        unitPriceUsd: '93514.97300000',
        baseUsd: '91234.12',
        ghsRate: '11.6',
        feePercentage: '2.5',
        feeUsd: '0.23',
        expiresAt: new Date(Date.now() + 60_000),
      });
      await database.db.insert(orders).values({
        status: 'payment_submitted',
        userId: buyerId,
        quoteId,
        type: 'buy',
        coinSymbol: 'btc',
        amountCrypto: '0.00010000',
        amountFiat: '10.00',
        fiatCurrency: 'USD',
        amountUsd: '10.00',
        unitPriceUsd: '93514.97300000',
        ghsRate: '11.6',
        paymentMethodId: method.id,
        paymentMethod: method.name,
        paymentTxId: 'MOMO-backup-1',
        paymentTxKey: 'momobackup1',
        walletAddress: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
      });
      await app.close();
      const storage = createLocalStorage(sourceDocs);
      documentKeys = [await storage.put(TINY_PNG, 'png'), await storage.put(TINY_JPEG, 'jpg')];
      sourceCounts = await countRowsPerTable(database.pglite!);
    } finally {
      await database.close();
    }
  }, 180_000);
  afterAll(() => {
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('refuses to back up while a server holds the data directory', async () => {
    const release = acquireDataDirLock(source);
    try {
      await expect(backupDataDir({ dataDir: source, documentsDir: sourceDocs, outFile: archive })).rejects.toThrow(/Stop the server first/);
    } finally {
      release();
    }
    expect(existsSync(archive)).toBe(false);
  });

  it('backs up into one tar file and restores it into a fresh data directory with the same rows and documents', async () => {
    const result = await backupDataDir({ dataDir: source, documentsDir: sourceDocs, outFile: archive });
    expect(result.file).toBe(archive);
    expect(result.documents).toBe(2);
    expect(result.bytes).toBe(readFileSync(archive).length);
    const names = await listTar(archive);
    expect(names.slice(0, 2)).toEqual(['manifest.json', 'database.tgz']);
    expect(names).toContain(`documents/${documentKeys[0].slice(0, 2)}/${documentKeys[0]}`);

    const target = path.join(root, 'restored');
    const targetDocs = path.join(target, 'documents');
    const restored = await restoreDataDir({ archive, dataDir: target, documentsDir: targetDocs });
    expect(restored.replaced).toEqual([]);
    expect(restored.documents).toBe(2);

    const targetCounts = await countsOf(target);
    // Every table of the schema, including better-auth's and drizzle's migration journal.
    expect(Object.keys(targetCounts).length).toBeGreaterThanOrEqual(19);
    expect(targetCounts).toEqual(sourceCounts);
    expect(targetCounts['public.users']).toBeGreaterThanOrEqual(3);
    expect(targetCounts['public.orders']).toBe(1);
    expect(targetCounts['public.email_log']).toBeGreaterThan(0);

    const restoredStorage = createLocalStorage(targetDocs);
    expect(await restoredStorage.get(documentKeys[0])).toEqual(TINY_PNG);
    expect(await restoredStorage.get(documentKeys[1])).toEqual(TINY_JPEG);
    expect(existsSync(path.join(target, 'server.lock'))).toBe(false);
  }, 120_000);

  it('holds no live reset token or phone code in any byte of a backup, the database files included (issue 26)', async () => {
    const file = path.join(root, 'backups', 'secrets.tar');
    await backupDataDir({ dataDir: source, documentsDir: sourceDocs, outFile: file });
    const everything: Buffer[] = [readFileSync(file)];
    await readTar(file, async (entry) => {
      const bytes = await entry.read();
      everything.push(bytes);
      // The database is a gzipped tar of the data directory: every page of every file, unpacked.
      if (entry.name === 'database.tgz') everything.push(gunzipSync(bytes));
    });
    const haystack = Buffer.concat(everything);
    for (const secret of [liveSecrets.resetToken, liveSecrets.phoneCode, encodeURIComponent(liveSecrets.resetToken)]) {
      expect(haystack.includes(Buffer.from(secret, 'utf8')), `found ${secret} in the backup`).toBe(false);
    }
  }, 120_000);

  it('refuses a data directory that is not empty, and replaces it only with force, keeping the old files', async () => {
    const target = path.join(root, 'restored');
    const targetDocs = path.join(target, 'documents');
    const refused = restoreDataDir({ archive, dataDir: target, documentsDir: targetDocs });
    await expect(refused).rejects.toBeInstanceOf(BackupError);
    await expect(restoreDataDir({ archive, dataDir: target, documentsDir: targetDocs })).rejects.toThrow(/is not empty.*--force/);

    const forced = await restoreDataDir({ archive, dataDir: target, documentsDir: targetDocs, force: true });
    expect(forced.replaced.map((p) => path.basename(p).replace(/-[\dT:-]+Z$/, ''))).toEqual(['pgdata.replaced', 'documents.replaced']);
    expect(readdirSync(target).filter((name) => name.endsWith('.restoring'))).toEqual([]);
    expect(await countsOf(target)).toEqual(sourceCounts);
  }, 120_000);

  it('refuses a file that is not a backup', async () => {
    const notBackup = path.join(root, 'not-a-backup.tar');
    writeFileSync(notBackup, Buffer.alloc(2048, 0));
    await expect(
      restoreDataDir({ archive: notBackup, dataDir: path.join(root, 'other'), documentsDir: path.join(root, 'other', 'documents') }),
    ).rejects.toThrow(/not a CediCrypto backup/);
  });

  it('refuses a file that is not a tar archive', async () => {
    const garbage = path.join(root, 'garbage.tar');
    writeFileSync(garbage, Buffer.alloc(2048, 7));
    await expect(
      restoreDataDir({ archive: garbage, dataDir: path.join(root, 'other'), documentsDir: path.join(root, 'other', 'documents') }),
    ).rejects.toThrow(/Not a tar archive/);
  });
});

describe('tar files written before tar-stream (docs/decisions/045)', () => {
  // Written by the hand-written ustar writer that backups used until issue 29: the entries of a
  // backup in its order, with a stand-in for the database (a real one is 4.5 MB).
  const fixture = path.join(import.meta.dirname, '..', '..', '..', 'tests', 'fixtures', 'backup-v1-framing.tar');

  it('reads every entry of a backup the old writer made: names, modes and bytes', async () => {
    const entries: { name: string; mode: number; size: number; bytes: Buffer }[] = [];
    await readTar(fixture, async (entry) => {
      entries.push({ name: entry.name, mode: entry.mode, size: entry.size, bytes: await entry.read() });
    });
    expect(entries.map(({ name, mode, size }) => ({ name, mode, size }))).toEqual([
      { name: 'manifest.json', mode: 0o600, size: 161 },
      { name: 'database.tgz', mode: 0o600, size: expect.any(Number) },
      { name: 'auth-secret', mode: 0o644, size: 36 },
      { name: 'documents/ab/ab12.png', mode: 0o644, size: 8 },
      { name: 'documents/cd/cd34.txt', mode: 0o644, size: 15 },
    ]);
    expect(JSON.parse(entries[0]!.bytes.toString('utf8'))).toMatchObject({ format: 'cedicrypto-backup', version: 1, documents: 2 });
    expect(gunzipSync(entries[1]!.bytes).toString('utf8')).toMatch(/^not a database/);
    expect(entries[2]!.bytes.toString('utf8')).toBe('fixture-auth-secret-0123456789abcdef');
    expect(entries[3]!.bytes).toEqual(Buffer.from('89504e470d0a1a0a', 'hex'));
    expect(entries[4]!.bytes.toString('utf8')).toBe('second document');
  });

  it('extracts an entry of an old backup to a new file', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'exchange-old-tar-'));
    try {
      await readTar(fixture, async (entry) => {
        if (entry.name === 'documents/cd/cd34.txt') await entry.extract(path.join(dir, 'cd34.txt'));
      });
      expect(readFileSync(path.join(dir, 'cd34.txt'), 'utf8')).toBe('second document');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
