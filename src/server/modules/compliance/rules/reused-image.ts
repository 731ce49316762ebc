import { defineRuleMeta } from '#shared/compliance-rules/rule.js';
import { defineRule } from '../monitoring.js';

/**
 * The same image on another customer's order or KYC submission (docs/decisions/031). A flag: a
 * reused image says nothing about which order is genuine; staff see the notice beside the image.
 */
export const meta = defineRuleMeta({
  id: 'reused_image',
  position: 60,
  label: 'Same image as another customer',
  defaultAction: 'flag',
  settings: [],
  details: [
    { key: 'kind', label: 'Image' },
    { key: 'matches', label: 'Same image on' },
    { key: 'customers', label: 'Other customers' },
    { key: 'kycSubmissionId', label: 'KYC submission' },
  ],
});

/**
 * An uploaded image matched another customer's (reused-images.ts finds the matches): an alert on
 * the uploading customer, once per image (docs/decisions/031).
 */
export const rule = defineRule({
  meta,
  runsAt: 'image_matched',
  async check({ owner, image, others }, { raise }) {
    await raise({
      userId: owner.userId,
      orderId: owner.orderId ?? null,
      dedupeKey: `reused_image:${image.id}`,
      details: {
        kind: image.kind,
        kycSubmissionId: owner.kycSubmissionId ?? null,
        matches: others.map((match) => ({
          userId: match.userId,
          kind: match.kind,
          orderId: match.orderId,
          kycSubmissionId: match.kycSubmissionId,
          distance: match.distance,
        })),
        customers: new Set(others.map((match) => match.userId)).size,
      },
    });
  },
});
