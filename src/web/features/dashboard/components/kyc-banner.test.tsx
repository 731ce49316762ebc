import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from '#web/lib/router.js';
import { describe, expect, it } from 'vitest';
import type { TKycStatus } from '#shared/contracts/account.js';
import type { TLimitResponse } from '#shared/contracts/tiers.js';
import { answerFromLocalPeer, sendJson } from '#test/helpers/local-api-peer.js';
import { KycBanner } from './kyc-banner';

/*
 * The dashboard's KYC banner (docs/product.md §4, docs/decisions/016) against a local HTTP peer
 * answering the customer's limit: the Tier 0 limit of the settings ($20 by default, read as
 * docs/product.md writes it) and the step left, the phone and identity or the identity alone.
 */

const TIER_0: TLimitResponse = {
  isLimited: true,
  limitUsd: '20.00',
  usedUsd: '0.00',
  remainingUsd: '20.00',
  tier: 0,
  phoneVerified: false,
  dailyLimitGhs: null,
  monthlyLimitGhs: null,
  usedTodayGhs: '0.00',
  usedThisMonthGhs: '0.00',
  leftTodayGhs: null,
  leftThisMonthGhs: null,
  tiers: [
    { tier: 0, dailyLimitGhs: null, monthlyLimitGhs: null },
    { tier: 1, dailyLimitGhs: '5000.00', monthlyLimitGhs: '50000.00' },
    { tier: 2, dailyLimitGhs: '100000.00', monthlyLimitGhs: '1000000.00' },
  ],
  nextTier: { tier: 1, needs: ['phone', 'identity'] },
};

describe('the KYC banner', () => {
  let limit: TLimitResponse = TIER_0;
  answerFromLocalPeer({
    page: '/dashboard',
    expectedErrors: /^$/,
    handle: (request, _body, response) => {
      if (request.url === '/api/orders/limit') return sendJson(response, { status: 200, body: limit });
      return sendJson(response, { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Not found.' } } });
    },
  });

  function renderBanner(status: TKycStatus, next: TLimitResponse) {
    limit = next;
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <KycBanner status={status} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
  }

  it('states the $20 of docs/product.md at the default, and asks for the phone and identity', async () => {
    renderBanner('unverified', TIER_0);
    expect(await screen.findByText('Your account has a $20 trading limit.')).toBeTruthy();
    expect(screen.getByText('Your account has a $20 trading limit.').parentElement?.textContent).toBe(
      'Your account has a $20 trading limit. Verify your phone and identity for higher limits.',
    );
    expect(screen.getByRole('link', { name: 'Complete KYC' }).getAttribute('href')).toBe('/kyc');
  });

  it('states the limit of the setting ($50), and only the identity once the phone is verified', async () => {
    renderBanner('unverified', {
      ...TIER_0,
      limitUsd: '50.00',
      remainingUsd: '50.00',
      phoneVerified: true,
      nextTier: { tier: 1, needs: ['identity'] },
    });
    const headline = await screen.findByText('Your account has a $50 trading limit.');
    expect(headline.parentElement?.textContent).toBe('Your account has a $50 trading limit. Verify your identity for higher limits.');
    expect(screen.queryByText(/\$20/)).toBeNull();
    expect(screen.queryByText(/Verify your phone/)).toBeNull();
  });

  it('tells a customer whose documents are under review that the Tier 0 limit stays usable, and what is left (issue 26 point 11)', async () => {
    // Before: "Trading is paused until your identity is verified", while Buy showed "Remaining limit: $12.50 of $20".
    renderBanner('pending', { ...TIER_0, usedUsd: '7.50', remainingUsd: '12.50', phoneVerified: true });
    const title = await screen.findByText('Your documents are under review');
    await waitFor(() =>
      expect(title.parentElement?.textContent).toBe(
        'Your documents are under review' +
          'Review usually takes 24-48 hours. You can keep trading within your Tier 0 limit of $20 meanwhile. You have $12.50 left.',
      ),
    );
    expect(screen.queryByText(/paused/i)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Complete KYC' })).toBeNull();
  });
});
