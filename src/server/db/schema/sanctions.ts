import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/*
 * Sanctions screening (issue 34 point 2, docs/decisions/075-sanctions-screening.md): the lists
 * loaded (a published list by `npm run sanctions:load -- FILE`, and the operator's own list) and
 * their entries, each an address or a name in the form it is compared in.
 */

export const SANCTIONS_LIST_KINDS = ['published', 'operator'] as const;
export const SANCTIONS_ENTRY_KINDS = ['address', 'name'] as const;

/**
 * One loaded list. A newer file of the same list `name` supersedes the older one (its entries are
 * removed, the row stays for the alerts that name it). The operator's list is one row, kind
 * 'operator', created on its first entry.
 */
export const sanctionsLists = pgTable(
  'sanctions_lists',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: SANCTIONS_LIST_KINDS }).notNull(),
    name: text('name').notNull(),
    /** Where the list comes from, as its file says. */
    source: text('source').notNull(),
    /** The date of the list's content (YYYY-MM-DD), as its file says; null for the operator's list. */
    listDate: text('list_date'),
    /** SHA-256 of the loaded file (hex); null for the operator's list. */
    sha256: text('sha256'),
    entryCount: integer('entry_count').notNull().default(0),
    loadedAt: timestamp('loaded_at', { withTimezone: true }).notNull().defaultNow(),
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sanctions_lists_operator_unique')
      .on(t.kind)
      .where(sql`${t.kind} = 'operator'`),
  ],
);

export const sanctionsEntries = pgTable(
  'sanctions_entries',
  {
    id: serial('id').primaryKey(),
    listId: integer('list_id')
      .notNull()
      .references(() => sanctionsLists.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: SANCTIONS_ENTRY_KINDS }).notNull(),
    /** As the list writes it. */
    value: text('value').notNull(),
    /** The compared form (modules/sanctions/matching.ts): an address normalised per family, a name's sorted canonical tokens. */
    normalized: text('normalized').notNull(),
    /** The list's reference for it (e.g. 'SDN 6365', or the coin of an address). */
    ref: text('ref'),
    /** Who added an operator entry (a staff user id); null for a published list's. */
    addedBy: text('added_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sanctions_entries_lookup_idx').on(t.kind, t.normalized), index('sanctions_entries_list_idx').on(t.listId)],
);
