import { eq } from 'drizzle-orm';
import type { TCompanyDetails } from '#shared/company.js';
import { companyDetailsOf, CONTACT_DEFAULTS, type TContactContent, type TContactContentUpdate } from '#shared/contracts/content.js';
import type { TDb, TDbOrTx } from '#server/db/client.js';
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
  whatsappNumber: row.whatsappNumber,
  companyName: row.companyName,
  registrationNumber: row.registrationNumber,
  licenceNumber: row.licenceNumber,
  streetAddress: row.streetAddress,
});

/** The public contact page: what staff saved, or the defaults until they save something. */
export async function getContactContent(db: TDbOrTx): Promise<TContactContent> {
  const [row] = await db.select().from(contactPageContent).where(eq(contactPageContent.id, 1));
  return row ? toContent(row) : CONTACT_DEFAULTS;
}

/**
 * The company's identity for the order emails (issue 16): read in the transaction that queues
 * the email, so the email says what the contact page said at that moment.
 */
export async function getCompanyDetails(db: TDbOrTx): Promise<TCompanyDetails> {
  return companyDetailsOf(await getContactContent(db));
}

/**
 * Replaces the contact page's texts (a company field left out of the update keeps its stored
 * value), audited with before and after.
 */
export async function updateContactContent(db: TDb, actor: TActor, update: TContactContentUpdate, ip: string): Promise<TContactContent> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(contactPageContent).where(eq(contactPageContent.id, 1)).for('update');
    const content: TContactContent = { ...(before ? toContent(before) : CONTACT_DEFAULTS), ...definedOnly(update) };
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

/** The fields the update names (an optional field left out is `undefined` after parsing). */
function definedOnly(update: TContactContentUpdate): Partial<TContactContent> {
  return Object.fromEntries(Object.entries(update).filter(([, value]) => value !== undefined)) as Partial<TContactContent>;
}
