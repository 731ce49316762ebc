import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TRAVEL_RULE_MSG, type TTravelRule } from '#shared/contracts/travel-rule.js';
import { recordingJsonPeer } from '#test/helpers/local-api-peer.js';
import { buildOrder } from '#test/helpers/order-fixtures.js';
import { TravelRuleSection } from './travel-rule-form';

/*
 * The Travel Rule part of the order page (issue 34 point 1, docs/decisions/076): labelled fields,
 * the declaration and the signature sent as typed, a forged signature's refusal on its field with
 * the signature still there. The server is a local HTTP peer.
 */

const SELL = buildOrder({ type: 'sell', status: 'awaiting_deposit', coinSymbol: 'btc', network: 'BTC' });
const ADDRESS = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';

const travelRule = (overrides: Partial<TTravelRule> = {}): TTravelRule => ({
  required: true,
  status: 'missing',
  walletType: null,
  providerName: null,
  providerAccount: null,
  address: null,
  challenge: null,
  signatureFormat: 'btc',
  signature: null,
  declaredAt: null,
  verifiedAt: null,
  message: TRAVEL_RULE_MSG.declareNeededHeld,
  ...overrides,
});

describe('the Travel Rule form of an order', () => {
  const { seen, answers } = recordingJsonPeer({
    page: '/',
    expectedErrors: /^POST http:\/\/127\.0\.0\.1:\d+\/api\/orders\/\d+\/travel-rule\/proof 400 /,
    fallback: () => ({ status: 200, body: { travelRule: travelRule({ status: 'complete', message: null }) } }),
  });

  function renderSection(rule: TTravelRule) {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <TravelRuleSection order={SELL} travelRule={rule} />
      </QueryClientProvider>,
    );
  }

  it('asks where the wallet is, checks what is missing before sending, and sends an exchange account as typed', async () => {
    const user = userEvent.setup();
    renderSection(travelRule());
    expect(screen.getByText(TRAVEL_RULE_MSG.declareNeededHeld)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Confirm wallet details' }));
    expect(await screen.findByText(TRAVEL_RULE_MSG.walletTypeRequired)).toBeTruthy();
    expect(seen).toHaveLength(0);

    await user.click(screen.getByRole('radio', { name: 'An account at an exchange' }));
    await user.type(screen.getByRole('textbox', { name: 'Exchange name' }), 'Binance');
    await user.click(screen.getByRole('button', { name: 'Confirm wallet details' }));
    expect(await screen.findByText(TRAVEL_RULE_MSG.providerAccountRequired)).toBeTruthy();
    expect(seen).toHaveLength(0);
    await user.type(screen.getByRole('textbox', { name: /Your account at the exchange/ }), 'ama@example.com');
    await user.click(screen.getByRole('button', { name: 'Confirm wallet details' }));
    await waitFor(() =>
      expect(seen).toEqual([
        {
          path: `/api/orders/${SELL.id}/travel-rule`,
          body: { walletType: 'provider', providerName: 'Binance', providerAccount: 'ama@example.com' },
        },
      ]),
    );
  });

  it('sends a self-hosted sell wallet with its address', async () => {
    const user = userEvent.setup();
    renderSection(travelRule());
    await user.click(screen.getByRole('radio', { name: 'My own wallet (self-hosted)' }));
    await user.type(screen.getByRole('textbox', { name: /Your wallet address/ }), ADDRESS);
    await user.click(screen.getByRole('button', { name: 'Confirm wallet details' }));
    await waitFor(() =>
      expect(seen).toEqual([{ path: `/api/orders/${SELL.id}/travel-rule`, body: { walletType: 'self_hosted', address: ADDRESS } }]),
    );
  });

  it('shows the message to sign, and a forged signature’s refusal on the field with the signature kept', async () => {
    const challenge = `CediCrypto order ${SELL.id}: I control the wallet ${ADDRESS}. Code 0a1b2c3d4e5f`;
    answers.push({
      status: 400,
      body: { error: { code: 'VALIDATION', message: TRAVEL_RULE_MSG.forged, fields: { signature: TRAVEL_RULE_MSG.forged } } },
    });
    const user = userEvent.setup();
    renderSection(
      travelRule({ status: 'proof_needed', walletType: 'self_hosted', address: ADDRESS, challenge, message: TRAVEL_RULE_MSG.proofNeeded }),
    );
    expect(screen.getByText(challenge)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy message' })).toBeTruthy();
    const field = screen.getByRole('textbox', { name: 'Signature' });
    await user.click(screen.getByRole('button', { name: 'Check signature' }));
    expect(await screen.findByText(TRAVEL_RULE_MSG.signatureRequired)).toBeTruthy();
    expect(seen).toHaveLength(0);

    await user.type(field, 'H1234forged');
    await user.click(screen.getByRole('button', { name: 'Check signature' }));
    expect(await screen.findByText(TRAVEL_RULE_MSG.forged)).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect((field as HTMLTextAreaElement).value).toBe('H1234forged');
    expect(seen).toEqual([{ path: `/api/orders/${SELL.id}/travel-rule/proof`, body: { signature: 'H1234forged' } }]);
  });
});
