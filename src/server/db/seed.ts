import { randomBytes } from 'node:crypto';
import { generateId } from 'better-auth';
import { hashPassword } from 'better-auth/crypto';
import { eq, sql } from 'drizzle-orm';
import type { TDb } from './client.js';
import { CONTACT_DEFAULTS } from '#shared/contracts/content.js';
import { accounts, users } from './schema/auth.js';
import { cannedResponses, coins, contactPageContent, settings } from './schema/app.js';
import { firstOrThrow } from '#server/db/rows.js';

export const SEED_COINS = [
  { symbol: 'btc', name: 'Bitcoin' },
  { symbol: 'eth', name: 'Ethereum' },
  { symbol: 'usdt', name: 'Tether' },
  { symbol: 'bnb', name: 'BNB' },
  { symbol: 'ltc', name: 'Litecoin' },
  { symbol: 'xrp', name: 'XRP' },
  { symbol: 'ada', name: 'Cardano' },
  { symbol: 'sol', name: 'Solana' },
  { symbol: 'doge', name: 'Dogecoin' },
] as const;

const CANNED_RESPONSES = [
  { title: 'Greeting', message: 'Hello! Thank you for contacting CediCrypto support. How can I help you today?' },
  {
    title: 'Order processing',
    message: 'Your order has been received and is being processed. You will get an email as soon as it is completed.',
  },
  {
    title: 'KYC review time',
    message: 'KYC reviews take 24-48 hours. We will email you as soon as your documents have been reviewed.',
  },
  { title: 'Closing', message: 'Is there anything else I can help you with? Have a great day!' },
];

/** Creates a staff or customer account directly (used by the seed and by tests). */
export async function createAccount(
  db: TDb,
  input: { email: string; password: string; fullName: string; username: string; role?: string | null; phone?: string | null },
): Promise<string> {
  const id = generateId();
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    await tx.insert(users).values({
      id,
      name: input.fullName,
      fullName: input.fullName,
      email: input.email.toLowerCase(),
      emailVerified: true,
      username: input.username.toLowerCase(),
      displayUsername: input.username,
      role: input.role ?? 'customer',
      phone: input.phone ?? null,
    });
    await tx.insert(accounts).values({ id: generateId(), accountId: id, providerId: 'credential', userId: id, password: passwordHash });
  });
  return id;
}

export type TSeedResult = { adminEmail: string; generatedPassword: string | null };

/**
 * First-start data, idempotent: safe to run at every start. The super admin gets ADMIN_PASSWORD
 * or, without it, a generated password that is printed once (it is never stored in clear).
 */
export async function seedDatabase(db: TDb, options: { adminEmail: string; adminPassword?: string }): Promise<TSeedResult> {
  await db.insert(settings).values({ id: 1 }).onConflictDoNothing();
  await db
    .insert(contactPageContent)
    .values({ id: 1, ...CONTACT_DEFAULTS })
    .onConflictDoNothing();
  await db
    .insert(coins)
    .values(SEED_COINS.map((coin, index) => ({ ...coin, sortOrder: index + 1 })))
    .onConflictDoNothing();
  const { count } = firstOrThrow(await db.select({ count: sql<number>`count(*)::int` }).from(cannedResponses));
  if (count === 0) await db.insert(cannedResponses).values(CANNED_RESPONSES);

  const [existingAdmin] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'super_admin')).limit(1);
  if (existingAdmin) return { adminEmail: options.adminEmail, generatedPassword: null };
  const generatedPassword = options.adminPassword ? null : randomBytes(12).toString('base64url');
  await createAccount(db, {
    email: options.adminEmail,
    password: options.adminPassword ?? generatedPassword!,
    fullName: 'Super Admin',
    username: 'superadmin',
    role: 'super_admin',
  });
  return { adminEmail: options.adminEmail, generatedPassword };
}
