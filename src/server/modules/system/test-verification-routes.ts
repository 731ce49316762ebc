import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZDbId } from '#shared/contracts/common.js';
import { isStaffRole } from '#shared/permissions.js';
import { AppError } from '#server/lib/errors.js';
import type { TDb } from '#server/db/client.js';
import { users } from '#server/db/schema/auth.js';
import { destinationChanges } from '#server/db/schema/destination-changes.js';
import { APPROVER_ROLES, decideApproval, type TDestinationDeps } from '#server/modules/destination-changes/service.js';
import type { TActor } from '#server/plugins/access.js';

/** Sets a customer's verification straight in the database, as a finished review would (browser tests only). */
async function setCustomerVerification(db: TDb, email: string, tier: number): Promise<void> {
  const rows = await db
    .update(users)
    .set({ tier, kycStatus: tier > 0 ? 'verified' : 'unverified', updatedAt: new Date() })
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .returning({ id: users.id, role: users.role });
  if (rows.length === 0 || rows.some((row) => isStaffRole(row.role))) throw new AppError('NOT_FOUND', 'No such customer.');
}

/**
 * Browser tests only (TEST_CLOCK=true, refused in production by config.ts), like /api/test/clock:
 * puts a customer at a verification tier without the documents a review needs, so a spec about
 * something else (the compliance desk, docs/decisions/017) can start from a Tier 2 customer.
 */
export const testVerificationRoutes: FastifyPluginAsyncZod<{ db: TDb; destinations: TDestinationDeps }> = async (app, deps) => {
  app.post(
    '/api/test/customer-verification',
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        hide: true,
        body: z.object({ email: z.string().email().max(254), tier: z.number().int().min(0).max(2) }).strict(),
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async (request) => {
      await setCustomerVerification(deps.db, request.body.email, request.body.tier);
      return { ok: true as const };
    },
  );

  /**
   * Approves every waiting change of a destination (or only those of `ids`) as another Super Admin
   * or Manager would, for a spec whose subject is not four eyes (a payment method it needs;
   * tests/e2e/support.ts): through the same approval (docs/decisions/030, 035), without the
   * approver's code, which the shared e2e accounts can only give three times in 30 seconds.
   * tests/e2e/four-eyes.spec.ts approves on screen. Specs running in parallel name their own
   * changes, so a change another spec shows waiting stays waiting (docs/decisions/044).
   */
  app.post(
    '/api/test/destination-changes/approve-all',
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        hide: true,
        body: z
          .object({ ids: z.array(ZDbId).min(1).max(100).optional() })
          .strict()
          .nullish(),
        response: { 200: z.object({ approved: z.number().int() }) },
      },
    },
    async (request) => {
      const ids = request.body?.ids;
      const pending = await deps.db
        .select()
        .from(destinationChanges)
        .where(and(eq(destinationChanges.status, 'pending'), ids ? inArray(destinationChanges.id, ids) : undefined));
      // Any other Super Admin or Manager in good standing: the shared e2e accounts may not have
      // enrolled their second factor yet in this run (no code is asked here).
      const approvers = await deps.db
        .select()
        .from(users)
        .where(and(inArray(users.role, [...APPROVER_ROLES]), isNull(users.removedAt), isNull(users.closedAt), eq(users.banned, false)));
      let approved = 0;
      for (const change of pending) {
        const user = approvers.find((person) => person.id !== change.requestedBy);
        if (!user) continue;
        try {
          await decideApproval(
            deps.destinations,
            { actor: { id: user.id, email: user.email, role: user.role as TActor['role'], user }, ip: null, confirm: async () => {} },
            change.id,
          );
          approved += 1;
        } catch (error) {
          // Another worker's call approved it first.
          if (!(error instanceof AppError && error.code === 'CHANGE_ALREADY_DECIDED')) throw error;
        }
      }
      return { approved };
    },
  );
};
