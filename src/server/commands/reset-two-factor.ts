// npm run admin:reset-2fa -- <email>: clears the second factor of an account from the server's
// console, for the one case the back-office cannot handle: the Super Admin lost both the phone
// and the backup codes. Run it while the server is stopped (embedded database) or against
// DATABASE_URL. The account enrols again with the printed (and emailed) link; the reset is in the audit log.
import { eq, sql } from 'drizzle-orm';
import { loadConfig } from '#server/config.js';
import { makeDataFilesPrivate, usePrivateUmask, warnIfNotPrivate } from '#server/lib/private-files.js';
import { writeAudit } from '#server/lib/audit.js';
import { queueEmail } from '#server/lib/email/outbox.js';
import { renderTwoFactorResetEmail } from '#server/lib/email/templates.js';
import { issueTwoFactorLink, twoFactorSetupUrl, TWO_FACTOR_LINK_TTL_HOURS } from '#server/modules/auth/two-factor-links.js';
import { migrateDatabase, databaseOptionsOf, openDatabase } from '#server/db/client.js';
import { sessions, twoFactors, users } from '#server/db/schema/auth.js';

async function main() {
  const email = process.argv[2]?.trim().toLowerCase();
  if (!email) {
    console.error('Usage: npm run admin:reset-2fa -- <email>');
    process.exit(2);
  }
  usePrivateUmask();
  const config = loadConfig();
  warnIfNotPrivate(makeDataFilesPrivate(config));
  const database = await openDatabase(databaseOptionsOf(config));
  try {
    await migrateDatabase(database);
    let link = '';
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
      // Enrolling again needs the link (issue 26): emailed, and printed here for the one who runs
      // the server (the email may be what was lost with the phone).
      const token = await issueTwoFactorLink(tx, user.id);
      const setupUrl = twoFactorSetupUrl(config.appUrl, token);
      await queueEmail(
        tx,
        user.email,
        renderTwoFactorResetEmail({
          fullName: user.fullName || user.name,
          resetBy: 'The server’s operator',
          setupUrl,
          validHours: TWO_FACTOR_LINK_TTL_HOURS,
        }),
        config.authSecret,
      );
      link = `${setupUrl.base}${setupUrl.secret}`;
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
    console.log(
      `Two-factor authentication of ${email} is reset. To set it up again, sign in and open this link ` +
        `(single use, valid for ${TWO_FACTOR_LINK_TTL_HOURS} hours; it is also emailed):\n  ${link}`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
