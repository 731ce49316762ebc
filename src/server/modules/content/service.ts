import { eq } from 'drizzle-orm';
import { CONTACT_DEFAULTS, type TContactContent } from '#shared/contracts/content.js';
import type { TDb } from '#server/db/client.js';
import { firstOrThrow } from '#server/db/rows.js';
import { contactPageContent } from '#server/db/schema/app.js';
import { writeAudit } from '#server/lib/audit.js';
import type { TActor } from '#server/plugins/access.js';

type TRow = typeof contactPageContent.$inferSelect;

const toContent = (row: TRow): TContactContent => ({
  headline: row.headline,
  introParagraph: row.introParagraph,
  supportEmail: row.supportEmail,
  supportPhone: row.supportPhone,
});

/** The public contact page: what staff saved, or the defaults until they save something. */
export async function getContactContent(db: TDb): Promise<TContactContent> {
  const [row] = await db.select().from(contactPageContent).where(eq(contactPageContent.id, 1));
  return row ? toContent(row) : CONTACT_DEFAULTS;
}

/** Replaces the contact page's texts, audited with before and after. */
export async function updateContactContent(db: TDb, actor: TActor, content: TContactContent, ip: string): Promise<TContactContent> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(contactPageContent).where(eq(contactPageContent.id, 1));
    const values = { ...content, updatedAt: new Date() };
    const after = toContent(
      firstOrThrow(
        await tx
          .insert(contactPageContent)
          .values({ id: 1, ...values })
          .onConflictDoUpdate({ target: contactPageContent.id, set: values })
          .returning(),
      ),
    );
    await writeAudit(tx, {
      actor,
      action: 'contact.update',
      targetType: 'contact_page',
      targetId: 1,
      before: before ? toContent(before) : null,
      after,
      ip,
    });
    return after;
  });
}
