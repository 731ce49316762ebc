import { createHash, randomBytes } from 'node:crypto';
import { generateId } from 'better-auth';
import { hashPassword } from 'better-auth/crypto';
import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { confirmSecondFactor } from '#server/modules/auth/two-factor.js';
import type { TAccountDeps } from '#server/modules/auth/service.js';
import { EDITABLE_ROLES, isStaffRole, ROLE_LABELS, STAFF_ROLES, type TStaffRole } from '#shared/permissions.js';
import { INVITATION_TTL_HOURS, STAFF_MSG, type TCreateStaffRequest, type TStaffMember } from '#shared/contracts/staff.js';
import type { TDb, TDbOrTx } from '#server/db/client.js';
import { accounts, sessions, twoFactors, users } from '#server/db/schema/auth.js';
import { staffInvitations } from '#server/db/schema/staff.js';
import type { TOnAccountChanged } from '#server/lib/account-changed.js';
import { writeAudit } from '#server/lib/audit.js';
import { revokePasswordLinks } from '#server/modules/auth/password-links.js';
import { isUniqueViolation } from '#server/lib/db-errors.js';
import { queueEmail } from '#server/lib/email/outbox.js';
import { renderStaffInvitationEmail, renderTwoFactorResetEmail, type TSecretUrl } from '#server/lib/email/templates.js';
import { issueTwoFactorLink, twoFactorSetupUrl, TWO_FACTOR_LINK_TTL_HOURS } from '#server/modules/auth/two-factor-links.js';
import { AppError } from '#server/lib/errors.js';
import { assertNotCommonPassword } from '#server/lib/password-policy.js';
import type { TActor } from '#server/plugins/access.js';

export type TStaffDeps = {
  db: TDb;
  appUrl: string;
  /** Seals the invitation link's token in the email outbox (docs/decisions/021). */
  serverSecret: string;
  onEmailQueued: () => void;
  onAccountChanged: TOnAccountChanged;
  /** better-auth, to check the inviter's second factor when they invite another Super Admin (docs/decisions/030). */
  account?: TAccountDeps;
};
type TAuditContext = { actor: TActor; ip: string };

const INVITATION_TTL_MS = INVITATION_TTL_HOURS * 60 * 60 * 1000;

export function hashInvitationToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function buildSetPasswordUrl(appUrl: string, token: string): TSecretUrl {
  return { base: `${appUrl}/#/admin/set-password?token=`, secret: token };
}

/** 'invited' while the account has invitations and none of them has been used. */
const statusColumn = sql<'active' | 'invited'>`CASE
  WHEN EXISTS (SELECT 1 FROM staff_invitations si WHERE si.user_id = "users"."id")
   AND NOT EXISTS (SELECT 1 FROM staff_invitations si WHERE si.user_id = "users"."id" AND si.used_at IS NOT NULL)
  THEN 'invited' ELSE 'active' END`;

const staffColumns = {
  id: users.id,
  fullName: users.fullName,
  name: users.name,
  email: users.email,
  role: users.role,
  createdAt: users.createdAt,
  twoFactorEnabled: users.twoFactorEnabled,
  status: statusColumn,
};

type TStaffRow = {
  id: string;
  fullName: string;
  name: string;
  email: string;
  role: string | null;
  createdAt: Date;
  twoFactorEnabled: boolean;
  status: 'active' | 'invited';
};

