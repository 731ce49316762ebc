import { useMutation } from '@tanstack/react-query';
import { ZOk } from '#shared/contracts/common.js';
import type { TContactMessage } from '#shared/contracts/content.js';
import { apiRequest } from '#web/lib/api.js';

/** POST /api/contact (docs/decisions/022): the message reaches the support inbox. */
export function sendContactMessage(input: TContactMessage) {
  return apiRequest('/api/contact', { method: 'POST', body: input, schema: ZOk, operation: 'Sending your message' });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
