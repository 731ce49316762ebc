import { z } from 'zod';

/*
 * The sanctions lists as the compliance desk reads them, and the operator's own entries
 * (issue 34 point 2, docs/decisions/075-sanctions-screening.md). Area `compliance`.
 */

export const SANCTIONS_MSG = {
  valueRequired: 'Enter the address or the name to screen for.',
  valueTooLong: 'Use at most 200 characters.',
  refTooLong: 'Use at most 200 characters.',
  entryNotFound: 'There is no such entry on the operator list.',
} as const;

export const SANCTIONS_LISTS_PATH = '/api/admin/compliance/sanctions/lists';
export const SANCTIONS_OPERATOR_ENTRIES_PATH = '/api/admin/compliance/sanctions/entries';

export const ZSanctionsList = z.object({
  id: z.number(),
  kind: z.enum(['published', 'operator']),
  name: z.string(),
  source: z.string(),
  listDate: z.string().nullable(),
  sha256: z.string().nullable(),
  loadedAt: z.string(),
  supersededAt: z.string().nullable(),
  entries: z.number(),
});
export type TSanctionsList = z.infer<typeof ZSanctionsList>;
export const ZSanctionsLists = z.object({ lists: z.array(ZSanctionsList) });

export const ZSanctionsEntry = z.object({
  id: z.number(),
  kind: z.enum(['address', 'name']),
  value: z.string(),
  ref: z.string().nullable(),
  addedBy: z.string().nullable(),
  createdAt: z.string(),
});
export type TSanctionsEntry = z.infer<typeof ZSanctionsEntry>;
export const ZSanctionsEntries = z.object({ entries: z.array(ZSanctionsEntry) });

export const ZAddSanctionsEntryRequest = z
  .object({
    kind: z.enum(['address', 'name']),
    value: z.string().trim().min(1, SANCTIONS_MSG.valueRequired).max(200, SANCTIONS_MSG.valueTooLong),
    ref: z.string().trim().max(200, SANCTIONS_MSG.refTooLong).optional(),
  })
  .strict();
export type TAddSanctionsEntryRequest = z.infer<typeof ZAddSanctionsEntryRequest>;
/** The entry added, and how many customers' names or open orders' wallets matched it (each an alert). */
export const ZAddSanctionsEntryResponse = z.object({ entry: ZSanctionsEntry, hits: z.number() });
