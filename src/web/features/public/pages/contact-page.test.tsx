import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '#web/lib/router.js';
import { describe, expect, it } from 'vitest';
import type { TProfile } from '#shared/contracts/account.js';
import { CONTACT_DEFAULTS, CONTACT_FORM_MSG, type TContactContent } from '#shared/contracts/content.js';
import { MSG } from '#shared/messages.js';
import { recordingJsonPeer, type TJsonAnswer } from '#test/helpers/local-api-peer.js';
import { ContactPage } from './contact-page';

/*
 * /contact (docs/decisions/022): the form sends its message to POST /api/contact and thanks the
 * person once the server has it; the support column shows only what staff set. Before, the form
 * thanked at once and sent nothing, and the page showed the made-up support@cedicrypto.com.
 * The server is a local peer.
 */

const CUSTOMER: TProfile = {
  id: 'u1',
  username: 'kofi1',
  fullName: 'Kofi Mensah',
  email: 'kofi@example.com',
  phone: null,
  kycStatus: 'unverified',
  tradingVolumeUsd: '0.00',
  isBanned: false,
  role: null,
  twoFactorEnabled: false,
  passwordChangeRequested: false,
  emailVerified: true,
  createdAt: '2026-01-01T00:00:00.000Z',
};

describe('/contact', () => {
  let content: TContactContent = CONTACT_DEFAULTS;
  let sessionUser: TProfile | null = null;
  let contactAnswer: TJsonAnswer = { status: 201, body: { ok: true } };
  const peer = recordingJsonPeer({
    page: '/',
    expectedErrors: /^POST http:\/\/127\.0\.0\.1:\d+\/api\/contact 429 /,
    fallback: (request) => {
      if (request.url === '/api/content/contact') return { status: 200, body: content };
      if (request.url === '/api/session') return { status: 200, body: { user: sessionUser } };
      return contactAnswer;
    },
  });

  function renderPage(options: { content?: TContactContent; user?: TProfile | null; answer?: TJsonAnswer } = {}) {
    content = options.content ?? CONTACT_DEFAULTS;
    sessionUser = options.user ?? null;
    contactAnswer = options.answer ?? { status: 201, body: { ok: true } };
    const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <ContactPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    return userEvent.setup();
  }
  const posted = () => peer.seen.filter((request) => request.path === '/api/contact');

  it('sends the message and thanks the person once the server has it', async () => {
    const user = renderPage();
    await user.type(screen.getByLabelText(/^Name/), 'Ama Owusu');
    await user.type(screen.getByLabelText(/^Email/), 'Ama@Example.com');
    await user.type(screen.getByLabelText(/^Message/), 'I paid for order 12.');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect((await screen.findByRole('status')).textContent).toBe(CONTACT_FORM_MSG.thanks);
    expect(posted()).toEqual([
      { path: '/api/contact', body: { name: 'Ama Owusu', email: 'ama@example.com', message: 'I paid for order 12.' } },
    ]);
  });

  it('says what is missing on each field and sends nothing', async () => {
    const user = renderPage();
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText(CONTACT_FORM_MSG.nameRequired)).toBeTruthy();
    expect(screen.getByText(CONTACT_FORM_MSG.messageRequired)).toBeTruthy();
    expect(screen.getByText(MSG.emailInvalid)).toBeTruthy();
    expect(posted()).toEqual([]);
  });

  it('shows the server’s refusal above the button and keeps what was typed', async () => {
    const user = renderPage({
      answer: { status: 429, body: { error: { code: 'RATE_LIMITED', message: CONTACT_FORM_MSG.tooMany } } },
    });
    await user.type(screen.getByLabelText(/^Name/), 'Ama');
    await user.type(screen.getByLabelText(/^Email/), 'ama@example.com');
    await user.type(screen.getByLabelText(/^Message/), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect((await screen.findByRole('alert')).textContent).toContain(CONTACT_FORM_MSG.tooMany);
    expect((screen.getByLabelText(/^Message/) as HTMLTextAreaElement).value).toBe('Hello');
    expect(screen.queryByText(CONTACT_FORM_MSG.thanks)).toBeNull();
  });

  it('fills in a signed-in customer’s name and address and says the message joins their chat', async () => {
    renderPage({ user: CUSTOMER });
    expect(await screen.findByText(CONTACT_FORM_MSG.signedInNote)).toBeTruthy();
    await waitFor(() => expect((screen.getByLabelText(/^Email/) as HTMLInputElement).value).toBe('kofi@example.com'));
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Kofi Mensah');
  });

  it('shows no support email until one is set', async () => {
    renderPage();
    await screen.findByRole('heading', { name: CONTACT_DEFAULTS.headline });
    const support = screen.getByRole('complementary', { name: 'Support contacts' });
    expect(support.textContent).not.toContain('@');
    expect(screen.queryByRole('link', { name: /@/ })).toBeNull();
  });

  it('shows the support email staff set', async () => {
    renderPage({ content: { ...CONTACT_DEFAULTS, supportEmail: 'help@broker.example' } });
    const link = await screen.findByRole('link', { name: 'help@broker.example' });
    expect(link.getAttribute('href')).toBe('mailto:help@broker.example');
  });
});
