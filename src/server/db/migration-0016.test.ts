import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabaseMigratedUpTo } from '#test/helpers/migrations.js';
import type { TDatabase } from './client.js';

/**
 * Migration 0016 (issue 26, docs/decisions/022): the support address the first seed made up is
 * removed (none is shown until staff enter theirs), a real one is kept; existing conversations
 * stay customers' and their messages came through the chat.
 */
describe('migration 0016 (contact messages, no made-up support email)', () => {
  let database: TDatabase;
  let opened: Awaited<ReturnType<typeof openDatabaseMigratedUpTo>>;

  beforeAll(async () => {
    opened = await openDatabaseMigratedUpTo('0013_identity_holds_staff_removal');
    database = opened.database;
  });
  afterAll(async () => {
    await opened.close();
  });

  const rows = async (query: ReturnType<typeof sql>) =>
    ((await database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;

  it('clears the seeded support@cedicrypto.com, keeps a real address, and marks old messages as chat', async () => {
    await database.db.execute(sql`
      INSERT INTO contact_page_content (id, headline, intro_paragraph, support_email, support_phone) VALUES
        (1, 'Get in touch', 'Hello', 'support@cedicrypto.com', ''),
        (2, 'Get in touch', 'Hello', 'help@broker.example', '')`);
    await database.db.execute(sql`
      INSERT INTO users (id, name, full_name, email, email_verified, username, display_username, role)
      VALUES ('u1', 'Ama', 'Ama', 'ama@example.com', true, 'ama1', 'ama1', 'customer')`);
    await database.db.execute(sql`INSERT INTO conversations (id, user_id) VALUES (1, 'u1')`);
    await database.db.execute(sql`INSERT INTO chat_messages (conversation_id, sender, sender_id, text) VALUES (1, 'user', 'u1', 'Hello')`);
    await opened.migrateRest();

    expect(await rows(sql`SELECT id, support_email FROM contact_page_content ORDER BY id`)).toEqual([
      { id: 1, support_email: '' },
      { id: 2, support_email: 'help@broker.example' },
    ]);
    expect(await rows(sql`SELECT user_id, visitor_email FROM conversations`)).toEqual([{ user_id: 'u1', visitor_email: null }]);
    expect(await rows(sql`SELECT via FROM chat_messages`)).toEqual([{ via: 'chat' }]);
    // A conversation is a customer's or a visitor's, never neither.
    await expect(database.db.execute(sql`INSERT INTO conversations (visitor_name) VALUES ('Nobody')`)).rejects.toThrow();
  });
});
