import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isStaffRole } from '#shared/permissions.js';
import { AppError } from '#server/lib/errors.js';
import type { TDb } from '#server/db/client.js';
import { users } from '#server/db/schema/auth.js';

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
export const testVerificationRoutes: FastifyPluginAsyncZod<{ db: TDb }> = async (app, deps) => {
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
};
