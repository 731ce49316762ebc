import { defineRuleMeta } from './rule.js';

/**
 * The same image on another customer's order or KYC submission (docs/decisions/031). A flag: a
 * reused image says nothing about which order is genuine; staff see the notice beside the image.
 */
export const reusedImage = defineRuleMeta({
  id: 'reused_image',
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
