import { firstOrThrow } from '#server/db/rows.js';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { makeBackupsPrivate, makePrivate } from '#server/lib/private-files.js';
import { readTar, TarWriter } from '#server/lib/tar.js';
import { acquireDataDirLock, createPglite, DataDirLockedError, openDatabase } from '#server/db/client.js';

/**
 * Backup and restore of the embedded database (PGlite in DATA_DIR/pgdata) with the KYC
 * documents and the generated auth secret, as one tar file:
 *
 *   manifest.json    format, time, row count of every table (checked again on restore)
 *   database.tgz     pglite.dumpDataDir('gzip') after a CHECKPOINT
 *   auth-secret      DATA_DIR/auth-secret when there is one (it also decrypts the stored SMTP password)
 *   documents/...    every file under DOCUMENTS_DIR, with its relative path
 *
 * Both take the data-directory lock, so they refuse while the server runs. A restore unpacks
 * and verifies into `*.restoring` folders first and only then swaps them in, so a bad archive
 * never replaces anything; with `force` the replaced files are kept as `*.replaced-<time>`.
 * PostgreSQL (DATABASE_URL) is backed up with pg_dump instead (README).
 */

export const BACKUP_FORMAT = 'cedicrypto-backup';
const BACKUP_VERSION = 1;
const DATABASE_ENTRY = 'database.tgz';
const SECRET_ENTRY = 'auth-secret';
const DOCUMENTS_PREFIX = 'documents/';

export class BackupError extends Error {}

export type TTableCounts = Record<string, number>;

type TManifest = {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  tables: TTableCounts;
  documents: number;
};

export type TBackupResult = { file: string; bytes: number; tables: number; rows: number; documents: number };
export type TRestoreResult = { tables: number; rows: number; documents: number; replaced: string[] };

type TQueryable = Pick<PGlite, 'query'>;

