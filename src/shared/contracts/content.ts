import { z } from 'zod';
import '#shared/zod-messages.js';
import type { TCompanyDetails } from '#shared/company.js';
import { MSG } from '#shared/messages.js';
import { ZEmail } from './account.js';
import { CHAT_MAX_LENGTH } from './chat.js';

export const CONTENT_MSG = {
  loadFailed: 'Could not load page content.',
  saved: 'Contact page content saved successfully!',
  saveFailed: 'Failed to save content.',
  phone: 'Enter a phone number (digits, spaces, +, - and brackets), or leave it empty.',
} as const;

/** A phone number as people write it ('+233 30 123 4567', '024-123-4567'), or '' for none. */
const ZPhone = z
  .string()
  .trim()
  .max(40, CONTENT_MSG.phone)
  .refine((value) => value === '' || (/^\+?[\d\s().-]+$/.test(value) && value.replace(/\D/g, '').length >= 7), CONTENT_MSG.phone);

/**
 * Contact page content, record id 1 (docs/product.md §3), with the company's identity (issue 16):
 * legal name, registration and licence numbers, street address, WhatsApp. Everything after the
 * support email may be empty: an empty field is not shown (no placeholder phone).
 */
export const ZContactContent = z.object({
  headline: z.string().trim().min(1, 'Headline is required.').max(200),
  introParagraph: z.string().trim().min(1, 'Introductory paragraph is required.').max(2000),
  /** '' until staff enter the real one (docs/decisions/022): none is made up. */
  supportEmail: z.union([z.literal(''), z.string().trim().max(254, MSG.emailInvalid).email(MSG.emailInvalid)]),
  supportPhone: ZPhone,
  whatsappNumber: ZPhone,
  companyName: z.string().trim().max(200),
  registrationNumber: z.string().trim().max(100),
  licenceNumber: z.string().trim().max(100),
  streetAddress: z.string().trim().max(300),
});
export type TContactContent = z.infer<typeof ZContactContent>;

/** The company fields, added after the first four: a save that leaves one out keeps what is stored. */
const COMPANY_ONLY_FIELDS = {
  whatsappNumber: true,
  companyName: true,
  registrationNumber: true,
  licenceNumber: true,
  streetAddress: true,
} as const;

/** PUT /api/admin/contact: the whole content; the company fields may be left out (kept as stored). */
export const ZContactContentUpdate = ZContactContent.partial(COMPANY_ONLY_FIELDS).strict();
export type TContactContentUpdate = z.infer<typeof ZContactContentUpdate>;

/** The longest name and message the contact form takes (a message becomes a chat message: src/shared/contracts/chat.ts). */
export const CONTACT_FORM_LIMITS = { name: 100, message: CHAT_MAX_LENGTH } as const;

export const CONTACT_FORM_MSG = {
  nameRequired: 'Name is required.',
  nameTooLong: `Your name can be at most ${CONTACT_FORM_LIMITS.name} characters.`,
  messageRequired: 'Message is required.',
  messageTooLong: `Your message can be at most ${CONTACT_FORM_LIMITS.message} characters. Please shorten it.`,
  /** docs/product.md §2: the thank-you, now said once the message is stored (docs/decisions/022). */
  thanks: 'Thank you for your message. We will get back to you within 24 business hours.',
  /** Too many messages from one address or for one email address (RATE_LIMITS.contactPerIp / contactPerEmail). */
  tooMany: 'You have sent several messages in a short time. Please wait an hour before sending another; we will answer the ones we have.',
  /** Beside the form for a signed-in customer: the message joins their live chat. */
  signedInNote: 'Your message goes to your live chat with support; we will also email you when we answer.',
} as const;

/**
 * The public contact form (docs/product.md §2, docs/decisions/022): POST /api/contact, and the
 * browser form with the same rules. The message opens (or joins) a support conversation.
 */
export const ZContactMessage = z
  .object({
    name: z.string().trim().min(1, CONTACT_FORM_MSG.nameRequired).max(CONTACT_FORM_LIMITS.name, CONTACT_FORM_MSG.nameTooLong),
    email: ZEmail,
    message: z.string().trim().min(1, CONTACT_FORM_MSG.messageRequired).max(CONTACT_FORM_LIMITS.message, CONTACT_FORM_MSG.messageTooLong),
  })
  .strict();
export type TContactMessage = z.infer<typeof ZContactMessage>;

/**
 * The first content of a new installation, and what is shown when the content cannot be loaded
 * (docs/product.md §8: defaults on failure). No support email, phone or company details until
 * staff set them: a made-up address or number would be worse than none (docs/decisions/022).
 */
export const CONTACT_DEFAULTS: TContactContent = {
  headline: 'Get in touch',
  introParagraph: 'Questions about an order, KYC or your account? Our support team in Accra replies within 24 business hours.',
  supportEmail: '',
  supportPhone: '',
  whatsappNumber: '',
  companyName: '',
  registrationNumber: '',
  licenceNumber: '',
  streetAddress: '',
};

/** The company's details out of the contact content (src/shared/company.ts). */
export function companyDetailsOf(content: TContactContent): TCompanyDetails {
  const { companyName, registrationNumber, licenceNumber, streetAddress, supportEmail, supportPhone, whatsappNumber } = content;
  return { companyName, registrationNumber, licenceNumber, streetAddress, supportEmail, supportPhone, whatsappNumber };
}
