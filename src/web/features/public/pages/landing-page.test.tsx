import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from '#web/lib/router.js';
import { describe, expect, it } from 'vitest';
import { KYC_ACCEPTED_IDS_TEXT } from '#shared/kyc-id-types.js';
import { answerFromLocalPeer, sendJson } from '#test/helpers/local-api-peer.js';
import { SESSION_QUERY_KEY } from '#web/lib/session.js';
import { LandingPage } from './landing-page';

/*
 * The landing page names the IDs a person verifies with as the KYC form does (issue 26 point 16:
 * it offered a voter ID or a driver's licence, which the form accepts only beside a Ghana Card
 * number): one list, src/shared/kyc-id-types.ts.
 */

answerFromLocalPeer({
  page: '/',
  expectedErrors: /^GET http:\/\/127\.0\.0\.1:\d+\/api\/\S+ 503 /,
  handle: (_request, _body, response) => sendJson(response, { status: 503, body: { error: { code: 'UNAVAILABLE', message: 'Later.' } } }),
});

describe('the landing page', () => {
  it('names the accepted IDs from the shared list, the KYC form’s', () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(SESSION_QUERY_KEY, null);
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <LandingPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(KYC_ACCEPTED_IDS_TEXT).toBe('Ghanaians: your Ghana Card. Foreign nationals: your passport.');
    const step = screen.getByRole('heading', { name: 'Step 2: Verify your identity' }).parentElement;
    if (!step) throw new Error('no step');
    expect(within(step).getByText(new RegExp(KYC_ACCEPTED_IDS_TEXT.replace(/\./g, '\\.')))).toBeTruthy();
    expect(step.textContent).not.toMatch(/voter|driver/i);
  });
});