/** Row count of every table outside the system catalogs (ours, better-auth's, drizzle's migrations). */
export async function countRowsPerTable(db: TQueryable): Promise<TTableCounts> {
  const { rows } = await db.query<{ schema: string; name: string }>(
    `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
     WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')
     ORDER BY 1, 2`,
  );
  const counts: TTableCounts = {};
  for (const { schema, name } of rows) {
    const quoted = `"${schema.replaceAll('"', '""')}"."${name.replaceAll('"', '""')}"`;
    const result = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${quoted}`);
    counts[`${schema}.${name}`] = firstOrThrow(result.rows).n;
  }
  return counts;
}

function sum(counts: TTableCounts): number {
  return Object.values(counts).reduce((a, b) => a + b, 0);
}

/** 2026-11-23T10-15-30Z: sortable and safe in file names on every system. */
export function fileTimestamp(date = new Date()): string {
  return `${date.toISOString().slice(0, 19).replaceAll(':', '-')}Z`;
}

export function defaultBackupFile(backupsDir: string, date = new Date()): string {
  return path.join(backupsDir, `cedicrypto-backup-${fileTimestamp(date)}.tar`);
}

function lockError(error: unknown, action: string): unknown {
  if (!(error instanceof DataDirLockedError)) return error;
  const reason = error.message.replace(/ Stop it first.*$/s, '');
  return new BackupError(`${reason} Stop the server first: ${action} needs the database at rest.`);
}

/** Relative paths of every file under a folder (missing folder: none). */
function listFiles(root: string, relative = ''): string[] {
  const dir = path.join(root, relative);
  if (!existsSync(dir)) return [];
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const child = relative ? `${relative}/${entry.name}` : entry.name;
    if (entry.isDirectory()) files.push(...listFiles(root, child));
    else if (entry.isFile()) files.push(child);
  }
  return files.sort();
}

function isEmptyDir(dir: string, ignore: string[] = []): boolean {
  return !existsSync(dir) || readdirSync(dir).every((name) => ignore.includes(name));
}

/**
 * Writes a backup of the embedded database in `dataDir` and of `documentsDir` to `outFile`
 * (mode 0600: it holds password hashes and identity documents). Refuses while a server runs.
 */
export async function backupDataDir(options: { dataDir: string; documentsDir: string; outFile: string }): Promise<TBackupResult> {
  const dataDir = path.resolve(options.dataDir);
  const documentsDir = path.resolve(options.documentsDir);
  const outFile = path.resolve(options.outFile);
  if (!existsSync(path.join(dataDir, 'pgdata', 'PG_VERSION'))) {
    throw new BackupError(`There is no embedded database in ${dataDir} (no pgdata folder). Is DATA_DIR right?`);
  }
  let database;
  try {
    database = await openDatabase({ dataDir });
  } catch (error) {
    throw lockError(error, 'a backup');
  }
  const partial = `${outFile}.partial`;
  try {
    const pglite = database.pglite!;
    // Write every dirty page to the data files, so the dump needs no WAL replay on restore.
    await pglite.query('CHECKPOINT');
    const tables = await countRowsPerTable(pglite);
    const dump = Buffer.from(await (await pglite.dumpDataDir('gzip')).arrayBuffer());
    const documents = documentsDir === dataDir ? [] : listFiles(documentsDir);
    const manifest: TManifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: new Date().toISOString(),
      tables,
      documents: documents.length,
    };

    mkdirSync(path.dirname(outFile), { recursive: true, mode: 0o700 });
    makeBackupsPrivate(path.dirname(outFile));
    const tar = new TarWriter(partial);
    try {
      await tar.addBuffer('manifest.json', Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
      await tar.addBuffer(DATABASE_ENTRY, dump);
      const secretFile = path.join(dataDir, 'auth-secret');
      if (existsSync(secretFile)) await tar.addFile(SECRET_ENTRY, secretFile);
      for (const file of documents) await tar.addFile(`${DOCUMENTS_PREFIX}${file}`, path.join(documentsDir, file));
    } finally {
      await tar.close();
    }
    renameSync(partial, outFile); // a backup file is either complete or absent
    return {
      file: outFile,
      bytes: statSync(outFile).size,
      tables: Object.keys(tables).length,
      rows: sum(tables),
      documents: documents.length,
    };
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  } finally {
    await database.close();
    // The checkpoint may have written new files, with whatever umask the caller has.
    makePrivate(dataDir);
  }
}

/** The archive's first read: its manifest (checked) and auth secret, which are small. */
async function readManifest(archive: string): Promise<{ manifest: TManifest; secret: Buffer | undefined }> {
  let manifestBytes: Buffer | undefined;
  let secret: Buffer | undefined;
  let hasDatabase = false;
  await readTar(archive, async (entry) => {
    if (entry.name === 'manifest.json') manifestBytes = await entry.read();
    else if (entry.name === SECRET_ENTRY) secret = await entry.read();
    else if (entry.name === DATABASE_ENTRY) hasDatabase = true;
  });
  let manifest: Partial<TManifest> | undefined;
  try {
    manifest = manifestBytes ? (JSON.parse(manifestBytes.toString('utf8')) as Partial<TManifest>) : undefined;
  } catch {
    manifest = undefined;
  }
  if (manifest?.format !== BACKUP_FORMAT || !manifest.tables) throw new BackupError('This file is not a CediCrypto backup (no manifest).');
  if (manifest.version !== BACKUP_VERSION)
    throw new BackupError(`Backup format version ${String(manifest.version)} is not supported by this version of the app.`);
  if (!hasDatabase) throw new BackupError('The backup has no database in it.');
  return { manifest: manifest as TManifest, secret };
}

/** A document path from the archive, refused if it could escape the documents folder. */
function safeRelative(name: string): string {
  const relative = name.slice(DOCUMENTS_PREFIX.length);
  const parts = relative.split('/');
  if (!relative || parts.some((p) => p === '' || p === '.' || p === '..') || path.isAbsolute(relative) || relative.includes('\\')) {
    throw new BackupError(`The backup holds an unsafe document path: ${name}`);
  }
  return relative;
}

/**
 * Restores a backup into `dataDir` (and `documentsDir`). Refuses a data directory that already
 * holds anything unless `force`; refuses while a server runs; checks that the restored database
 * opens and has the row counts recorded at backup time before anything is swapped in.
 */
export async function restoreDataDir(options: {
  archive: string;
  dataDir: string;
  documentsDir: string;
  force?: boolean;
}): Promise<TRestoreResult> {
  const dataDir = path.resolve(options.dataDir);
  const documentsDir = path.resolve(options.documentsDir);
  if (!existsSync(options.archive)) throw new BackupError(`No such backup file: ${options.archive}`);
  const archive = path.resolve(options.archive);
  let release: (() => void) | undefined;
  const pgdata = path.join(dataDir, 'pgdata');
  const pgdataNew = `${pgdata}.restoring`;
  const documentsNew = `${documentsDir}.restoring`;
  try {
    const { manifest, secret } = await readManifest(archive);
    try {
      release = acquireDataDirLock(dataDir);
    } catch (error) {
      throw lockError(error, 'a restore');
    }
    // Leftovers of an interrupted restore are ours to clear.
    rmSync(pgdataNew, { recursive: true, force: true });
    rmSync(documentsNew, { recursive: true, force: true });
    const ignored = ['server.lock'];
    const occupied = [
      ...readdirSync(dataDir)
        .filter((name) => !ignored.includes(name))
        .map((name) => path.join(dataDir, name)),
      ...(documentsDir.startsWith(`${dataDir}${path.sep}`) || isEmptyDir(documentsDir) ? [] : [documentsDir]),
    ];
    if (occupied.length > 0 && !options.force) {
      throw new BackupError(
        `The data directory ${dataDir} is not empty (${occupied.map((p) => path.basename(p)).join(', ')}). ` +
          'Restore into an empty folder (set DATA_DIR), or pass --force to replace what is there; the replaced files are kept beside it.',
      );
    }

    // 1. The archive's second read: the database into memory, the documents into a folder of
    // their own (removed below if the database does not check out).
    let dump: Buffer | undefined;
    let documents = 0;
    mkdirSync(documentsNew, { recursive: true, mode: 0o700 });
    await readTar(archive, async (entry) => {
      if (entry.name === DATABASE_ENTRY) dump = await entry.read();
      else if (entry.name.startsWith(DOCUMENTS_PREFIX)) {
        const target = path.join(documentsNew, safeRelative(entry.name));
        mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
        await entry.extract(target);
        documents += 1;
      }
    });
    if (!dump) throw new BackupError('The backup has no database in it.');

    // 2. The database, unpacked into a folder of its own and checked.
    const pglite = createPglite(pgdataNew, { loadDataDir: new Blob([dump]) });
    try {
      await pglite.waitReady;
      const counts = await countRowsPerTable(pglite);
      const differing = Object.keys({ ...counts, ...manifest.tables }).filter((table) => counts[table] !== manifest.tables[table]);
      if (differing.length > 0) {
        throw new BackupError(`The restored database does not match the backup's manifest (tables: ${differing.join(', ')}).`);
      }
    } finally {
      await pglite.close();
    }

    // 3. Swap in; whatever was there is kept as *.replaced-<time>.
    const stamp = fileTimestamp();
    const replaced: string[] = [];
    const swap = (from: string, to: string) => {
      if (existsSync(to)) {
        const kept = `${to}.replaced-${stamp}`;
        renameSync(to, kept);
        replaced.push(kept);
      }
      renameSync(from, to);
    };
    swap(pgdataNew, pgdata);
    swap(documentsNew, documentsDir);
    if (secret) {
      const secretFile = path.join(dataDir, 'auth-secret');
      const data = secret;
      if (!existsSync(secretFile) || !readFileSync(secretFile).equals(data)) {
        const fresh = `${secretFile}.restoring`;
        writeFileSync(fresh, data, { mode: 0o600 });
        swap(fresh, secretFile);
      }
    }
    // PGlite unpacked the database with the caller's umask; what the data directory held
    // before (kept as *.replaced-<time>) may be older and open too.
    makePrivate(dataDir);
    makePrivate(documentsDir);
    return { tables: Object.keys(manifest.tables).length, rows: sum(manifest.tables), documents, replaced };
  } catch (error) {
    if (release) {
      rmSync(pgdataNew, { recursive: true, force: true });
      rmSync(documentsNew, { recursive: true, force: true });
    }
    throw error;
  } finally {
    release?.();
  }
}
