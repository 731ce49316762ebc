import { z } from 'zod';

export const CONTENT_MSG = {
  loadFailed: 'Could not load page content.',
  saved: 'Contact page content saved successfully!',
  saveFailed: 'Failed to save content.',
} as const;

/** Contact page content, record id 1 (docs/product.md §3). */
export const ZContactContent = z.object({
  headline: z.string().trim().min(1).max(200),
  introParagraph: z.string().trim().min(1).max(2000),
  supportEmail: z.string().trim().email().max(254),
  supportPhone: z.string().trim().min(1).max(40),
});
export type TContactContent = z.infer<typeof ZContactContent>;

/** Shown when the content cannot be loaded (docs/product.md §8: defaults on failure). */
export const CONTACT_DEFAULTS: TContactContent = {
  headline: 'Get in touch',
  introParagraph: 'Questions about an order, KYC or your account? Our support team in Accra replies within 24 business hours.',
  supportEmail: 'support@cedicrypto.com',
  supportPhone: '+233 30 000 0000',
};
