import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CHAIN_WATCH_MSG, type TChainNetwork } from '#shared/contracts/chain-watch.js';
import { ToastProvider } from '#web/components/ui/toast.js';
import { recordingJsonPeer } from '#test/helpers/local-api-peer.js';
import { ChainNetworksSection } from './chain-networks-form';

/*
 * Settings' chain watchers (issue 32, docs/decisions/058): what the super admin sees of each
 * network and what the form sends. The server is a local HTTP peer; the routes' checks and access
 * (a manager gets 403) are tested in src/server/modules/chain-watch/chain-watch.test.ts.
 */

const USDT = { USDT: { contract: '0xdAC17F958D2ee523a2206206994597C13D831ec7', decimals: 6 } };
const NETWORKS: TChainNetwork[] = [
  {
    network: 'ERC20',
    rpcHost: 'eth.node.example:8545',
    hasEnvEndpoint: false,
    requiredConfirmations: 12,
    tokens: USDT,
    lastBlock: 21_000_123,
    headBlock: 21_000_130,
    polledAt: '2026-11-29T04:00:00.000Z',
    lastError: null,
  },
  {
    network: 'BEP20',
    rpcHost: null,
    hasEnvEndpoint: false,
    requiredConfirmations: 15,
    tokens: {},
    lastBlock: null,
    headBlock: null,
    polledAt: null,
    lastError: null,
  },
  {
    network: 'BTC',
    rpcHost: null,
    hasEnvEndpoint: true,
    requiredConfirmations: 2,
    tokens: {},
    lastBlock: 870_000,
    headBlock: 870_001,
    polledAt: '2026-11-29T04:00:00.000Z',
    lastError: 'blocks/tip/height: HTTP 429',
  },
  {
    network: 'LTC',
    rpcHost: null,
    hasEnvEndpoint: true,
    requiredConfirmations: 6,
    tokens: {},
    lastBlock: null,
    headBlock: null,
    polledAt: null,
    lastError: null,
  },
];

const peer = recordingJsonPeer({
  page: '/',
  expectedErrors: /^PUT http:\/\/127\.0\.0\.1:\d+\/api\/admin\/chain-networks\/ERC20 400 /,
  fallback: () => ({ status: 200, body: { networks: NETWORKS } }),
});

function renderSection() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <ChainNetworksSection />
      </ToastProvider>
    </QueryClientProvider>,
  );
}

const networkSection = async (name: string) => screen.findByRole('region', { name });
const definitions = (section: HTMLElement) =>
  Object.fromEntries(
    within(section)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
  );
const puts = () => peer.seen.filter((seen) => seen.body !== undefined);

