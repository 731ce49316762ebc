/**
 * Who runs the broker (issue 16, "Trust"): the company's legal identity and how to reach it, set
 * with the contact page content in the back-office and shown in the site footer, on the About
 * page and in every order email. Dependency-free: the footer is on the landing page, whose first
 * JavaScript stays small (no zod here; the contract is src/shared/contracts/content.ts).
 * An empty field is not set, and is not shown anywhere: never a placeholder.
 */
export type TCompanyDetails = {
  companyName: string;
  registrationNumber: string;
  licenceNumber: string;
  streetAddress: string;
  supportEmail: string;
  supportPhone: string;
  whatsappNumber: string;
};

/** The labels of the fields, as the back-office form, the footer, About and the emails show them. */
export const COMPANY_LABELS = {
  companyName: 'Company (legal) name',
  registrationNumber: 'Registration number',
  licenceNumber: 'Licence number',
  streetAddress: 'Street address',
  supportEmail: 'Support email',
  supportPhone: 'Support phone',
  whatsappNumber: 'WhatsApp number',
} as const satisfies Record<keyof TCompanyDetails, string>;

/**
 * What the setup checklist asks for before the company counts as presented: who it is, where,
 * and an email address and a phone a customer can reach (docs/decisions/022: no default address).
 * The licence number and WhatsApp are shown when set; a broker may be waiting for its licence.
 */
export const REQUIRED_COMPANY_FIELDS = [
  'companyName',
  'registrationNumber',
  'streetAddress',
  'supportEmail',
  'supportPhone',
] as const satisfies readonly (keyof TCompanyDetails)[];
export type TRequiredCompanyField = (typeof REQUIRED_COMPANY_FIELDS)[number];

/** The required fields still empty. */
export function missingCompanyFields(details: Pick<TCompanyDetails, TRequiredCompanyField>): TRequiredCompanyField[] {
  return REQUIRED_COMPANY_FIELDS.filter((field) => details[field].trim() === '');
}

/** A tel: link target: digits and a leading '+' only. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/**
 * A wa.me link for a WhatsApp number: international digits without '+'. A Ghana number written
 * the local way (024 123 4567) gets the country code 233; null when it has too few digits.
 */
export function whatsappHref(number: string): string | null {
  let digits = number.replace(/\D/g, '');
  if (number.trim().startsWith('00')) digits = digits.slice(2);
  else if (/^0\d{9}$/.test(digits)) digits = `233${digits.slice(1)}`;
  return digits.length >= 8 && digits.length <= 15 ? `https://wa.me/${digits}` : null;
}

/** The registration and licence as one line ('Registration number CS123456789 · Licence number SEC/VASP/001'), '' when neither is set. */
export function companyNumbersLine(details: Pick<TCompanyDetails, 'registrationNumber' | 'licenceNumber'>): string {
  return [
    details.registrationNumber && `${COMPANY_LABELS.registrationNumber} ${details.registrationNumber}`,
    details.licenceNumber && `${COMPANY_LABELS.licenceNumber} ${details.licenceNumber}`,
  ]
    .filter(Boolean)
    .join(' · ');
}
