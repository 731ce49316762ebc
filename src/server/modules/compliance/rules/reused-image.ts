import { reusedImage } from '#shared/compliance-rules/reused-image.js';
import { defineRule } from '../monitoring.js';

/**
 * An uploaded image matched another customer's (reused-images.ts finds the matches): an alert on
 * the uploading customer, once per image (docs/decisions/031).
 */
export const reusedImageRule = defineRule({
  meta: reusedImage,
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
