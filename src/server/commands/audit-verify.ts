// npm run audit:verify [-- --data-dir FOLDER]: checks the audit log's hash chain (docs/decisions/073)
// from its first sealed row to the head, says how many rows wait to be sealed, and checks each
// compliance record (alert, case, note) against its last digest in that chain (decision 078). Reads
// DATABASE_URL when set, else the embedded database of DATA_DIR (or of FOLDER: a copy of a data
// directory, so the running server need not stop). Exit code 0 when the chain holds, 1 when it
// does not (each problem printed), 2 when it cannot be read.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '#server/config.js';
import { verifyAuditLog } from '#server/modules/audit/chain.js';
import { verifyChainedRecords } from '#server/modules/audit/records.js';
import { databaseOptionsOf, migrateDatabase, openDatabase } from '#server/db/client.js';

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { 'data-dir': { type: 'string' } } });
  // The secret is not needed here; passing one keeps loadConfig from creating a new one in DATA_DIR.
  const config = loadConfig(process.env, { authSecret: 'unused-by-audit-verify' });
  const dataDir = values['data-dir'] ? path.resolve(values['data-dir']) : config.dataDir;
  const database = await openDatabase(values['data-dir'] ? { dataDir } : databaseOptionsOf(config));
  try {
    await migrateDatabase(database);
    const result = await verifyAuditLog(database.db);
    const records = await verifyChainedRecords(database.db);
    const recordsLine = records.ok
      ? `Compliance records verified: ${records.checked} alerts, cases and notes match their last digest in the chain.`
      : `Compliance records NOT verified: ${records.problems.length} of ${records.checked} do not match the chain.`;
    const waiting =
      result.unsealed === 0
        ? 'none waits to be sealed'
        : `${result.unsealed} written since wait to be sealed (the oldest at ${result.oldestUnsealedAt}; the server seals every 30 s)`;
    if (result.ok) console.log(`Audit log verified: ${result.rows} rows, chain intact to row ${result.lastSeq}; ${waiting}.`);
    else {
      console.error(`Audit log NOT verified: ${result.problems.length} problem(s) in ${result.rows} sealed rows; ${waiting}.`);
      for (const problem of result.problems)
        console.error(`  ${problem.seq === null ? 'audit log' : `row ${problem.seq}`}: ${problem.problem}`);
    }
    (records.ok ? console.log : console.error)(recordsLine);
    for (const problem of records.problems) console.error(`  ${problem.table} ${problem.id}: ${problem.problem}`);
    return result.ok && records.ok ? 0 : 1;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? `Cannot verify the audit log: ${error.message}` : error);
    process.exit(2);
  },
);