function toStaffMember(row: TStaffRow): TStaffMember {
  return {
    id: row.id,
    fullName: row.fullName || row.name,
    email: row.email,
    role: row.role as TStaffRole,
    status: row.status,
    twoFactorEnabled: row.twoFactorEnabled,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listStaff(db: TDb): Promise<TStaffMember[]> {
  const rows = await db
    .select(staffColumns)
    .from(users)
    .where(and(inArray(users.role, [...STAFF_ROLES]), isNull(users.removedAt)))
    .orderBy(sql`${users.role} = 'super_admin' DESC`, asc(users.fullName), asc(users.email));
  return rows.map(toStaffMember);
}

async function findStaff(db: TDb, id: string): Promise<TStaffMember> {
  const [row] = await db
    .select(staffColumns)
    .from(users)
    .where(and(eq(users.id, id), isNull(users.removedAt)));
  if (!row || !isStaffRole(row.role)) throw new AppError('NOT_FOUND', STAFF_MSG.adminNotFound);
  return toStaffMember(row);
}

/** A new token for `userId`; earlier unused invitations stop working. Call inside a transaction. */
async function issueInvitation(
  tx: Parameters<Parameters<TDb['transaction']>[0]>[0],
  deps: TStaffDeps,
  target: { id: string; email: string; fullName: string; role: TStaffRole },
  actor: TActor,
): Promise<void> {
  await tx
    .update(staffInvitations)
    .set({ expiresAt: new Date() })
    .where(and(eq(staffInvitations.userId, target.id), isNull(staffInvitations.usedAt), gt(staffInvitations.expiresAt, new Date())));
  const token = randomBytes(32).toString('base64url');
  await tx.insert(staffInvitations).values({
    userId: target.id,
    tokenHash: hashInvitationToken(token),
    expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
    createdBy: actor.id,
  });
  await queueEmail(
    tx,
    target.email,
    renderStaffInvitationEmail({
      fullName: target.fullName,
      roleLabel: ROLE_LABELS[target.role],
      invitedBy: actor.user.fullName || actor.email,
      setPasswordUrl: buildSetPasswordUrl(deps.appUrl, token),
      validHours: INVITATION_TTL_HOURS,
    }),
    deps.serverSecret,
  );
}

/**
 * Creates a staff account without a usable password (a random one nobody knows) and emails a
 * single-use link to choose one. Everything, the email included, commits or rolls back together.
 */
export async function createStaff(
  deps: TStaffDeps,
  input: TCreateStaffRequest,
  context: TAuditContext & { request?: FastifyRequest },
): Promise<TStaffMember> {
  const { db } = deps;
  // Another Super Admin (docs/decisions/030): confirmed with the inviter's second factor.
  if (input.role === 'super_admin') {
    if (!input.code)
      throw new AppError('VALIDATION', STAFF_MSG.superAdminCodeRequired, { fields: { code: STAFF_MSG.superAdminCodeRequired } });
    if (!deps.account || !context.request) throw new AppError('FORBIDDEN', STAFF_MSG.superAdminCodeRequired);
    await confirmSecondFactor(deps.account, context.request, input.code);
  }
  const id = generateId();
  // Hashed before the transaction: scrypt takes a while, and the transaction should not wait on it.
  const unusable = await hashPassword(randomBytes(32).toString('base64url'));
  try {
    await db.transaction(async (tx) => {
      const [taken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = ${input.email.toLowerCase()}`);
      if (taken) throw new AppError('EMAIL_TAKEN', STAFF_MSG.emailTaken, { fields: { email: STAFF_MSG.emailTaken } });
      const username = `staff_${randomBytes(6).toString('hex')}`;
      await tx.insert(users).values({
        id,
        name: input.fullName,
        fullName: input.fullName,
        email: input.email.toLowerCase(),
        emailVerified: false,
        username,
        displayUsername: username,
        role: input.role,
      });
      await tx.insert(accounts).values({ id: generateId(), accountId: id, providerId: 'credential', userId: id, password: unusable });
      await issueInvitation(tx, deps, { id, email: input.email, fullName: input.fullName, role: input.role }, context.actor);
      await writeAudit(tx, {
        actor: context.actor,
        action: 'admin.create',
        targetType: 'user',
        targetId: id,
        after: {
          fullName: input.fullName,
          email: input.email,
          role: input.role,
          ...(input.role === 'super_admin' ? { secondFactor: true } : {}),
        },
        ip: context.ip,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_unique')) {
      throw new AppError('EMAIL_TAKEN', STAFF_MSG.emailTaken, { fields: { email: STAFF_MSG.emailTaken } });
    }
    throw error;
  }
  deps.onEmailQueued();
  return findStaff(db, id);
}

/** Sends a fresh link to an admin who has not set a password yet (the old link stops working). */
export async function resendInvitation(deps: TStaffDeps, id: string, context: TAuditContext): Promise<TStaffMember> {
  const target = await findStaff(deps.db, id);
  if (target.status !== 'invited') throw new AppError('INVITATION_ALREADY_ACCEPTED', STAFF_MSG.alreadyActive);
  await deps.db.transaction(async (tx) => {
    await issueInvitation(tx, deps, { id: target.id, email: target.email, fullName: target.fullName, role: target.role }, context.actor);
    await writeAudit(tx, { actor: context.actor, action: 'admin.invitation_resend', targetType: 'user', targetId: id, ip: context.ip });
  });
  deps.onEmailQueued();
  return target;
}

/**
 * Only the role changes; the super admin's role and one's own are fixed. The admin's session
 * stays; their open sockets close and their tabs re-read the session (onAccountChanged).
 */
export async function updateStaffRole(
  deps: TStaffDeps,
  id: string,
  role: (typeof EDITABLE_ROLES)[number],
  context: TAuditContext,
): Promise<TStaffMember> {
  const { db } = deps;
  if (id === context.actor.id) throw new AppError('FORBIDDEN', STAFF_MSG.cannotChangeOwnRole);
  const changed = await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ id: users.id, role: users.role })
      .from(users)
      .where(and(eq(users.id, id), isNull(users.removedAt)))
      .for('update');
    if (!before || !isStaffRole(before.role)) throw new AppError('NOT_FOUND', STAFF_MSG.adminNotFound);
    if (before.role === 'super_admin') throw new AppError('FORBIDDEN', STAFF_MSG.cannotChangeSuperAdmin);
    if (before.role === role) return false;
    await tx.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, id));
    await writeAudit(tx, {
      actor: context.actor,
      action: 'admin.role_change',
      targetType: 'user',
      targetId: id,
      before: { role: before.role },
      after: { role },
      ip: context.ip,
    });
    return true;
  });
  if (changed) deps.onAccountChanged(id);
  return findStaff(db, id);
}

/**
 * Removes a staff account (Admin Management's Delete) and closes their sockets. The super admin
 * and oneself cannot be removed, whatever the client sends. The row is kept, marked removed, so
 * that every order, KYC decision, chat reply and compliance note they made still names them
 * (docs/decisions/017, "Records retention"): their sessions, password, authenticator and open
 * invitations go, the account is banned, and its email is replaced so the address can be invited
 * again. Their audit entries stay (the audit log is append-only).
 */
export async function deleteStaff(deps: TStaffDeps, id: string, context: TAuditContext): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [target] = await tx.select().from(users).where(eq(users.id, id)).for('update');
    if (!target || !isStaffRole(target.role) || target.removedAt) throw new AppError('NOT_FOUND', STAFF_MSG.adminNotFound);
    if (target.role === 'super_admin') throw new AppError('FORBIDDEN', STAFF_MSG.cannotDeleteSuperAdmin);
    if (target.id === context.actor.id) throw new AppError('FORBIDDEN', STAFF_MSG.cannotDeleteSelf);
    const now = new Date();
    await tx.delete(sessions).where(eq(sessions.userId, id));
    await tx.delete(accounts).where(eq(accounts.userId, id));
    await tx.delete(twoFactors).where(eq(twoFactors.userId, id));
    await tx
      .update(staffInvitations)
      .set({ expiresAt: now })
      .where(and(eq(staffInvitations.userId, id), isNull(staffInvitations.usedAt), gt(staffInvitations.expiresAt, now)));
    await tx
      .update(users)
      .set({
        removedAt: now,
        banned: true,
        banReason: 'Staff account removed',
        // The address is free for a new invitation; the audit entry below keeps the old one.
        email: `removed.${id.replace(/[^A-Za-z0-9]/g, '')}@removed.invalid`,
        twoFactorEnabled: false,
        updatedAt: now,
      })
      .where(eq(users.id, id));
    await writeAudit(tx, {
      actor: context.actor,
      action: 'admin.delete',
      targetType: 'user',
      targetId: id,
      before: { fullName: target.fullName, email: target.email, role: target.role },
      ip: context.ip,
    });
  });
  deps.onAccountChanged(id);
}

/**
 * Why an invitation link cannot set a password: it was used (409 INVITATION_ALREADY_ACCEPTED, the
 * person signs in), or it is unknown, expired or replaced by a newer one (400 INVALID_TOKEN).
 */
async function refusalOf(db: TDbOrTx, token: string): Promise<AppError> {
  const [invitation] = await db
    .select({ usedAt: staffInvitations.usedAt })
    .from(staffInvitations)
    .where(eq(staffInvitations.tokenHash, hashInvitationToken(token)));
  return invitation?.usedAt
    ? new AppError('INVITATION_ALREADY_ACCEPTED', STAFF_MSG.invitationUsed)
    : new AppError('INVALID_TOKEN', STAFF_MSG.invitationInvalid);
}

/** The invitation of `token` if it can still set a password (unused, unexpired), else its refusal. */
export async function checkInvitation(db: TDbOrTx, token: string): Promise<{ id: number }> {
  const [candidate] = await db
    .select({ id: staffInvitations.id })
    .from(staffInvitations)
    .where(
      and(
        eq(staffInvitations.tokenHash, hashInvitationToken(token)),
        isNull(staffInvitations.usedAt),
        gt(staffInvitations.expiresAt, new Date()),
      ),
    );
  if (!candidate) throw await refusalOf(db, token);
  return candidate;
}

/**
 * Uses an invitation: exactly once (a conditional update claims it), within 24 hours. The new
 * password replaces the unusable one, any session the account had is ended, and outstanding
 * password-reset links stop working.
 */
export async function setPasswordWithInvitation(db: TDb, token: string, password: string, ip: string): Promise<void> {
  // A cheap look first, so a made-up token costs no password hash; the claim below decides.
  await checkInvitation(db, token);
  await assertNotCommonPassword(password);
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(staffInvitations)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(staffInvitations.tokenHash, hashInvitationToken(token)),
          isNull(staffInvitations.usedAt),
          gt(staffInvitations.expiresAt, new Date()),
        ),
      )
      .returning();
    if (!claimed) throw await refusalOf(tx, token);
    const [user] = await tx.select().from(users).where(eq(users.id, claimed.userId));
    if (!user || !isStaffRole(user.role)) throw new AppError('INVALID_TOKEN', STAFF_MSG.invitationInvalid);
    const updated = await tx
      .update(accounts)
      .set({ password: passwordHash, updatedAt: new Date() })
      .where(and(eq(accounts.userId, user.id), eq(accounts.providerId, 'credential')))
      .returning({ id: accounts.id });
    if (updated.length === 0) {
      await tx
        .insert(accounts)
        .values({ id: generateId(), accountId: user.id, providerId: 'credential', userId: user.id, password: passwordHash });
    }
    await tx.update(users).set({ emailVerified: true, updatedAt: new Date() }).where(eq(users.id, user.id));
    await tx.delete(sessions).where(eq(sessions.userId, user.id));
    await revokePasswordLinks(tx, user.id);
    await writeAudit(tx, {
      actor: { id: user.id, email: user.email },
      action: 'admin.password_set',
      targetType: 'user',
      targetId: user.id,
      ip,
    });
  });
}

/**
 * The super admin's reset of another admin's second factor (a lost phone): the secret and backup
 * codes go, every session ends (sockets too), and the admin enrols again at the next sign-in.
 */
export async function resetStaffTwoFactor(deps: TStaffDeps, id: string, context: TAuditContext): Promise<TStaffMember> {
  const { db } = deps;
  if (id === context.actor.id) throw new AppError('FORBIDDEN', STAFF_MSG.cannotResetOwnTwoFactor);
  await db.transaction(async (tx) => {
    const [target] = await tx.select().from(users).where(eq(users.id, id)).for('update');
    if (!target || !isStaffRole(target.role) || target.removedAt) throw new AppError('NOT_FOUND', STAFF_MSG.adminNotFound);
    await tx.delete(twoFactors).where(eq(twoFactors.userId, id));
    await tx.update(users).set({ twoFactorEnabled: false, updatedAt: new Date() }).where(eq(users.id, id));
    await tx.delete(sessions).where(eq(sessions.userId, id));
    // Enrolling again needs the emailed link, not the password alone (issue 26).
    const token = await issueTwoFactorLink(tx, id);
    await queueEmail(
      tx,
      target.email,
      renderTwoFactorResetEmail({
        fullName: target.fullName || target.name,
        resetBy: context.actor.email,
        setupUrl: twoFactorSetupUrl(deps.appUrl, token),
        validHours: TWO_FACTOR_LINK_TTL_HOURS,
      }),
      deps.serverSecret,
    );
    await writeAudit(tx, {
      actor: context.actor,
      action: 'admin.two_factor_reset',
      targetType: 'user',
      targetId: id,
      before: { twoFactorEnabled: target.twoFactorEnabled },
      after: { twoFactorEnabled: false },
      ip: context.ip,
    });
  });
  deps.onAccountChanged(id);
  deps.onEmailQueued();
  return findStaff(db, id);
}
