import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '#web/lib/router.js';
import { describe, expect, it } from 'vitest';
import type { TProfile } from '#shared/contracts/account.js';
import { KYC_MSG } from '#shared/contracts/kyc.js';
import type { TPhoneStatus } from '#shared/contracts/sms.js';
import type { TLimitResponse } from '#shared/contracts/tiers.js';
import { answerFromLocalPeer, sendJson } from '#test/helpers/local-api-peer.js';
import { KycPage } from './kyc-page';

/*
 * The verification page (docs/decisions/016) for a customer at each tier, against a local HTTP
 * peer answering the session, the limit, the latest submission and the phone status: the tier
 * with what is left, then the steps up (phone, identity, Tier 2), each found by role and label.
 */

const USER: TProfile = {
  id: 'user-1',
  username: 'ama',
  fullName: 'Ama Mensah',
  email: 'ama@example.com',
  phone: null,
  kycStatus: 'unverified',
  tradingVolumeUsd: '5.00',
  isBanned: false,
  role: null,
  twoFactorEnabled: false,
  passwordChangeRequested: false,
  emailVerified: true,
  createdAt: '2026-01-01T00:00:00.000Z',
};
const TIERS: TLimitResponse['tiers'] = [
  { tier: 0, dailyLimitGhs: null, monthlyLimitGhs: null },
  { tier: 1, dailyLimitGhs: '5000.00', monthlyLimitGhs: '50000.00' },
  { tier: 2, dailyLimitGhs: '100000.00', monthlyLimitGhs: '1000000.00' },
];
const TIER_0: TLimitResponse = {
  isLimited: true,
  limitUsd: '20.00',
  usedUsd: '5.00',
  remainingUsd: '15.00',
  tier: 0,
  phoneVerified: false,
  dailyLimitGhs: null,
  monthlyLimitGhs: null,
  usedTodayGhs: '58.21',
  usedThisMonthGhs: '58.21',
  leftTodayGhs: null,
  leftThisMonthGhs: null,
  tiers: TIERS,
  nextTier: { tier: 1, needs: ['phone', 'identity'] },
};
const TIER_1: TLimitResponse = {
  ...TIER_0,
  isLimited: false,
  tier: 1,
  phoneVerified: true,
  dailyLimitGhs: '5000.00',
  monthlyLimitGhs: '50000.00',
  usedTodayGhs: '1200.00',
  usedThisMonthGhs: '8000.00',
  leftTodayGhs: '3800.00',
  leftThisMonthGhs: '42000.00',
  nextTier: { tier: 2, needs: ['address_proof', 'source_of_funds'] },
};
const NO_PHONE: TPhoneStatus = { phone: null, verifiedAt: null, smsOrderUpdates: false, pendingCode: null };
const PHONE: TPhoneStatus = { ...NO_PHONE, phone: '+233245550101', verifiedAt: '2026-11-25T10:00:00.000Z' };

type TWorld = { user: TProfile; limit: TLimitResponse; phone: TPhoneStatus; submission: unknown };

