import { createHash, createHmac } from 'node:crypto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '#web/lib/router.js';
import { describe, expect, it } from 'vitest';
import { VERIFY_MSG, type TSignupChallenge, type TSignupResponse } from '#shared/contracts/email-verification.js';
import { recordingJsonPeer } from '#test/helpers/local-api-peer.js';
import { SignupForm } from './signup-form';

/*
 * The sign-up form past the allowance (docs/decisions/024): the server answers CHALLENGE_REQUIRED,
 * the form fetches a challenge, says it is checking while the browser finds the number with
 * crypto.subtle, and sends the sign-up again with the solution. The server is a local peer whose
 * challenge is made as the server makes one (SHA-256 of salt and number, HMAC-signed).
 */

const SECRET_NUMBER = 4321;
const salt = `0123456789abcdef?expires=${Math.floor(Date.now() / 1000) + 600}`;
const hash = createHash('sha256').update(`${salt}${SECRET_NUMBER}`).digest('hex');
const CHALLENGE: TSignupChallenge = {
  algorithm: 'SHA-256',
  challenge: hash,
  maxnumber: 10_000,
  salt,
  signature: createHmac('sha256', 'test').update(hash).digest('hex'),
};

describe('sign-up form', () => {
  let signups = 0;
  const peer = recordingJsonPeer({
    page: '/',
    expectedErrors: /^POST http:\/\/127\.0\.0\.1:\d+\/api\/account\/signup 429 /,
    fallback: (request) => {
      if (request.url === '/api/account/username-available?username=esi_b') return { status: 200, body: { available: true } };
      if (request.url === '/api/account/signup-challenge') return { status: 200, body: CHALLENGE };
      signups += 1;
      if (signups === 1) return { status: 429, body: { error: { code: 'CHALLENGE_REQUIRED', message: VERIFY_MSG.challengeRequired } } };
      return { status: 202, body: { email: 'esi@example.com', message: VERIFY_MSG.checkEmail('esi@example.com') } };
    },
  });

  it('solves the check when asked and sends the sign-up again with the number found', async () => {
    const sent: TSignupResponse[] = [];
    const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <SignupForm onSent={(answer) => sent.push(answer)} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Username'), 'esi_b');
    await user.type(screen.getByLabelText('Full name'), 'Esi Boateng');
    await user.type(screen.getByLabelText('Email'), 'esi@example.com');
    await user.type(screen.getByLabelText('Password', { selector: 'input[name="password"]' }), 'Str0ng-Passw0rd');
    await user.type(screen.getByLabelText('Confirm password'), 'Str0ng-Passw0rd');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.message).toBe(VERIFY_MSG.checkEmail('esi@example.com'));
    const posts = peer.seen.filter((request) => request.path === '/api/account/signup');
    expect(posts).toHaveLength(2);
    expect((posts[0]?.body as { proof?: unknown }).proof).toBeUndefined();
    const { maxnumber: _max, ...issued } = CHALLENGE;
    expect((posts[1]?.body as { proof?: unknown }).proof).toEqual({ ...issued, number: SECRET_NUMBER });
  });
});
