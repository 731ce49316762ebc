import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TAdminCoin, TDepositKeyPreview } from '#shared/contracts/admin.js';
import { DEPOSIT_KEY_MSG, GAP_LIMIT } from '#shared/deposit-keys.js';
import { ToastProvider } from '#web/components/ui/toast.js';
import { CoinsPage } from './coins-page';
import { createMemoryRouter, RouterProvider } from '#web/lib/router.js';
import { answerFromLocalPeer, sendJson, type TSeenRequest } from '#test/helpers/local-api-peer.js';

/*
 * Currencies: a watch-only key per network (issue 32 point 1, docs/decisions/056). The operator
 * sees the first three addresses the server derives before saving, to compare with their wallet
 * app; a private key is refused on the page and never sent.
 */
const ZPUB = 'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
const XPRV = 'xprv9s21ZrQH143K3GJpoapnV8SFfukcVBSfeCficPSGfubmSFDxo1kuHnLisriDvSnRRuL2Qrg5ggqHKNVpxR86QEC8w35uxmGoggxtQTPvfUu';
/** What the server answers for BIP84's account zpub (src/server/modules/deposit-keys/derive.ts computes these). */
const PREVIEW: TDepositKeyPreview = {
  addresses: [
    'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
    'bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g',
    'bc1qp59yckz4ae5c4efgw2s5wfyvrz0ala7rgvuz8z',
  ],
  fingerprint: 'fd13aac9',
  prefix: 'zpub',
  scheme: "m/84'/0'/0'/0/i, native SegWit (bc1q…)",
};
const network = (depositKey: TAdminCoin['networks'][number]['depositKey'] = null) => ({
  network: 'BTC',
  label: 'Bitcoin',
  decimals: 8,
  hasTag: false,
  depositAddress: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
  takesKey: true,
  depositKey,
});
const bitcoin = (depositKey: TAdminCoin['networks'][number]['depositKey'] = null): TAdminCoin => ({
  id: 1,
  symbol: 'btc',
  name: 'Bitcoin',
  isEnabled: true,
  networks: [network(depositKey)],
});

const requested = () => ({
  id: 7,
  kind: 'deposit_address',
  targetId: '1',
  targetLabel: 'Bitcoin (btc)',
  before: { depositAddresses: {}, depositKeys: { BTC: null } },
  after: { depositAddresses: {}, depositKeys: { BTC: ZPUB } },
  status: 'pending',
  requestedBy: { id: 'u1', name: 'Kofi Manager' },
  requestedAt: '2026-11-28T10:00:00.000Z',
  lapsesAt: null,
  decidedBy: null,
  decidedAt: null,
});