describe('chain watchers in Settings', () => {
  it('lists each network with its endpoint (only its host), confirmations, last block seen and status', async () => {
    renderSection();
    expect(definitions(await networkSection('Ethereum (ERC20)'))).toMatchObject({
      Endpoint: 'eth.node.example:8545',
      'Confirmations required': '12',
      'Last block seen': '21000123',
      'Chain head': '21000130',
      Status: expect.stringMatching(/^Watching \(last poll .+\)$/) as unknown as string,
    });
    expect(definitions(await networkSection('BNB Smart Chain (BEP20)'))).toMatchObject({
      Endpoint: 'None',
      'Last block seen': 'None yet',
      Status: 'Not watched: no endpoint',
    });
    expect(definitions(await networkSection('Bitcoin'))).toMatchObject({
      Endpoint: "The server's environment",
      Status: 'Failing: blocks/tip/height: HTTP 429',
    });
    expect(definitions(await networkSection('Litecoin'))).toMatchObject({ Status: 'Waiting for its first poll' });
    // The endpoint's URL is never filled back in (it may hold a provider's key).
    expect(screen.getByLabelText('Ethereum (ERC20) endpoint URL')).toHaveProperty('value', '');
  });

  it('sends the endpoint and the confirmations as set, to that network only', async () => {
    const user = userEvent.setup();
    renderSection();
    const section = await networkSection('BNB Smart Chain (BEP20)');
    await user.type(within(section).getByLabelText('BNB Smart Chain (BEP20) endpoint URL'), ' https://bsc.node.example/key123 ');
    const confirmations = within(section).getByLabelText('BNB Smart Chain (BEP20) confirmations required');
    await user.clear(confirmations);
    await user.type(confirmations, '20');
    peer.answers.push({ status: 200, body: { ...NETWORKS[1], rpcHost: 'bsc.node.example', requiredConfirmations: 20 } });
    await user.click(within(section).getByRole('button', { name: 'Save BNB Smart Chain (BEP20) watcher' }));
    expect(await screen.findByText('BNB Smart Chain (BEP20) watcher saved.')).toBeTruthy();
    expect(puts()).toEqual([
      { path: '/api/admin/chain-networks/BEP20', body: { rpcUrl: 'https://bsc.node.example/key123', requiredConfirmations: 20 } },
    ]);
    // What the server answered is shown; the URL typed is cleared.
    await waitFor(() => expect(definitions(section)).toMatchObject({ Endpoint: 'bsc.node.example', 'Confirmations required': '20' }));
    expect(within(section).getByLabelText('BNB Smart Chain (BEP20) endpoint URL')).toHaveProperty('value', '');
  });

  it('keeps the endpoint when the box is left empty, and removes it when asked', async () => {
    const user = userEvent.setup();
    renderSection();
    const section = await networkSection('Ethereum (ERC20)');
    await user.click(within(section).getByRole('button', { name: 'Save Ethereum (ERC20) watcher' }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]!.body).toEqual({ requiredConfirmations: 12 });
    await user.click(within(section).getByLabelText('Remove this endpoint (stop watching)'));
    expect(within(section).getByLabelText('Ethereum (ERC20) endpoint URL')).toHaveProperty('disabled', true);
    await user.click(within(section).getByRole('button', { name: 'Save Ethereum (ERC20) watcher' }));
    await waitFor(() => expect(puts()).toHaveLength(2));
    expect(puts()[1]!.body).toEqual({ rpcUrl: null, requiredConfirmations: 12 });
  });

  it('says what is wrong in the product\u2019s words and sends nothing', async () => {
    const user = userEvent.setup();
    renderSection();
    const section = await networkSection('Ethereum (ERC20)');
    const endpoint = within(section).getByLabelText('Ethereum (ERC20) endpoint URL');
    const confirmations = within(section).getByLabelText('Ethereum (ERC20) confirmations required');
    await user.type(endpoint, 'ftp://eth.node.example');
    await user.clear(confirmations);
    await user.type(confirmations, '2.5');
    await user.click(within(section).getByRole('button', { name: 'Save Ethereum (ERC20) watcher' }));
    expect(await within(section).findByText(CHAIN_WATCH_MSG.rpcUrlInvalid)).toBeTruthy();
    expect(within(section).getByText(CHAIN_WATCH_MSG.confirmationsRange)).toBeTruthy();
    expect(endpoint.getAttribute('aria-invalid')).toBe('true');
    expect(confirmations.getAttribute('aria-invalid')).toBe('true');
    for (const value of ['', '0', '1001', 'twelve']) {
      await user.clear(confirmations);
      if (value) await user.type(confirmations, value);
      await user.click(within(section).getByRole('button', { name: 'Save Ethereum (ERC20) watcher' }));
      expect(within(section).getByText(CHAIN_WATCH_MSG.confirmationsRange)).toBeTruthy();
    }
    expect(puts()).toEqual([]);
  });

  it('shows the server\u2019s refusal on its field', async () => {
    const user = userEvent.setup();
    renderSection();
    const section = await networkSection('Ethereum (ERC20)');
    await user.type(within(section).getByLabelText('Ethereum (ERC20) endpoint URL'), 'https://eth.node.example');
    peer.answers.push({
      status: 400,
      body: { error: { code: 'VALIDATION', message: CHAIN_WATCH_MSG.rpcUrlInvalid, fields: { rpcUrl: CHAIN_WATCH_MSG.rpcUrlInvalid } } },
    });
    await user.click(within(section).getByRole('button', { name: 'Save Ethereum (ERC20) watcher' }));
    expect(await within(section).findByText(CHAIN_WATCH_MSG.rpcUrlInvalid)).toBeTruthy();
  });
});