describe('the verification page', () => {
  let world: TWorld;
  answerFromLocalPeer({
    page: '/kyc',
    expectedErrors: /^$/,
    handle: (request, _body, response) => {
      const path = request.url ?? '';
      if (path === '/api/session') return sendJson(response, { status: 200, body: { user: world.user } });
      if (path === '/api/orders/limit') return sendJson(response, { status: 200, body: world.limit });
      if (path === '/api/account/phone') return sendJson(response, { status: 200, body: world.phone });
      if (path === '/api/kyc') return sendJson(response, { status: 200, body: { submission: world.submission } });
      return sendJson(response, { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Not found.' } } });
    },
  });

  function renderPage(next: Partial<TWorld>) {
    world = { user: USER, limit: TIER_0, phone: NO_PHONE, submission: null, ...next };
    const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
    client.setQueryData(['session'], world.user);
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <KycPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
  }

  it('shows Tier 0 with the $20 left and the tiers, asks for the phone first, and keeps Tier 2 for later', async () => {
    renderPage({});
    expect(await screen.findByRole('heading', { name: 'Your verification tier: Tier 0' })).toBeTruthy();
    expect(screen.getByText(/You can trade up to \$20\.00 in total/).textContent).toContain('$15.00 left');
    const tiers = screen.getByRole('list');
    expect(
      within(tiers)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Tier 0 (your tier)Signed up.Up to $20.00 in total.',
      'Tier 1Verified phone, Ghana Card (or passport for foreign nationals) and a selfie holding it.GHS 5,000.00 a day, GHS 50,000.00 a month.',
      'Tier 2Tier 1, plus a proof of address and your source of funds.GHS 100,000.00 a day, GHS 1,000,000.00 a month.',
    ]);
    expect(screen.getByText(/^To reach Tier 1, verify your phone number \(step 1\) and verify your identity/)).toBeTruthy();

    const phoneStep = screen.getByRole('region', { name: 'Step 1: Verify your phone number' });
    expect(await within(phoneStep).findByLabelText('Mobile number')).toBeTruthy();
    const identity = screen.getByRole('region', { name: 'Step 2: Verify your identity (Tier 1)' });
    expect(within(identity).getByText(KYC_MSG.phoneNotVerified)).toBeTruthy();
    expect(within(identity).queryByLabelText(/ID Type/)).toBeNull();
    const tier2 = screen.getByRole('region', { name: 'Step 3: Proof of address and source of funds (Tier 2)' });
    expect(within(tier2).getByText(/Available once your identity is verified \(Tier 1\)/)).toBeTruthy();
    expect(within(tier2).queryByLabelText(/Proof of address/)).toBeNull();
  });

  it('offers the identity form once the phone is verified: a Ghana Card number beside a voter ID, and a selfie', async () => {
    const user = userEvent.setup();
    renderPage({ phone: PHONE });
    const identity = screen.getByRole('region', { name: 'Step 2: Verify your identity (Tier 1)' });
    const idType = await within(identity).findByLabelText(/ID Type/);
    expect(within(identity).queryByLabelText(/Ghana Card number/)).toBeNull();
    await user.selectOptions(idType, 'Voter ID');
    expect(within(identity).getByLabelText(/Ghana Card number/)).toBeTruthy();
    expect(within(identity).getByLabelText(/Front of ID/)).toBeTruthy();
    expect(within(identity).getByLabelText(/Back of ID/)).toBeTruthy();
    expect(within(identity).getByLabelText(/Selfie with your ID/)).toBeTruthy();

    await user.type(within(identity).getByLabelText(/ID Number/), 'V-1234');
    await user.type(within(identity).getByLabelText(/Ghana Card number/), 'GHA-1');
    await user.type(within(identity).getByLabelText(/^Address/), '12 Oxford Street');
    await user.type(within(identity).getByLabelText(/^City/), 'Accra');
    await user.click(within(identity).getByRole('button', { name: 'Submit for verification' }));
    expect(await within(identity).findByText(KYC_MSG.ghanaCardFormat)).toBeTruthy();
    expect(await within(identity).findByText(KYC_MSG.selfieRequired)).toBeTruthy();
  });

  // Issue 26 point 16: the Ghana Card error stayed on the form after the person fixed the number.
  it('takes the Ghana Card error away once the number is fixed, before and after a submit', async () => {
    const user = userEvent.setup();
    renderPage({ phone: PHONE });
    const identity = screen.getByRole('region', { name: 'Step 2: Verify your identity (Tier 1)' });
    await user.selectOptions(await within(identity).findByLabelText(/ID Type/), 'Ghana Card');
    const idNumber = within(identity).getByLabelText(/ID Number/);
    await user.type(idNumber, 'GHA-12345');
    await user.tab();
    expect(await within(identity).findByText(KYC_MSG.ghanaCardFormat)).toBeTruthy();
    await user.type(idNumber, '6789-0');
    expect(within(identity).queryByText(KYC_MSG.ghanaCardFormat)).toBeNull();
    await user.tab();
    expect(within(identity).queryByText(KYC_MSG.ghanaCardFormat)).toBeNull();
    expect(idNumber.getAttribute('aria-invalid')).not.toBe('true');

    await user.selectOptions(within(identity).getByLabelText(/ID Type/), 'Voter ID');
    await user.clear(idNumber);
    await user.type(idNumber, 'V-1234');
    const card = within(identity).getByLabelText(/Ghana Card number/);
    await user.type(card, 'GHA-1');
    await user.click(within(identity).getByRole('button', { name: 'Submit for verification' }));
    expect(await within(identity).findByText(KYC_MSG.ghanaCardFormat)).toBeTruthy();
    await user.clear(card);
    await user.type(card, 'GHA-123456789-0');
    expect(within(identity).queryByText(KYC_MSG.ghanaCardFormat)).toBeNull();
  });

  it('asks the nationality with a passport: a Ghanaian gives the Ghana Card number, a foreign national names the country', async () => {
    const user = userEvent.setup();
    renderPage({ phone: PHONE });
    const identity = screen.getByRole('region', { name: 'Step 2: Verify your identity (Tier 1)' });
    const idType = await within(identity).findByLabelText(/ID Type/);
    expect(within(identity).queryByLabelText(/Nationality/)).toBeNull();
    await user.selectOptions(idType, 'Passport');
    const nationality = within(identity).getByLabelText(/Nationality/);
    expect(within(identity).queryByLabelText(/Ghana Card number/)).toBeNull();
    await user.type(within(identity).getByLabelText(/ID Number/), 'G1234567');
    await user.type(within(identity).getByLabelText(/^Address/), '12 Oxford Street');
    await user.type(within(identity).getByLabelText(/^City/), 'Accra');
    await user.click(within(identity).getByRole('button', { name: 'Submit for verification' }));
    expect(await within(identity).findByText(KYC_MSG.nationalityRequired)).toBeTruthy();

    await user.selectOptions(nationality, 'Ghanaian');
    expect(within(identity).queryByLabelText(/Country of nationality/)).toBeNull();
    const card = within(identity).getByLabelText(/Ghana Card number/);
    await user.click(within(identity).getByRole('button', { name: 'Submit for verification' }));
    expect(await within(identity).findByText(KYC_MSG.ghanaCardWithPassportRequired)).toBeTruthy();
    await user.type(card, 'GHA-1');
    await user.click(within(identity).getByRole('button', { name: 'Submit for verification' }));
    expect(await within(identity).findByText(KYC_MSG.ghanaCardFormat)).toBeTruthy();

    await user.selectOptions(nationality, 'Another country');
    expect(within(identity).queryByLabelText(/Ghana Card number/)).toBeNull();
    const country = within(identity).getByLabelText(/Country of nationality/);
    await user.click(within(identity).getByRole('button', { name: 'Submit for verification' }));
    expect(await within(identity).findByText(KYC_MSG.nationalityCountryRequired)).toBeTruthy();
    await user.type(country, 'Ghana');
    await user.click(within(identity).getByRole('button', { name: 'Submit for verification' }));
    expect(await within(identity).findByText(KYC_MSG.nationalityCountryIsGhana)).toBeTruthy();
  });

  it('states the Tier 0 limit of the settings: $50', async () => {
    renderPage({ phone: PHONE, limit: { ...TIER_0, limitUsd: '50.00', remainingUsd: '45.00', phoneVerified: true } });
    const identity = screen.getByRole('region', { name: 'Step 2: Verify your identity (Tier 1)' });
    expect(await within(identity).findByText(/^Until your identity is verified your account has a \$50 trading limit\./)).toBeTruthy();
    expect(within(identity).queryByText(/\$20/)).toBeNull();
  });

  it('asks a Tier 1 customer without a verified phone (moved by migration 0012) for the phone before Tier 2', async () => {
    renderPage({
      user: { ...USER, kycStatus: 'verified' },
      limit: { ...TIER_1, phoneVerified: false, nextTier: { tier: 2, needs: ['phone', 'address_proof', 'source_of_funds'] } },
      phone: NO_PHONE,
    });
    expect(await screen.findByRole('heading', { name: 'Your verification tier: Tier 1' })).toBeTruthy();
    expect(screen.getByText(/^To reach Tier 2, verify your phone number \(step 1\), send a proof of address/)).toBeTruthy();
    const tier2 = screen.getByRole('region', { name: 'Step 3: Proof of address and source of funds (Tier 2)' });
    expect(await within(tier2).findByText(KYC_MSG.tier2PhoneNotVerified)).toBeTruthy();
    expect(within(tier2).queryByRole('form', { name: 'Tier 2 verification' })).toBeNull();
    const phoneStep = screen.getByRole('region', { name: 'Step 1: Verify your phone number' });
    expect(await within(phoneStep).findByLabelText('Mobile number')).toBeTruthy();
  });

  it('shows Tier 1 with what is left today and this month, and the Tier 2 form with its source of funds', async () => {
    const user = userEvent.setup();
    renderPage({ user: { ...USER, kycStatus: 'verified' }, limit: TIER_1, phone: PHONE, submission: null });
    expect(await screen.findByRole('heading', { name: 'Your verification tier: Tier 1' })).toBeTruthy();
    expect(screen.getByText('Left today').nextElementSibling?.textContent).toBe('GHS 3,800.00');
    expect(screen.getByText('Left this month').nextElementSibling?.textContent).toBe('GHS 42,000.00');
    expect(screen.getByRole('heading', { name: 'Your identity is verified' })).toBeTruthy();
    expect(screen.getByText(/^Your account is at Tier 1/)).toBeTruthy();

    const tier2 = screen.getByRole('region', { name: 'Step 3: Proof of address and source of funds (Tier 2)' });
    const form = within(tier2).getByRole('form', { name: 'Tier 2 verification' });
    expect(within(form).getByLabelText(/Proof of address/)).toBeTruthy();
    await user.selectOptions(within(form).getByLabelText(/Source of funds/), 'Other');
    await user.type(within(form).getByLabelText(/^Address/), '4 Ring Road');
    await user.type(within(form).getByLabelText(/^City/), 'Kumasi');
    await user.click(within(form).getByRole('button', { name: 'Request Tier 2' }));
    expect(await within(form).findByText(KYC_MSG.sourceOfFundsDetailRequired)).toBeTruthy();
    expect(await within(form).findByText(KYC_MSG.addressProofRequired)).toBeTruthy();
  });

  it('says a Tier 1 request under review keeps the Tier 0 limit usable, as the tier overview shows it (issue 26 point 11)', async () => {
    renderPage({
      user: { ...USER, kycStatus: 'pending' },
      phone: PHONE,
      limit: { ...TIER_0, phoneVerified: true, nextTier: { tier: 1, needs: ['identity'] } },
      submission: { id: 6, status: 'pending', submittedAt: '2026-11-25T10:00:00.000Z', rejectionReason: null, level: 1 },
    });
    const identity = screen.getByRole('region', { name: 'Step 2: Verify your identity (Tier 1)' });
    expect(await within(identity).findByRole('heading', { name: 'Your documents are under review' })).toBeTruthy();
    // Before: "Trading is paused until your identity is verified" under an overview saying "$15.00 left".
    expect(await within(identity).findByText(/You can keep trading within your Tier 0 limit of \$20 meanwhile\./)).toBeTruthy();
    expect(screen.getByText(/You can trade up to \$20\.00 in total/).textContent).toContain('$15.00 left');
    expect(screen.queryByText(/paused/i)).toBeNull();
  });

  it('says a Tier 2 request is under review, and that Tier 2 is the top once approved', async () => {
    renderPage({
      user: { ...USER, kycStatus: 'verified' },
      limit: TIER_1,
      phone: PHONE,
      submission: { id: 7, status: 'pending', submittedAt: '2026-11-25T10:00:00.000Z', rejectionReason: null, level: 2 },
    });
    expect(await screen.findByRole('heading', { name: 'Your Tier 2 documents are under review' })).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Tier 2 verification' })).toBeNull();
  });
});
