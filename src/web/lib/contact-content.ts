import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TContactContent } from '#shared/contracts/content.js';
import { apiRequest } from './api';

/**
 * The contact page content with the company's details (GET /api/content/contact, public): the
 * contact page, About and the site footer read it; Manage Contact Page refreshes it after a save.
 * Deliberately without zod (the footer is on the landing page): a structural check instead.
 */
export const CONTACT_CONTENT_QUERY_KEY = ['content', 'contact'] as const;

const TEXT_FIELDS = [
  'headline',
  'introParagraph',
  'supportEmail',
  'supportPhone',
  'whatsappNumber',
  'companyName',
  'registrationNumber',
  'licenceNumber',
  'streetAddress',
] as const satisfies readonly (keyof TContactContent)[];

/** The answer as TContactContent, or undefined when it is not one (a field missing or not text). */
export function asContactContent(data: unknown): TContactContent | undefined {
  if (!data || typeof data !== 'object') return undefined;
  const record = data as Record<string, unknown>;
  return TEXT_FIELDS.every((field) => typeof record[field] === 'string') ? (record as TContactContent) : undefined;
}

export async function fetchContactContent(signal?: AbortSignal): Promise<TContactContent> {
  const content = asContactContent(await apiRequest<unknown>('/api/content/contact', { operation: 'Loading page content', signal }));
  if (!content) throw new Error('Malformed contact content');
  return content;
}

export function contactContentQueryOptions() {
  return queryOptions({
    queryKey: CONTACT_CONTENT_QUERY_KEY,
    queryFn: ({ signal }) => fetchContactContent(signal),
    staleTime: 5 * 60_000,
    retry: 1,
  });
}

/** The editable contact page content and company details. */
export function useContactContent() {
  return useQuery(contactContentQueryOptions());
}
