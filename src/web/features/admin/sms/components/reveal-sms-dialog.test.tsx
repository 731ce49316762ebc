import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SMS_MSG, type TSmsLogItem } from '#shared/contracts/sms.js';
import { recordingJsonPeer } from '#test/helpers/local-api-peer.js';
import { RevealSmsDialog } from './reveal-sms-dialog';

/*
 * The SMS log's reveal of a masked one-time code (docs/decisions/011): a reason of 10 to 500
 * characters first, sent to the server, which audits it; then the SMS as delivered, in the dialog.
 */

const MASKED: TSmsLogItem = {
  id: 77,
  to: '+233245550101',
  kind: 'phone_code',
  body: 'CediCrypto: your phone verification code is ••••••••. It expires in 10 minutes. Never share it: our staff will never ask for it.',
  maskedSecrets: 1,
  status: 'sent',
  provider: 'log',
  attempts: 1,
  lastError: null,
  createdAt: '2026-11-25T10:00:00.000Z',
  deliveredAt: '2026-11-25T10:00:01.000Z',
};
const REVEALED: TSmsLogItem = { ...MASKED, maskedSecrets: 0, body: MASKED.body.replace('••••••••', '042917') };
const REASON = 'The customer reads the code to support on the phone.';

describe('revealing the code of an SMS', () => {
  const { seen } = recordingJsonPeer({
    page: '/admin/sms',
    expectedErrors: /^POST http:\/\/127\.0\.0\.1:\d+\/api\/admin\/sms\/\d+\/reveal \d{3} /,
    fallback: () => ({ status: 200, body: REVEALED }),
  });

  it('asks for a reason, then shows the SMS as delivered', async () => {
    const user = userEvent.setup();
    const client = new QueryClient({ defaultOptions: { mutations: { retry: false }, queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <RevealSmsDialog sms={MASKED} onClose={() => {}} />
      </QueryClientProvider>,
    );
    const dialog = screen.getByRole('dialog', { name: 'SMS #77 to +233245550101' });
    expect(within(dialog).getByText(MASKED.body)).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Reason for revealing the code'), 'why');
    await user.click(within(dialog).getByRole('button', { name: 'Reveal' }));
    expect(await within(dialog).findByText(SMS_MSG.reasonLength)).toBeTruthy();
    expect(seen).toEqual([]);

    await user.clear(within(dialog).getByLabelText('Reason for revealing the code'));
    await user.type(within(dialog).getByLabelText('Reason for revealing the code'), REASON);
    await user.click(within(dialog).getByRole('button', { name: 'Reveal' }));
    const message = await within(dialog).findByLabelText('Message as delivered');
    expect(message.textContent).toContain('code is 042917.');
    expect(within(dialog).getByText(SMS_MSG.revealed)).toBeTruthy();
    expect(seen).toEqual([{ path: '/api/admin/sms/77/reveal', body: { reason: REASON } }]);
  });
});
