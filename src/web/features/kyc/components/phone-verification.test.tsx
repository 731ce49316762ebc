import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SMS_MSG, type TPhoneStatus } from '#shared/contracts/sms.js';
import { recordingJsonPeer } from '#test/helpers/local-api-peer.js';
import { PhoneVerification } from './phone-verification';

/*
 * The phone verification of issue 18, against a local HTTP peer that records what it is sent and
 * answers as the server would: a number, "Send code", the code, "Verify"; the server's messages
 * where they belong; a new code only once the cooldown has passed.
 */

const NONE: TPhoneStatus = { phone: null, verifiedAt: null, smsOrderUpdates: false, pendingCode: null };
const inAMinute = () => new Date(Date.now() + 60_000).toISOString();
const pending = (resendAt = inAMinute()): TPhoneStatus => ({
  ...NONE,
  pendingCode: { phone: '+233245550101', expiresAt: new Date(Date.now() + 600_000).toISOString(), resendAt, attemptsLeft: 5 },
});
const VERIFIED: TPhoneStatus = { ...NONE, phone: '+233245550101', verifiedAt: '2026-11-25T10:00:00.000Z' };
const error = (status: number, code: string, message: string, fields?: Record<string, string>) => ({
  status,
  body: { error: { code, message, ...(fields ? { fields } : {}) } },
});

describe('phone verification', () => {
  const { seen, answers } = recordingJsonPeer({
    page: '/kyc',
    expectedErrors: /^POST http:\/\/127\.0\.0\.1:\d+\/api\/account\/phone\/(code|verify) \d{3} /,
    fallback: () => ({ status: 200, body: NONE }),
  });

  function renderComponent() {
    const onVerified = vi.fn();
    const client = new QueryClient({ defaultOptions: { mutations: { retry: false }, queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <PhoneVerification onVerified={onVerified} />
      </QueryClientProvider>,
    );
    return { onVerified };
  }

  it('sends a code to the number typed, then verifies it; a wrong code is shown on the code field with the tries left', async () => {
    const user = userEvent.setup();
    answers.push({ status: 200, body: NONE }, { status: 200, body: pending() });
    const { onVerified } = renderComponent();
    await user.type(await screen.findByLabelText('Mobile number'), '024 555 0101');
    await user.click(screen.getByRole('button', { name: 'Send code' }));

    expect(await screen.findByText(/We sent a 6-digit code to \+233 24 555 0101\./)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send a new code' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByText(/^You can ask for a new code in [01]:\d\d\.$/)).toBeTruthy();

    const wrong = SMS_MSG.codeWrong(4);
    answers.push(error(400, 'PHONE_CODE_WRONG', wrong, { code: wrong }));
    const code = screen.getByLabelText('Verification code');
    await user.type(code, '123455');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(wrong)).toBeTruthy();
    await waitFor(() => expect(code.getAttribute('aria-invalid')).toBe('true'));

    answers.push({ status: 200, body: VERIFIED });
    await user.clear(code);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('+233 24 555 0101')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Verified number: +233 24 555 0101');
    expect(onVerified).toHaveBeenCalledWith(VERIFIED);
    expect(seen.filter((request) => request.body !== undefined)).toEqual([
      { path: '/api/account/phone/code', body: { phone: '024 555 0101' } },
      { path: '/api/account/phone/verify', body: { code: '123455' } },
      { path: '/api/account/phone/verify', body: { code: '123456' } },
    ]);
  });

  it('says what is wrong with a number that is not a Ghana mobile number, without asking the server', async () => {
    const user = userEvent.setup();
    renderComponent();
    await user.type(await screen.findByLabelText('Mobile number'), '+44 7700 900123');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText(SMS_MSG.phoneInvalid)).toBeTruthy();
    expect(seen.map((request) => request.path)).toEqual(['/api/account/phone']);
  });

  it('goes back to the number with the reason when the code can no longer be used', async () => {
    const user = userEvent.setup();
    answers.push({ status: 200, body: pending() }, error(409, 'PHONE_CODE_EXPIRED', SMS_MSG.tooManyAttempts), { status: 200, body: NONE });
    renderComponent();
    await user.type(await screen.findByLabelText('Verification code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(SMS_MSG.tooManyAttempts)).toBeTruthy();
    const number = screen.getByLabelText<HTMLInputElement>('Mobile number');
    expect(number.value).toBe('+233245550101');
    // The status is read again: no code is under way any more.
    await waitFor(() =>
      expect(seen.map((request) => request.path)).toEqual(['/api/account/phone', '/api/account/phone/verify', '/api/account/phone']),
    );
  });

  it('goes back to the number, with the reason, when the right code is for a number that cannot be verified for this account (docs/decisions/027)', async () => {
    const user = userEvent.setup();
    answers.push({ status: 200, body: pending() }, error(409, 'PHONE_TAKEN', SMS_MSG.numberTaken, { phone: SMS_MSG.numberTaken }), {
      status: 200,
      body: NONE,
    });
    const { onVerified } = renderComponent();
    await user.type(await screen.findByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(SMS_MSG.numberTaken)).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Mobile number').value).toBe('+233245550101');
    expect(onVerified).not.toHaveBeenCalled();
    await waitFor(() =>
      expect(seen.map((request) => request.path)).toEqual(['/api/account/phone', '/api/account/phone/verify', '/api/account/phone']),
    );
  });

  it('asks for a new code once the cooldown has passed, and shows the server refusal', async () => {
    const user = userEvent.setup();
    const tooMany = SMS_MSG.tooManyCodes(12);
    answers.push({ status: 200, body: pending(new Date(Date.now() - 1000).toISOString()) }, error(429, 'RATE_LIMITED', tooMany));
    renderComponent();
    const resend = await screen.findByRole('button', { name: 'Send a new code' });
    expect(resend.hasAttribute('disabled')).toBe(false);
    await user.click(resend);
    expect(await screen.findByText(tooMany)).toBeTruthy();
    expect(seen.at(-1)).toEqual({ path: '/api/account/phone/code', body: { phone: '+233245550101' } });
  });

  it('shows the verified number, and lets the customer change it', async () => {
    const user = userEvent.setup();
    answers.push({ status: 200, body: VERIFIED });
    renderComponent();
    expect(await screen.findByText('+233 24 555 0101')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Change number' }));
    expect(screen.getByLabelText<HTMLInputElement>('Mobile number').value).toBe('');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Change number' })).toBeTruthy();
  });
});
