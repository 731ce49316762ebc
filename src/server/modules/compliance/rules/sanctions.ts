import { defineRuleMeta, wholeSetting } from '#shared/compliance-rules/rule.js';
import { defineRule } from '../monitoring.js';

/**
 * A screened address or name matched a sanctions list entry (issue 34 point 2,
 * docs/decisions/075-sanctions-screening.md; the screening is src/server/modules/sanctions/).
 * One alert per order and matched address, or per customer and matched name. An alert with an
 * order holds it; one without (a name at sign-up, KYC or a list's rescreen) holds every order of
 * the customer (rules.ts orderOnHold). The customer is never told (tipping off).
 */
export const meta = defineRuleMeta({
  id: 'sanctions',
  position: 15,
  label: 'Sanctions list match',
  defaultAction: 'hold',
  settings: [
    wholeSetting('sanctionsNameMatchPercent', {
      default: 90,
      min: 50,
      max: 100,
      message: 'Enter a whole number from 50 to 100.',
      label: 'Sanctions name match (%)',
      hint: 'A customer name scoring at least this against a listed name raises an alert (100: exact after normalising).',
    }),
  ],
  details: [
    { key: 'subject', label: 'Screened' },
    { key: 'screened', label: 'Screened value', personal: true },
    { key: 'matched', label: 'Listed entry' },
    { key: 'ref', label: 'List reference' },
    { key: 'listName', label: 'List' },
    { key: 'listDate', label: 'List date' },
    { key: 'listId', label: 'List id' },
    { key: 'entryId', label: 'Entry id' },
    { key: 'score', label: 'Score' },
    { key: 'at', label: 'Screened at' },
  ],
});

export const rule = defineRule({
  meta,
  runsAt: 'sanctions_matched',
  async check({ userId, orderId, match }, { raise }) {
    const scope = orderId === null ? `user:${userId}` : `order:${orderId}`;
    await raise({
      userId,
      orderId,
      dedupeKey: `sanctions:${scope}:${match.subject}:${match.normalized}`,
      details: {
        subject: match.subject,
        screened: match.screened,
        matched: match.matched,
        ref: match.ref,
        listName: match.listName,
        listDate: match.listDate,
        listId: match.listId,
        entryId: match.entryId,
        score: match.score,
        at: match.at,
      },
    });
  },
});
