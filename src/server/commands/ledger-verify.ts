// npm run ledger:verify [-- --data-dir FOLDER]: checks the ledger (docs/decisions/037): the hash
// chain from the first entry to the head, and that every entry, and all postings together, sum to
// zero in each asset. Reads DATABASE_URL when set, else the embedded database of DATA_DIR (or of
// FOLDER: a copy of a data directory, so the running server need not stop). Exit code 0 when the
// ledger holds, 1 when it does not (each problem printed), 2 when it cannot be read.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '#server/config.js';
import { verifyLedger } from '#server/modules/ledger/service.js';
import { databaseOptionsOf, migrateDatabase, openDatabase } from '#server/db/client.js';

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { 'data-dir': { type: 'string' } } });
  // The secret is not needed here; passing one keeps loadConfig from creating a new one in DATA_DIR.
  const config = loadConfig(process.env, { authSecret: 'unused-by-ledger-verify' });
  const dataDir = values['data-dir'] ? path.resolve(values['data-dir']) : config.dataDir;
  const database = await openDatabase(values['data-dir'] ? { dataDir } : databaseOptionsOf(config));
  try {
    await migrateDatabase(database);
    const result = await verifyLedger(database.db);
    if (result.ok) {
      console.log(`Ledger verified: ${result.entries} entries, chain intact to entry ${result.lastSeq}, every entry balances.`);
      return 0;
    }
    console.error(`Ledger NOT verified: ${result.problems.length} problem(s) in ${result.entries} entries.`);
    for (const problem of result.problems)
      console.error(`  ${problem.seq === null ? 'ledger' : `entry ${problem.seq}`}: ${problem.problem}`);
    return 1;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? `Cannot verify the ledger: ${error.message}` : error);
    process.exit(2);
  },
);
