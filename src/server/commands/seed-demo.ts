// npm run seed:demo: demo staff (manager, support, compliance), customers, payment methods and
// deposit addresses for trying the product; `--staff-only` adds just the staff (the browser tests
// use that). Optional; run it while the server is stopped (the embedded database allows one
// process at a time).
import { sql } from 'drizzle-orm';
import { loadConfig } from '#server/config.js';
import { makeDataFilesPrivate, usePrivateUmask, warnIfNotPrivate } from '#server/lib/private-files.js';
import { migrateDatabase, databaseOptionsOf, openDatabase } from '#server/db/client.js';
import { paymentMethods } from '#server/db/schema/app.js';
import { DEMO_PAYMENT_METHODS, seedDemoDepositAddresses } from '#server/db/demo-deposit-addresses.js';
import { users } from '#server/db/schema/auth.js';
import { adminSetupMessage, createAccount, seedDatabase } from '#server/db/seed.js';
import { firstOrThrow } from '#server/db/rows.js';

const DEMO_PASSWORD = 'Demo-Passw0rd!';
/** Staff of each creatable role, for trying the back-office (and for the browser tests). */
const DEMO_STAFF = [
  { username: 'demomanager', fullName: 'Demo Manager', email: 'manager@demo.cedicrypto.local', role: 'manager' },
  { username: 'demosupport', fullName: 'Demo Support', email: 'support@demo.cedicrypto.local', role: 'support' },
  { username: 'democompliance', fullName: 'Demo Compliance', email: 'compliance@demo.cedicrypto.local', role: 'compliance' },
];
const DEMO_CUSTOMERS = [
  { username: 'ama', fullName: 'Ama Mensah', email: 'ama@demo.cedicrypto.local', phone: '0241234567' },
  { username: 'kwame', fullName: 'Kwame Boateng', email: 'kwame@demo.cedicrypto.local', phone: '0201234567' },
  { username: 'efua', fullName: 'Efua Owusu', email: 'efua@demo.cedicrypto.local', phone: '0271234567' },
];

async function main() {
  usePrivateUmask();
  const config = loadConfig();
  warnIfNotPrivate(makeDataFilesPrivate(config));
  const database = await openDatabase(databaseOptionsOf(config));
  try {
    await migrateDatabase(database);
    const seeded = await seedDatabase(database.db, {
      adminEmail: config.adminEmail,
      adminPassword: config.adminPassword,
      appUrl: config.appUrl,
    });
    if (seeded.setupUrl) console.log(adminSetupMessage(seeded.adminEmail, seeded.setupUrl));
    const staffOnly = process.argv.includes('--staff-only');
    for (const person of [...DEMO_STAFF, ...(staffOnly ? [] : DEMO_CUSTOMERS)]) {
      const exists = await database.db
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = ${person.email}`);
      if (exists.length === 0) await createAccount(database.db, { ...person, password: DEMO_PASSWORD });
    }
    if (staffOnly) {
      console.log(`Demo staff ready: ${DEMO_STAFF.map((s) => s.email).join(', ')}; password ${DEMO_PASSWORD}`);
      return;
    }
    const { count } = firstOrThrow(await database.db.select({ count: sql<number>`count(*)::int` }).from(paymentMethods));
    if (count === 0) {
      await database.db
        .insert(paymentMethods)
        .values(DEMO_PAYMENT_METHODS.map((method) => ({ name: method.name, details: { ...method.details } })));
    }
    const addresses = await seedDemoDepositAddresses(database.db);
    if (addresses > 0) {
      console.log(
        `Demo deposit addresses set on ${addresses} coin networks: test addresses nobody should send to; replace them in Currencies.`,
      );
    }
    console.log(
      `Demo data ready. Staff: ${DEMO_STAFF.map((s) => s.email).join(', ')}; customers: ${DEMO_CUSTOMERS.map((c) => c.email).join(', ')}; password ${DEMO_PASSWORD}`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
