// npm run admin:reset-2fa -- <email>: clears the second factor of an account from the server's
// console, for the one case the back-office cannot handle: the Super Admin lost both the phone
// and the backup codes. Run it while the server is stopped (embedded database) or against
// DATABASE_URL. The account enrols again at its next sign-in; the reset is in the audit log.
import { eq, sql } from 'drizzle-orm';
import { loadConfig } from '#server/config.js';
import { makeDataFilesPrivate, usePrivateUmask, warnIfNotPrivate } from '#server/lib/private-files.js';
import { writeAudit } from '#server/lib/audit.js';
import { migrateDatabase, openDatabase } from './client.js';
import { sessions, twoFactors, users } from './schema/auth.js';

async function main() {
  const email = process.argv[2]?.trim().toLowerCase();
  if (!email) {
    console.error('Usage: npm run admin:reset-2fa -- <email>');
    process.exit(2);
  }
  usePrivateUmask();
  const config = loadConfig();
  warnIfNotPrivate(makeDataFilesPrivate(config));
  const database = await openDatabase(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir });
  try {
    await migrateDatabase(database);
    const found = await database.db.transaction(async (tx) => {
      const [user] = await tx
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = ${email}`)
        .for('update');
      if (!user) return false;
      await tx.delete(twoFactors).where(eq(twoFactors.userId, user.id));
      await tx.update(users).set({ twoFactorEnabled: false, updatedAt: new Date() }).where(eq(users.id, user.id));
      await tx.delete(sessions).where(eq(sessions.userId, user.id));
      await writeAudit(tx, {
        actor: null,
        action: 'admin.two_factor_reset_console',
        targetType: 'user',
        targetId: user.id,
        before: { twoFactorEnabled: user.twoFactorEnabled },
        after: { twoFactorEnabled: false },
      });
      return true;
    });
    if (!found) {
      console.error(`No account with the email ${email}.`);
      process.exitCode = 1;
      return;
    }
    console.log(`Two-factor authentication of ${email} is reset; they set it up again at their next sign-in.`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
