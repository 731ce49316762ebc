// npm run restore -- BACKUP.tar [--force]: restores a backup made by `npm run backup` into
// DATA_DIR (and DOCUMENTS_DIR). Refuses a data directory that is not empty unless --force, which
// keeps what it replaces beside it as *.replaced-<time>. The server must be stopped.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '#server/config.js';
import { BackupError, restoreDataDir } from '#server/commands/backup.js';
import { usePrivateUmask } from '#server/lib/private-files.js';

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({ options: { force: { type: 'boolean', default: false } }, allowPositionals: true });
  const [file, ...extra] = positionals;
  if (file === undefined || extra.length > 0) {
    throw new BackupError('Usage: npm run restore -- backups/cedicrypto-backup-<time>.tar [--force]');
  }
  usePrivateUmask(); // the restored database and documents are private (decisions/012)
  // Passing a secret keeps loadConfig from creating one in DATA_DIR (the backup brings its own).
  const config = loadConfig(process.env, { authSecret: 'unused-by-restore' });
  if (config.databaseUrl) {
    throw new BackupError('DATABASE_URL is set: restore PostgreSQL with pg_restore (README, "Backup and restore").');
  }
  const archive = path.resolve(file);
  const result = await restoreDataDir({ archive, dataDir: config.dataDir, documentsDir: config.documentsDir, force: values.force });
  console.log(`\n  Restored ${archive} into ${config.dataDir}`);
  console.log(`  ${result.tables} tables, ${result.rows} rows (checked), ${result.documents} documents.`);
  for (const kept of result.replaced) console.log(`  Replaced files kept at ${kept} (delete when satisfied).`);
  console.log('  Start the server as usual (npm start); it applies newer migrations if the backup is older.\n');
}

main().catch((error: unknown) => {
  if (error instanceof BackupError || error instanceof ConfigError) console.error(`\n  Cannot restore: ${error.message}\n`);
  else console.error(error);
  process.exit(1);
});
