import { buildApp } from './app.js';
import { ConfigError, embeddedDatabaseWarning, loadConfig } from './config.js';
import { DataDirLockedError, migrateDatabase, databaseOptionsOf, openDatabase, type TDatabase } from './db/client.js';
import { adminSetupMessage, seedDatabase } from './db/seed.js';
import { listenWithAcceptors, type TAcceptors } from './lib/acceptors.js';
import { startMemoryLog } from './lib/memory-log.js';
import { loadShippedListIfNone } from './modules/sanctions/lists.js';
import { startOutboxLog } from './lib/outbox.js';
import { makeDataFilesPrivate, usePrivateUmask, warnIfNotPrivate } from './lib/private-files.js';

async function main(): Promise<void> {
  // Before anything is written: the database, secret and documents are private (decisions/012).
  usePrivateUmask();
  const config = loadConfig();
  warnIfNotPrivate(makeDataFilesPrivate(config));
  const database = await openDatabase(databaseOptionsOf(config));
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  try {
    await migrateDatabase(database);
    const seeded = await seedDatabase(database.db, {
      adminEmail: config.adminEmail,
      adminPassword: config.adminPassword,
      appUrl: config.appUrl,
    });
    if (seeded.setupUrl) console.log(adminSetupMessage(seeded.adminEmail, seeded.setupUrl));
    // Screening works from the first start: the shipped sanctions list when none was loaded (docs/decisions/075).
    const shipped = await loadShippedListIfNone(database.db, new Date());
    if (shipped)
      console.log(
        `  Loaded the shipped sanctions list "${shipped.name}" of ${shipped.listDate}: ${shipped.addresses} addresses, ${shipped.names} names.`,
      );
    app = await buildApp(config, { database, startBackgroundJobs: true });
    const embedded = embeddedDatabaseWarning(config);
    if (embedded) app.log.warn(embedded);
    const acceptors = await listenWithAcceptors(app, { port: config.port, host: config.host, sockets: config.acceptSockets });
    // The stop handlers are in place before anyone is told the server runs: until process.on
    // is called, a SIGTERM kills the process at once (no clean close, exit code by signal),
    // and a supervisor or test may send one as soon as it reads the line below.
    stopOnSignals(app, acceptors, database);
    // Seconds since the process started: a restart with nothing to rebuild should take under 3 s.
    console.log(`\n  CediCrypto is running at ${config.appUrl} (ready ${process.uptime().toFixed(1)} s after start)\n`);
    startMemoryLog(config.memoryLogSeconds, app.log, database.pglite);
    startOutboxLog(config.memoryLogSeconds, app.log, database.db);
  } catch (error) {
    if (app) await app.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    throw error;
  }
}

/** SIGTERM and SIGINT close the acceptors, then the app, then the database, once. */
function stopOnSignals(app: Awaited<ReturnType<typeof buildApp>>, acceptors: TAcceptors, database: TDatabase): void {
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    // The forced exit is armed first: logging can throw (stdout closed by a pipe), and a
    // shutdown must never hang on that.
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      app.log.info({ signal }, 'shutting down');
    } catch {
      // nowhere to log to
    }
    // The database closes last: the app's own close hooks (price fetcher, chat listener, email
    // sender) still use it while they stop.
    acceptors
      .close()
      .then(() => app.close())
      .then(() => database.close())
      .then(() => process.exit(0))
      .catch(() => process.exit(1));
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(`\n  Cannot start: ${error.message}\n`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
