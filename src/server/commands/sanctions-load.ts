// npm run sanctions:load -- FILE [--date YYYY-MM-DD] [--source TEXT] [--data-dir FOLDER]: loads a
// sanctions list (docs/decisions/075-sanctions-screening.md) into the database of DATABASE_URL, or
// the embedded one of DATA_DIR (or FOLDER), then screens every customer's name and every open
// order's wallet address against it; a hit raises a `sanctions` alert for the compliance desk.
// FILE: our list format (as src/server/modules/sanctions/lists/ofac-sdn-2024-09-27.json, the copy
// shipped), or one per-coin file of github.com/0xB10C/ofac-sanctioned-digital-currency-addresses
// (sanctioned_addresses_<COIN>.json or .txt), whose list date --date gives. A newer file of the same
// list supersedes the older one. Exit code 0 when loaded, 1 when the file is refused, 2 on an error.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '#server/config.js';
import { databaseOptionsOf, migrateDatabase, openDatabase } from '#server/db/client.js';
import { loadSanctionsList, parseSanctionsFile, SanctionsFileError } from '#server/modules/sanctions/lists.js';

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { 'data-dir': { type: 'string' }, date: { type: 'string' }, source: { type: 'string' } },
  });
  const file = positionals[0];
  if (!file) {
    console.error('Usage: npm run sanctions:load -- FILE [--date YYYY-MM-DD] [--source TEXT] [--data-dir FOLDER]');
    return 1;
  }
  const bytes = readFileSync(path.resolve(file));
  let list;
  try {
    list = parseSanctionsFile(bytes.toString('utf8'), path.basename(file), { date: values.date, source: values.source });
  } catch (error) {
    if (error instanceof SanctionsFileError) {
      console.error(`Not loaded: ${error.message}`);
      return 1;
    }
    throw error;
  }
  // The secret is not needed here; passing one keeps loadConfig from creating a new one in DATA_DIR.
  const config = loadConfig(process.env, { authSecret: 'unused-by-sanctions-load' });
  const dataDir = values['data-dir'] ? path.resolve(values['data-dir']) : config.dataDir;
  const database = await openDatabase(values['data-dir'] ? { dataDir } : databaseOptionsOf(config));
  try {
    await migrateDatabase(database);
    const result = await loadSanctionsList(database.db, bytes, list, new Date());
    console.log(
      `Loaded "${result.name}" of ${result.listDate} as list ${result.listId} (SHA-256 ${result.sha256}): ${result.addresses} addresses, ${result.names} names; ${result.superseded} older list(s) superseded.`,
    );
    console.log(
      `Rescreened ${result.rescreen.customers} customers and ${result.rescreen.orders} open orders: ${result.rescreen.nameHits} name and ${result.rescreen.addressHits} address match(es), each an alert on the compliance desk.`,
    );
    return 0;
  } catch (error) {
    if (error instanceof SanctionsFileError) {
      console.error(`Not loaded: ${error.message}`);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? `Cannot load the sanctions list: ${error.message}` : error);
    process.exit(2);
  },
);