describe('Currencies: a watch-only key per network', () => {
  const seen: TSeenRequest[] = [];
  let coin = bitcoin();
  let isRequested = false;
  answerFromLocalPeer({
    page: '/admin/coins',
    expectedErrors: /^POST http:\/\/127\.0\.0\.1:\d+\/api\/admin\/coins\/1\/deposit-key-preview 400 /,
    handle: (request, body, response) => {
      const json = body.length > 0 ? (JSON.parse(body.toString()) as { extendedKey?: string }) : undefined;
      seen.push({ path: `${request.method} ${request.url}`, body: json });
      if (request.url === '/api/admin/coins') return sendJson(response, { status: 200, body: { coins: [coin] } });
      if (request.url === '/api/admin/destination-changes')
        return sendJson(response, { status: 200, body: { changes: isRequested ? [requested()] : [] } });
      if (request.url === '/api/admin/coins/1/deposit-key-preview')
        return sendJson(
          response,
          json?.extendedKey === ZPUB
            ? { status: 200, body: PREVIEW }
            : { status: 400, body: { error: { code: 'VALIDATION', message: DEPOSIT_KEY_MSG.wrongPrefix('ypub', ['zpub', 'xpub']) } } },
        );
      if (request.method === 'PATCH') isRequested = true;
      if (request.method === 'PATCH')
        return sendJson(response, {
          status: 200,
          body: {
            coin,
            pendingChange: requested(),
          },
        });
      sendJson(response, { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Not found.' } } });
    },
  });

  const renderPage = (shown: TAdminCoin) => {
    seen.length = 0;
    coin = shown;
    isRequested = false;
    const client = new QueryClient({ defaultOptions: { mutations: { retry: false }, queries: { retry: false } } });
    const router = createMemoryRouter([{ path: '/admin/coins', element: <CoinsPage /> }], { initialEntries: ['/admin/coins'] });
    render(
      <QueryClientProvider client={client}>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </QueryClientProvider>,
    );
  };
  const keyField = () => screen.findByRole('textbox', { name: 'Bitcoin watch-only key on Bitcoin' });
  const previewButton = () => screen.getByRole('button', { name: 'Preview addresses of the Bitcoin key on Bitcoin' });

  it('shows the three addresses the server derives before the key can be saved, then asks for the code and sends the key', async () => {
    const user = userEvent.setup();
    renderPage(bitcoin());
    await user.type(await keyField(), ZPUB);
    // Not before a preview.
    await user.click(screen.getByRole('button', { name: 'Save Bitcoin' }));
    expect(await screen.findByText(DEPOSIT_KEY_MSG.previewFirst)).toBeTruthy();
    expect(seen.some((request) => request.path.startsWith('PATCH'))).toBe(false);

    await user.click(previewButton());
    const list = await screen.findByRole('list', { name: 'First addresses of the Bitcoin key on Bitcoin' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(PREVIEW.addresses);
    expect(seen.find((request) => request.path.endsWith('/deposit-key-preview'))?.body).toEqual({ network: 'BTC', extendedKey: ZPUB });

    expect(screen.getByRole('note').textContent).toBe(DEPOSIT_KEY_MSG.keyFormNotice);
    await user.type(screen.getByRole('textbox', { name: 'Authentication code to change the Bitcoin deposit address' }), '123456');
    await user.click(screen.getByRole('button', { name: 'Save Bitcoin' }));
    expect(await screen.findByText(/Change requested/)).toBeTruthy();
    expect(seen.find((request) => request.path === 'PATCH /api/admin/coins/1')?.body).toEqual({
      depositKeys: { BTC: ZPUB },
      code: '123456',
    });
    // The waiting change is read again (and shown) before the peer closes.
    expect(await screen.findByText(`Change waiting for approval: Bitcoin watch-only key: ${ZPUB}`)).toBeTruthy();
  });

  it('refuses a private key on the page without sending it, and shows what the server says is wrong with a key', async () => {
    const user = userEvent.setup();
    renderPage(bitcoin());
    await user.type(await keyField(), XPRV);
    await user.click(previewButton());
    expect(await screen.findByText(DEPOSIT_KEY_MSG.privateKey)).toBeTruthy();
    expect(seen.some((request) => JSON.stringify(request.body ?? '').includes(XPRV))).toBe(false);

    await user.clear(await keyField());
    await user.type(
      await keyField(),
      'ypub6Ww3ibxVfGzLrAH1PNcjyAWenMTbbAosGNB6VvmSEgytSER9azLDWCxoJwW7Ke7icmizBMXrzBx9979FfaHxHcrArf3zbeJJJUZPf663zsP',
    );
    await user.click(previewButton());
    expect(await screen.findByText(DEPOSIT_KEY_MSG.wrongPrefix('ypub', ['zpub', 'xpub']))).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'First addresses of the Bitcoin key on Bitcoin' })).toBeNull();
  });

  it('shows the key in force with its next index, and warns when more unpaid addresses in a row than wallets look ahead', async () => {
    renderPage(bitcoin({ extendedKey: ZPUB, fingerprint: '7ef32bdb', nextIndex: 31, unusedInARow: GAP_LIMIT + 3 }));
    expect(await screen.findByText('Key in force: fingerprint 7ef32bdb, next address index 31.')).toBeTruthy();
    expect(screen.getByRole('note').textContent).toBe(DEPOSIT_KEY_MSG.gapWarning(GAP_LIMIT + 3));
  });
});
