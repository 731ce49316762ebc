import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index.js';
import { enableAfterCommit } from './after-commit.js';

export type TSchema = typeof schema;
export type TDb = PgDatabase<PgQueryResultHKT, TSchema>;
/** A transaction handle has the same query API as the database. */
export type TTx = Parameters<Parameters<TDb['transaction']>[0]>[0];
export type TDbOrTx = TDb | TTx;

export type TDatabase = {
  db: TDb;
  kind: 'pglite' | 'postgres';
  pglite?: PGlite;
  pool?: pg.Pool;
  /**
   * PostgreSQL: connections that keep their session (LISTEN, session advisory locks, migrations).
   * The pool itself, unless DATABASE_DIRECT_URL names a direct server because DATABASE_URL goes
   * through a transaction-pooling PgBouncer (docs/decisions/050), which gives each transaction
   * whichever server connection is free.
   */
  sessionPool?: pg.Pool;
  close(): Promise<void>;
};

export const MIGRATIONS_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

// NUMERIC stays a string (decimal-safe); bigint counts become numbers.
pg.types.setTypeParser(20, (v) => Number(v));

export class DataDirLockedError extends Error {}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite has no lock of its own: two processes on one folder would corrupt it. Take an
 * exclusive lock file (created with O_EXCL); a lock left by a dead process is taken over.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, 'server.lock');
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      return () => {
        try {
          if (readFileSync(file, 'utf8').trim() === String(process.pid)) unlinkSync(file);
        } catch {
          // already gone
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      let pid = 0;
      try {
        pid = Number(readFileSync(file, 'utf8').trim());
      } catch {
        continue; // removed meanwhile; try again
      }
      if (pid > 0 && isProcessAlive(pid)) {
        throw new DataDirLockedError(
          `Another server (process ${pid}) is already using the data directory ${dataDir}. ` +
            'Stop it first, or start this one with a different DATA_DIR.',
        );
      }
      try {
        unlinkSync(file); // stale lock of a process that died
      } catch {
        // someone else took it over; loop decides
      }
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dataDir}.`);
}

type TNodefsOps = {
  setattr(node: unknown, attr: { mode?: number | null }): void;
  mknod(parent: unknown, name: string, mode: number, dev: number): unknown;
};
const privateOps = new WeakSet<object>();

/**
 * PGlite's file system (Emscripten's NODEFS) creates every file with mode 0666 and then
 * chmods it to that explicitly, so no umask helps. Its two calls that set a mode on disk keep
 * the owner's bits only: the database files are 0600 and its folders 0700 (decisions/012).
 */
function keepModesPrivate(nodefs: unknown): void {
  const ops = (nodefs as { node_ops?: TNodefsOps } | undefined)?.node_ops;
  if (!ops || typeof ops.setattr !== 'function' || typeof ops.mknod !== 'function' || privateOps.has(ops)) return;
  privateOps.add(ops);
  const { setattr, mknod } = ops;
  ops.setattr = (node, attr) => setattr.call(ops, node, typeof attr.mode === 'number' ? { ...attr, mode: attr.mode & ~0o077 } : attr);
  ops.mknod = (parent, name, mode, dev) => mknod.call(ops, parent, name, mode & ~0o077, dev);
}

class PrivateNodeFS extends NodeFS {
  constructor(dataDir: string) {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    super(dataDir);
  }

  override async init(...args: Parameters<NodeFS['init']>): ReturnType<NodeFS['init']> {
    const { emscriptenOpts } = await super.init(...args);
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [(mod) => keepModesPrivate(mod.NODEFS), ...(emscriptenOpts.preRun ?? [])] } };
  }
}

/**
 * PostgreSQL's memory inside PGlite (docs/architecture.md, "Memory"). Its WebAssembly memory only
 * grows, and what PostgreSQL once touched stays resident, so these bound the process's RSS:
 * initdb's 128 MB of shared buffers alone made the memory 188 MB. Pages past the buffers come from
 * the operating system's file cache (one read each), which costs far less than holding them twice.
 */
export const PGLITE_SETTINGS: Readonly<Record<string, string>> = {
  shared_buffers: '16MB',
  temp_buffers: '2MB',
  wal_buffers: '1MB',
  work_mem: '4MB',
  maintenance_work_mem: '16MB',
};

/**
 * Every embedded database is created here, so each one loads the same extensions the
 * migrations need (pg_trgm for the admin searches), runs with PGLITE_SETTINGS, and one on disk
 * keeps its files private.
 */
export function createPglite(dataDir?: string, options: Omit<PGliteOptions, 'extensions' | 'dataDir' | 'fs'> = {}): PGlite {
  const startParams = [
    ...PGlite.defaultStartParams,
    ...Object.entries(PGLITE_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
  ];
  return new PGlite({ startParams, ...options, ...(dataDir ? { fs: new PrivateNodeFS(dataDir) } : {}), extensions: { pg_trgm } });
}

/**
 * PGlite merges its parsers with a query's own for every query that brings some
 * (`{ ...instance, ...query }` in parseResults, @electric-sql/pglite 0.5.16 and 0.5.17), and
 * Drizzle brings nine on every query (dates and intervals left as text for its own mapping): a
 * copy of some 700 keys each time, one per array type PGlite registers at start. Under
 * bench:peak that copy was a tenth of the server's CPU, and an empty `SELECT 1` through Drizzle
 * took 287 µs instead of 159 (docs/decisions/069). Moved onto the prototype of an empty object,
 * the instance's parsers are still found by every lookup (queries without parsers of their own,
 * pg-boss's, the array parsers' element lookups), while the merge copies only the query's nine.
 * A type the merge then lacks falls back to PGlite's default parsers, which hold every built-in
 * scalar type; only array results of Drizzle's queries come as text, which Drizzle's array columns
 * parse themselves (the schema has none). Call once the database is ready (the array types are read then).
 */
export function lightenParserMerge(pglite: PGlite): void {
  if (Object.keys(pglite.parsers).length === 0) return;
  pglite.parsers = Object.create(pglite.parsers) as PGlite['parsers'];
}

export type TOpenDatabaseOptions =
  { databaseUrl: string; directUrl?: string | undefined; poolSize?: number } | { dataDir: string } | { pglite: PGlite };

/** How the server's configuration says to open the database: PostgreSQL when DATABASE_URL is set, else PGlite in the data directory. */
export function databaseOptionsOf(config: { databaseUrl: string | undefined; databaseDirectUrl: string | undefined; dataDir: string }) {
  return config.databaseUrl ? { databaseUrl: config.databaseUrl, directUrl: config.databaseDirectUrl } : { dataDir: config.dataDir };
}

export async function openDatabase(options: TOpenDatabaseOptions): Promise<TDatabase> {
  if ('databaseUrl' in options) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 20 });
    const db = drizzlePg(pool, { schema }) as unknown as TDb;
    enableAfterCommit(db);
    // A few session connections: the realtime listener, the price fetcher's lock, a migration run.
    const sessionPool = options.directUrl ? new pg.Pool({ connectionString: options.directUrl, max: 4 }) : pool;
    return {
      db,
      kind: 'postgres',
      pool,
      sessionPool,
      close: async () => {
        await pool.end();
        if (sessionPool !== pool) await sessionPool.end();
      },
    };
  }
  if ('pglite' in options) {
    await options.pglite.waitReady;
    lightenParserMerge(options.pglite);
    const db = drizzlePglite(options.pglite, { schema }) as unknown as TDb;
    enableAfterCommit(db);
    return { db, kind: 'pglite', pglite: options.pglite, close: () => options.pglite.close() };
  }
  const release = acquireDataDirLock(options.dataDir);
  try {
    const pglite = createPglite(path.join(options.dataDir, 'pgdata'));
    await pglite.waitReady;
    lightenParserMerge(pglite);
    const db = drizzlePglite(pglite, { schema }) as unknown as TDb;
    enableAfterCommit(db);
    return {
      db,
      kind: 'pglite',
      pglite,
      close: async () => {
        try {
          await pglite.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/**
 * Applies the committed migrations. On PostgreSQL an advisory lock keeps concurrent starts in
 * line. `migrationsFolder` is for tests that stop at an older migration.
 */
export async function migrateDatabase(database: TDatabase, migrationsFolder = MIGRATIONS_FOLDER): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as never, { migrationsFolder });
    return;
  }
  // A session lock: on a session connection, never through a transaction-pooling PgBouncer.
  const client = await (database.sessionPool ?? database.pool!).connect();
  try {
    await client.query('SELECT pg_advisory_lock(872341)');
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
  } finally {
    await client.query('SELECT pg_advisory_unlock(872341)').catch(() => undefined);
    client.release();
  }
}

export async function pingDatabase(db: TDb): Promise<void> {
  await db.execute(sql`SELECT 1`);
}
