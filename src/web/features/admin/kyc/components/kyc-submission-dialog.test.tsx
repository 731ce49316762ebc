import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from '#web/lib/router.js';
import { describe, expect, it, vi } from 'vitest';
import { recordingJsonPeer } from '#test/helpers/local-api-peer.js';
import { buildKycSubmission } from '#test/helpers/kyc-submission-fixture.js';
import { KycSubmissionDialog } from './kyc-submission-dialog';

/*
 * The KYC review (docs/decisions/016): with a passport, the nationality the customer gave (a
 * Ghanaian's with the Ghana Card number beside it); and other accounts' submissions with the same
 * ID, shown only when there are any. The server is a local HTTP peer answering the submission.
 */

const PASSPORT = buildKycSubmission({ idType: 'passport', idNumber: 'G1234567', nationality: 'Ghana' });

describe('the KYC review dialog', () => {
  const { answers } = recordingJsonPeer({
    page: '/admin',
    expectedErrors: /^$/,
    // The same-image notice beside each photo (docs/decisions/031) asks too: no match here.
    fallback: (request) =>
      request.url?.endsWith('/same-images') ? { status: 200, body: { images: [] } } : { status: 200, body: PASSPORT },
  });

  let client: QueryClient;
  /** Every request of the dialog answered (the same-image notices ask after the submission loads). */
  const settled = () => waitFor(() => expect(client.isFetching()).toBe(0));
  function renderDialog() {
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <MemoryRouter initialEntries={['/admin/kyc']}>
        <QueryClientProvider client={client}>
          <KycSubmissionDialog id={42} onClose={vi.fn()} onDecide={vi.fn()} />
        </QueryClientProvider>
      </MemoryRouter>,
    );
    return screen.getByRole('dialog', { name: 'KYC Submission #42' });
  }
  const valueOf = async (dialog: HTMLElement, label: string) => (await within(dialog).findByText(label)).nextElementSibling?.textContent;

  it('shows a Ghanaian passport with its nationality and Ghana Card number; no same-ID section when there is none', async () => {
    const dialog = renderDialog();
    expect(await valueOf(dialog, 'Nationality')).toBe('Ghanaian');
    expect(await valueOf(dialog, 'Ghana Card number')).toBe('GHA-123456789-0');
    expect(within(dialog).queryByRole('region', { name: 'Same ID number on other accounts' })).toBeNull();
    await settled();
  });

  it('names a foreign national’s country, and lists the same ID on other accounts with links to their profiles', async () => {
    answers.push({
      status: 200,
      body: {
        ...PASSPORT,
        ghanaCardNumber: null,
        nationality: 'Nigeria',
        sameIdElsewhere: [
          { id: 7, userId: 'user-2', userFullName: 'Kofi Boateng', userEmail: 'kofi@example.com', status: 'rejected' },
          { id: 9, userId: 'user 3', userFullName: 'Kofi Boateng', userEmail: 'kofi.b@example.com', status: 'approved' },
        ],
      },
    });
    const dialog = renderDialog();
    expect(await valueOf(dialog, 'Nationality')).toBe('Nigeria');
    expect(within(dialog).queryByText('Ghana Card number')).toBeNull();
    const sameId = within(dialog).getByRole('region', { name: 'Same ID number on other accounts' });
    expect(
      within(sameId)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Kofi Boateng (kofi@example.com), submission #7: Rejected', 'Kofi Boateng (kofi.b@example.com), submission #9: Approved']);
    // Each opens that account's profile in User Management.
    expect(
      within(sameId)
        .getAllByRole('link', { name: 'Kofi Boateng' })
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/admin/users?profile=user-2', '/admin/users?profile=user%203']);
    await settled();
  });
});
