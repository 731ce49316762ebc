import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createPglite, migrateDatabase, openDatabase } from '#server/db/client.js';
import { seedDatabase } from '#server/db/seed.js';
import { SUPER_ADMIN, TEMPLATE_DB } from './constants.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDumpPath: string;
    /** The template database on the PostgreSQL server itself (databases are made and dropped there). */
    templateDatabaseUrl: string;
    /** The same server through PgBouncer when the run has one (scripts/with-pgbouncer.sh), else ''. */
    pooledDatabaseUrl: string;
  }
}

/**
 * Prepares one migrated, seeded database; every test file then starts from a copy of it,
 * which is much faster than migrating anew. PGlite: a data-dir dump loaded per file.
 * PostgreSQL (DATABASE_URL set): a template database cloned with CREATE DATABASE ... TEMPLATE.
 */
export default async function setup(project: TestProject) {
  // Tests that start the real server (`node scripts/start.mjs`) run in parallel: the compiled
  // server is brought up to date once here, not by each of them at the same time.
  const build = spawnSync(process.execPath, ['scripts/build-server.mjs', '--if-stale'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('The server build failed; see above.');
  // Through PgBouncer (scripts/with-pgbouncer.sh), DATABASE_URL is the pooler's and
  // DATABASE_DIRECT_URL the server's: databases are made on the server, the apps use the pooler.
  const databaseUrl = process.env.DATABASE_DIRECT_URL ?? process.env.DATABASE_URL;
  project.provide('pooledDatabaseUrl', process.env.DATABASE_DIRECT_URL ? (process.env.DATABASE_URL ?? '') : '');
  if (databaseUrl) {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB}`);
    await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`);
    await admin.end();
    const url = new URL(databaseUrl);
    url.pathname = `/${TEMPLATE_DB}`;
    const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
    await migrateDatabase(database);
    await seedDatabase(database.db, { adminEmail: SUPER_ADMIN.email, adminPassword: SUPER_ADMIN.password });
    await database.close();
    project.provide('templateDatabaseUrl', url.toString());
    project.provide('pgliteDumpPath', '');
    return;
  }
  const pglite = createPglite();
  const database = await openDatabase({ pglite });
  await migrateDatabase(database);
  await seedDatabase(database.db, { adminEmail: SUPER_ADMIN.email, adminPassword: SUPER_ADMIN.password });
  const dump = await pglite.dumpDataDir('none');
  await pglite.close();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'exchange-test-'));
  const file = path.join(dir, 'seeded.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteDumpPath', file);
  project.provide('templateDatabaseUrl', '');
  return () => rmSync(dir, { recursive: true, force: true });
}
