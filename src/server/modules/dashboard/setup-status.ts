import { and, asc, eq, sql } from 'drizzle-orm';
import { missingCompanyFields } from '#shared/company.js';
import { EMAIL_FAILURE_WINDOW_HOURS, type TCoinGap, type TSetupStatus } from '#shared/contracts/setup.js';
import { DEFAULT_SERVICE_FEE_PERCENTAGE, toDecimal } from '#shared/money.js';
import { networkLabel, networksOf } from '#shared/networks.js';
import { DEMO_ADDRESS_SET, DEMO_PAYMENT_ACCOUNTS } from '#server/db/demo-deposit-addresses.js';
import type { TDb } from '#server/db/client.js';
import { firstOrThrow } from '#server/db/rows.js';
import { auditLog, coinDepositKeys, coins, depositAddresses, paymentMethods, settings } from '#server/db/schema/app.js';
import { getContactContent } from '#server/modules/content/service.js';
import { countUndeliveredSince } from '#server/modules/emails/service.js';

/** `smtpFingerprint`: the fingerprint of the SMTP settings as they are now (EmailSender.currentSmtpFingerprint). */
export type TSetupStatusDeps = { db: TDb; smtpPassFromEnv?: string; smtpFingerprint: () => Promise<string | null> };

/**
 * The first-run checklist (issue 16), computed from the database each time: at least one enabled
 * payment method; a deposit address on at least one network of every enabled coin; the admin
 * notification email; complete SMTP settings that a test email went out with; the company details of the contact page; and a
 * service fee someone chose (the settings saved at least once); and no demo or test-vector
 * destination in use (issue 27 point 3).
 */
export async function getSetupStatus(deps: TSetupStatusDeps): Promise<TSetupStatus> {
  const { db } = deps;
  const [methodCounts, enabledCoins, addresses, settingsRows, content, feeSaves, enabledMethods, keyed] = await Promise.all([
    db
      .select({
        enabled: sql<number>`count(*) filter (where ${paymentMethods.isEnabled})::int`,
        total: sql<number>`count(*)::int`,
      })
      .from(paymentMethods),
    db
      .select({ id: coins.id, symbol: coins.symbol, name: coins.name })
      .from(coins)
      .where(eq(coins.isEnabled, true))
      .orderBy(asc(coins.sortOrder), asc(coins.id)),
    db
      .select({ coinId: depositAddresses.coinId, network: depositAddresses.network, address: depositAddresses.address })
      .from(depositAddresses)
      .innerJoin(coins, and(eq(coins.id, depositAddresses.coinId), eq(coins.isEnabled, true))),
    db.select().from(settings).where(eq(settings.id, 1)),
    getContactContent(db),
    db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.action, 'settings.update')).limit(1),
    db
      .select({ name: paymentMethods.name, details: paymentMethods.details })
      .from(paymentMethods)
      .where(eq(paymentMethods.isEnabled, true))
      .orderBy(asc(paymentMethods.id)),
    // A network with a watch-only key sells without a fixed address (docs/decisions/056).
    db.select({ coinId: coinDepositKeys.coinId, network: coinDepositKeys.network }).from(coinDepositKeys),
  ]);

  const methods = firstOrThrow(methodCounts);
  const coinsWithout: TCoinGap[] = [];
  const networksWithout: TCoinGap[] = [];
  for (const coin of enabledCoins) {
    const networks = networksOf(coin.symbol).map((entry) => entry.network);
    const withAddress = new Set([...addresses, ...keyed].filter((row) => row.coinId === coin.id).map((row) => row.network));
    const without = networks.filter((network) => !withAddress.has(network)).map((network) => networkLabel(network));
    if (without.length === 0) continue;
    const gap = { symbol: coin.symbol, name: coin.name, networks: without };
    // A coin with none of its networks set cannot be sold at all; one with some can, on those.
    if (networks.some((network) => withAddress.has(network))) networksWithout.push(gap);
    else coinsWithout.push(gap);
  }

  // Issue 27 point 3: a demo or test-vector destination in use loses the money sent to it.
  const demoAddresses = addresses
    .filter((entry) => DEMO_ADDRESS_SET.has(entry.address))
    .flatMap((entry) => {
      const coin = enabledCoins.find((candidate) => candidate.id === entry.coinId);
      return coin ? [{ symbol: coin.symbol, name: coin.name, network: networkLabel(entry.network) }] : [];
    });
  const demoMethods = enabledMethods
    .filter(({ details }) =>
      DEMO_PAYMENT_ACCOUNTS.has((details.type === 'momo' ? details.number : details.accountNumber).replace(/\D/g, '')),
    )
    .map((method) => method.name);

  const row = settingsRows[0];
  const hasPassword = Boolean(deps.smtpPassFromEnv) || Boolean(row?.smtpPassEncrypted);
  const smtpMissing = [
    ...(row?.smtpHost ? [] : (['host'] as const)),
    ...(row?.smtpPort ? [] : (['port'] as const)),
    ...(row?.smtpUser ? [] : (['username'] as const)),
    ...(hasPassword ? [] : (['password'] as const)),
  ];
  // Done only once a test email went out with the settings as they are now (docs/decisions/033).
  const currentFingerprint = smtpMissing.length === 0 ? await deps.smtpFingerprint() : null;
  const isSmtpTested = currentFingerprint !== null && row?.smtpTestedFingerprint === currentFingerprint;
  const fee = row?.serviceFeePercentage ?? DEFAULT_SERVICE_FEE_PERCENTAGE;
  const contactMissing = missingCompanyFields(content);

  const status: Omit<TSetupStatus, 'isComplete' | 'emailFailures'> = {
    paymentMethods: { isDone: methods.enabled > 0, enabled: methods.enabled, total: methods.total },
    depositAddresses: { isDone: coinsWithout.length === 0, coinsWithout, networksWithout },
    demoDestinations: {
      isDone: demoAddresses.length === 0 && demoMethods.length === 0,
      addresses: demoAddresses,
      paymentMethods: demoMethods,
    },
    notificationEmail: { isDone: Boolean(row?.notificationEmail), email: row?.notificationEmail ?? null },
    smtp: {
      isDone: smtpMissing.length === 0 && isSmtpTested,
      missing: smtpMissing,
      isTested: isSmtpTested,
      testedAt: isSmtpTested ? (row?.smtpTestedAt?.toISOString() ?? null) : null,
    },
    contactDetails: { isDone: contactMissing.length === 0, missing: contactMissing },
    serviceFee: {
      isDone: feeSaves.length > 0,
      feePercentage: fee,
      isDefault: toDecimal(fee).eq(DEFAULT_SERVICE_FEE_PERCENTAGE),
    },
  };
  // Issue 27 point 7 (docs/decisions/033): emails of the last day that did not go out.
  const emailFailures = {
    count: await countUndeliveredSince(db, new Date(Date.now() - EMAIL_FAILURE_WINDOW_HOURS * 3_600_000)),
    windowHours: EMAIL_FAILURE_WINDOW_HOURS,
  };
  return { ...status, emailFailures, isComplete: Object.values(status).every((item) => item.isDone) };
}
