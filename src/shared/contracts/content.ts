import { z } from 'zod';
import { MSG } from '#shared/messages.js';
import { ZEmail } from './account.js';

export const CONTENT_MSG = {
  loadFailed: 'Could not load page content.',
  saved: 'Contact page content saved successfully!',
  saveFailed: 'Failed to save content.',
} as const;

/** Contact page content, record id 1 (docs/product.md §3). */
export const ZContactContent = z.object({
  headline: z.string().trim().min(1, 'Headline is required.').max(200),
  introParagraph: z.string().trim().min(1, 'Introductory paragraph is required.').max(2000),
  supportEmail: z.string().trim().email(MSG.emailInvalid).max(254),
  supportPhone: z.string().trim().min(1, 'Support phone is required.').max(40),
});

/** The public contact form (docs/product.md §2): checked in the browser, which only thanks the person. */
export const ZContactMessage = z.object({
  name: z.string().trim().min(1, 'Name is required.'),
  email: ZEmail,
  message: z.string().trim().min(1, 'Message is required.'),
});
export type TContactContent = z.infer<typeof ZContactContent>;

/** Shown when the content cannot be loaded (docs/product.md §8: defaults on failure). */
export const CONTACT_DEFAULTS: TContactContent = {
  headline: 'Get in touch',
  introParagraph: 'Questions about an order, KYC or your account? Our support team in Accra replies within 24 business hours.',
  supportEmail: 'support@cedicrypto.com',
  supportPhone: '+233 30 000 0000',
};
