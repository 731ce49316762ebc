import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabaseMigratedUpTo } from '#test/helpers/migrations.js';
import type { TDatabase } from './client.js';

/**
 * Migration 0011 (issue 16): the contact page content gets the company's details, empty until
 * staff set them, and the placeholder phone the first seed wrote is removed (no made-up number).
 */
describe('migration 0011 (company details)', () => {
  let database: TDatabase;
  let opened: Awaited<ReturnType<typeof openDatabaseMigratedUpTo>>;

  beforeAll(async () => {
    opened = await openDatabaseMigratedUpTo('0010_order_lifecycle');
    database = opened.database;
  });
  afterAll(async () => {
    await opened.close();
  });

  it('adds empty company fields and clears the seeded placeholder phone, keeping a real one', async () => {
    await database.db.execute(sql`
      INSERT INTO contact_page_content (id, headline, intro_paragraph, support_email, support_phone) VALUES
        (1, 'Get in touch', 'Hello', 'support@cedicrypto.com', '+233 30 000 0000'),
        (2, 'Get in touch', 'Hello', 'support@cedicrypto.com', '+233 30 212 3456')`);
    await opened.migrateRest();
    const { rows } = (await database.db.execute(
      sql`SELECT id, support_phone, company_name, registration_number, licence_number, street_address, whatsapp_number
          FROM contact_page_content ORDER BY id`,
    )) as unknown as { rows: Record<string, unknown>[] };
    const empty = { company_name: '', registration_number: '', licence_number: '', street_address: '', whatsapp_number: '' };
    expect(rows).toEqual([
      { id: 1, support_phone: '', ...empty },
      { id: 2, support_phone: '+233 30 212 3456', ...empty },
    ]);
  });
});
