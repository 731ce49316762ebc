import { createHash, randomBytes } from 'node:crypto';
import { generateId } from 'better-auth';
import { hashPassword } from 'better-auth/crypto';
import { eq, sql } from 'drizzle-orm';
import type { TDb } from './client.js';
import { CONTACT_DEFAULTS } from '#shared/contracts/content.js';
import { accounts, users } from './schema/auth.js';
import { cannedResponses, coins, contactPageContent, settings } from './schema/app.js';
import { staffInvitations } from './schema/staff.js';
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

export type TSeedResult = {
  adminEmail: string;
  /** A one-time link for the super admin to choose a password; null when ADMIN_PASSWORD is set or a password was chosen. */
  setupUrl: string | null;
};

/** How long the first super admin's setup link works (issue 26): a restart prints a new one once it has passed. */
export const ADMIN_SETUP_LINK_TTL_MS = 60 * 60 * 1000;

/**
 * First-start data, idempotent: safe to run at every start. The super admin gets ADMIN_PASSWORD
 * or, without it, no usable password and a single-use link valid one hour to choose one
 * (docs/decisions/023): only its hash is stored, and while the super admin has not used a link,
 * every start after the last one expired prints a new one. No password is ever printed.
 */
export async function seedDatabase(
  db: TDb,
  options: { adminEmail: string; adminPassword?: string; appUrl?: string },
): Promise<TSeedResult> {
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

  const appUrl = options.appUrl ?? '';
  const [existingAdmin] = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.role, 'super_admin')).limit(1);
  if (existingAdmin) {
    if (options.adminPassword || !(await awaitsFirstPassword(db, existingAdmin.id)))
      return { adminEmail: existingAdmin.email, setupUrl: null };
    return { adminEmail: existingAdmin.email, setupUrl: await issueSetupLink(db, existingAdmin.id, appUrl) };
  }
  const id = await createAccount(db, {
    email: options.adminEmail,
    password: options.adminPassword ?? randomBytes(32).toString('base64url'),
    fullName: 'Super Admin',
    username: 'superadmin',
    role: 'super_admin',
  });
  if (options.adminPassword) return { adminEmail: options.adminEmail, setupUrl: null };
  return { adminEmail: options.adminEmail, setupUrl: await issueSetupLink(db, id, appUrl) };
}

/** The super admin was created without a password and has used no setup link, and none is still valid. */
async function awaitsFirstPassword(db: TDb, userId: string): Promise<boolean> {
  const links = await db.select().from(staffInvitations).where(eq(staffInvitations.userId, userId));
  if (links.length === 0) return false; // created with ADMIN_PASSWORD
  if (links.some((link) => link.usedAt !== null)) return false;
  return links.every((link) => link.expiresAt.getTime() <= Date.now());
}

/** A single-use set-password link (the admin invitation's, docs/decisions/006), valid one hour. */
async function issueSetupLink(db: TDb, userId: string, appUrl: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(staffInvitations).values({
    userId,
    tokenHash: createHash('sha256').update(token).digest('hex'),
    expiresAt: new Date(Date.now() + ADMIN_SETUP_LINK_TTL_MS),
  });
  return `${appUrl}/#/admin/set-password?token=${token}`;
}

/** What a start prints when the super admin still has to choose a password. */
export function adminSetupMessage(adminEmail: string, setupUrl: string): string {
  return (
    `\n  Super admin: ${adminEmail}\n  Choose the password with this link (single use, valid for one hour):\n  ${setupUrl}\n` +
    '  If it expires, restart the server for a new one. Then sign in at /#/admin/login and set up two-factor.\n'
  );
}
