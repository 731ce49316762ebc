// npm run backup [-- --out FOLDER]: backs up the embedded database (DATA_DIR), the KYC documents
// (DOCUMENTS_DIR) and the generated auth secret into FOLDER/cedicrypto-backup-<time>.tar
// (default ./backups). The server must be stopped. For PostgreSQL use pg_dump (README).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '#server/config.js';
import { BackupError, backupDataDir, defaultBackupFile } from '#server/commands/backup.js';
import { usePrivateUmask } from '#server/lib/private-files.js';

function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  usePrivateUmask(); // the backup and its folder are private (decisions/012)
  // The secret is not needed here; passing one keeps loadConfig from creating a new one in DATA_DIR.
  const config = loadConfig(process.env, { authSecret: 'unused-by-backup' });
  if (config.databaseUrl) {
    throw new BackupError('DATABASE_URL is set: back up PostgreSQL with pg_dump (README, "Backup and restore").');
  }
  const outFile = defaultBackupFile(values.out ? path.resolve(values.out) : config.backupDir);
  const result = await backupDataDir({ dataDir: config.dataDir, documentsDir: config.documentsDir, outFile });
  const size = formatBytes(result.bytes);
  console.log(`\n  Backup written: ${result.file} (${size})`);
  console.log(`  ${result.tables} tables, ${result.rows} rows, ${result.documents} documents. Keep it private: it holds personal data.\n`);
}

main().catch((error: unknown) => {
  if (error instanceof BackupError || error instanceof ConfigError) console.error(`\n  Cannot back up: ${error.message}\n`);
  else console.error(error);
  process.exit(1);
});
