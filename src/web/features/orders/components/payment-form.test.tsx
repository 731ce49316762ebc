import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { ORDER_MSG, PROOF_MAX_FILE_BYTES, type TOrder } from '#shared/contracts/orders.js';
import { ToastProvider } from '#web/components/ui/toast.js';
import { answerFromLocalPeer, sendJson, type TJsonAnswer } from '#test/helpers/local-api-peer.js';
import { buildOrder } from '#test/helpers/order-fixtures.js';
import { PaymentForm } from './payment-form';

/*
 * "I have paid" / "I have sent" (docs/decisions/014): what the browser checks before anything is
 * sent (the transaction id, a sell's hash for its network, the screenshot's type by its bytes and
 * its size), what it sends (multipart: paymentTxId, payerNumber, payerName, proof), and where the
 * server's field messages land. The server is a local HTTP peer that records what arrives; what the
 * real server decides is tested in lifecycle.test.ts and the e2e order flow.
 */

type TReceived = { contentType: string; fields: Record<string, string>; proof: { name: string; bytes: Uint8Array } | null };

const PNG_HEADER = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const ERC20_HASH = `0x${'1f'.repeat(32)}`;

const BUY = buildOrder();

const BANK_BUY = buildOrder({
  paymentMethod: 'GCB transfer',
  payTo: { type: 'bank', name: 'CediCrypto Ltd', bankName: 'GCB Bank', accountNumber: '1234567890' },
});

const SELL = buildOrder({
  type: 'sell',
  coinSymbol: 'usdt',
  payTo: null,
  network: 'ERC20',
  depositTo: { network: 'ERC20', address: '0x52908400098527886E0F7030069857D2E4169EE7', tag: null, perOrder: false },
  payout: { type: 'momo', provider: 'MTN MoMo', name: 'Akosua Asantewaa', number: '0241234567' },
  status: 'awaiting_deposit',
});

function pngFile(name: string, size: number): File {
  const bytes = new Uint8Array(size);
  bytes.set(PNG_HEADER);
  return new File([bytes], name, { type: 'image/png' });
}

describe('the "I have paid" form', () => {
  let received: TReceived[];
  let answers: TJsonAnswer[];

  beforeEach(() => {
    received = [];
    answers = [];
  });
  answerFromLocalPeer({
    page: '/',
    expectedErrors: /^POST http:\/\/127\.0\.0\.1:\d+\/api\/orders\/\d+\/payment \d{3} /,
    handle: (request, body, response) => {
      const contentType = String(request.headers['content-type']);
      // Node's own multipart reader, as a server would read the body.
      void new Response(body, { headers: { 'content-type': contentType } }).formData().then(async (form) => {
        const fields: Record<string, string> = {};
        let proof: TReceived['proof'] = null;
        for (const [name, value] of form.entries()) {
          if (typeof value === 'string') fields[name] = value;
          else proof = { name: value.name, bytes: new Uint8Array(await value.arrayBuffer()) };
        }
        received.push({ contentType, fields, proof });
        sendJson(response, answers.shift() ?? { status: 200, body: { order: { ...BUY, status: 'payment_submitted' } } });
      });
    },
  });

  function renderForm(order: TOrder) {
    const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <ToastProvider>
          <PaymentForm order={order} userId="user-1" />
        </ToastProvider>
      </QueryClientProvider>,
    );
  }

  async function settle() {
    await waitFor(() => expect(screen.queryByRole('button', { name: /Sending/ })).toBeNull());
  }

  it('asks for the MoMo TxID before anything is sent', async () => {
    const user = userEvent.setup();
    renderForm(BUY);
    expect(screen.getByLabelText('Payment screenshot (optional)')).toBeTruthy();
    expect(screen.getByLabelText('Number you paid from (optional)')).toBeTruthy();
    expect(screen.getByLabelText('Name on the paying account (optional)')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'I have paid' }));
    const txId = await screen.findByLabelText('MoMo TxID');
    await waitFor(() => expect(txId.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(ORDER_MSG.required)).toBeTruthy();
    expect(document.activeElement).toBe(txId);

    // A payer number that is not a Ghana mobile number is refused too.
    await user.type(txId, 'MP240101.1234');
    await user.type(screen.getByLabelText('Number you paid from (optional)'), '12345');
    await user.click(screen.getByRole('button', { name: 'I have paid' }));
    expect(await screen.findByText(ORDER_MSG.invalidMobile)).toBeTruthy();
    expect(received).toEqual([]);
  });

  it('refuses a screenshot that is not a JPEG or PNG by its bytes, or is over 5 MB, as soon as it is chosen', async () => {
    const user = userEvent.setup();
    renderForm(BUY);
    const proof = screen.getByLabelText('Payment screenshot (optional)');

    // A PDF renamed to .png, declared as a PNG.
    await user.upload(proof, new File(['%PDF-1.7 not an image'], 'receipt.png', { type: 'image/png' }));
    expect(await screen.findByText(ORDER_MSG.proofNotImage)).toBeTruthy();
    expect(proof.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('receipt.png')).toBeTruthy();

    await user.upload(proof, pngFile('big.png', PROOF_MAX_FILE_BYTES + 1));
    expect(await screen.findByText(ORDER_MSG.proofTooLarge)).toBeTruthy();
    expect(screen.queryByText(ORDER_MSG.proofNotImage)).toBeNull();

    await user.type(screen.getByLabelText('MoMo TxID'), 'MP240101.1234');
    await user.click(screen.getByRole('button', { name: 'I have paid' }));
    expect(await screen.findByText(ORDER_MSG.proofTooLarge)).toBeTruthy();
    expect(received).toEqual([]);

    // Exactly 5 MB is allowed; taking a file out clears its message.
    await user.upload(proof, pngFile('ok.png', PROOF_MAX_FILE_BYTES));
    await waitFor(() => expect(screen.queryByText(ORDER_MSG.proofTooLarge)).toBeNull());
    expect(screen.getByText('ok.png')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remove screenshot' }));
    expect(screen.queryByText('ok.png')).toBeNull();
    expect(proof.getAttribute('aria-invalid')).toBeNull();
  });

  it('sends the transaction id, the payer and the screenshot as multipart/form-data', async () => {
    const user = userEvent.setup();
    renderForm(BUY);
    await user.type(screen.getByLabelText('MoMo TxID'), '  MP240101.1234 ');
    await user.upload(screen.getByLabelText('Payment screenshot (optional)'), pngFile('paid.png', 2048));
    expect(await screen.findByText('paid.png')).toBeTruthy();
    expect(screen.getByText(/\(2 KB\)/)).toBeTruthy();
    await user.type(screen.getByLabelText('Number you paid from (optional)'), '024 765 4321');
    await user.type(screen.getByLabelText('Name on the paying account (optional)'), 'Akosua Asantewaa');
    await user.click(screen.getByRole('button', { name: 'I have paid' }));
    await waitFor(() => expect(received).toHaveLength(1));

    const [sent] = received;
    expect(sent?.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(sent?.fields).toEqual({ paymentTxId: 'MP240101.1234', payerNumber: '024 765 4321', payerName: 'Akosua Asantewaa' });
    expect(sent?.proof?.name).toBe('paid.png');
    expect(sent?.proof?.bytes.length).toBe(2048);
    expect([...(sent?.proof?.bytes.slice(0, 8) ?? [])]).toEqual(PNG_HEADER);
  });

  it("puts the server's messages on their fields: a used transaction id, a refused screenshot", async () => {
    const user = userEvent.setup();
    answers = [
      { status: 409, body: { error: { code: 'TX_ID_USED', message: ORDER_MSG.txIdUsed, fields: { paymentTxId: ORDER_MSG.txIdUsed } } } },
      {
        status: 400,
        body: { error: { code: 'VALIDATION', message: ORDER_MSG.proofNotImage, fields: { proof: ORDER_MSG.proofNotImage } } },
      },
    ];
    renderForm(BUY);
    const txId = screen.getByLabelText('MoMo TxID');
    await user.type(txId, 'MP240101.1234');
    await user.click(screen.getByRole('button', { name: 'I have paid' }));
    expect(await screen.findByText(ORDER_MSG.txIdUsed)).toBeTruthy();
    expect(txId.getAttribute('aria-invalid')).toBe('true');
    // Once, on the field: not again above the form.
    expect(screen.queryByRole('alert')).toBeNull();
    await settle();

    // A new id clears it; the server then refuses the screenshot, on its field.
    await user.clear(txId);
    await user.type(txId, 'MP240101.9999');
    expect(screen.queryByText(ORDER_MSG.txIdUsed)).toBeNull();
    await user.upload(screen.getByLabelText('Payment screenshot (optional)'), pngFile('paid.png', 1024));
    await user.click(screen.getByRole('button', { name: 'I have paid' }));
    expect(await screen.findByText(ORDER_MSG.proofNotImage)).toBeTruthy();
    expect(screen.getByLabelText('Payment screenshot (optional)').getAttribute('aria-invalid')).toBe('true');
    expect(received).toHaveLength(2);
  });

  it("labels a bank payment's id 'Bank reference' and asks no payer number", async () => {
    renderForm(BANK_BUY);
    expect(screen.getByLabelText('Bank reference')).toBeTruthy();
    expect(screen.queryByLabelText('MoMo TxID')).toBeNull();
    expect(screen.queryByLabelText('Number you paid from (optional)')).toBeNull();
  });

  it('"I have sent" takes the On-chain TxID in the format of the order\'s network, and no screenshot', async () => {
    const user = userEvent.setup();
    answers = [{ status: 200, body: { order: { ...SELL, status: 'deposit_submitted', paymentTxId: ERC20_HASH } } }];
    renderForm(SELL);
    expect(screen.queryByLabelText('Payment screenshot (optional)')).toBeNull();
    const hash = screen.getByLabelText('On-chain TxID');
    // A TRON hash (no 0x) is not an Ethereum one.
    await user.type(hash, '1f'.repeat(32));
    await user.click(screen.getByRole('button', { name: 'I have sent' }));
    expect(await screen.findByText(ORDER_MSG.txHashFormat('Ethereum (ERC20)'))).toBeTruthy();
    expect(received).toEqual([]);

    await user.clear(hash);
    await user.type(hash, ERC20_HASH);
    await user.click(screen.getByRole('button', { name: 'I have sent' }));
    await waitFor(() => expect(received).toHaveLength(1));
    expect(received[0]?.fields).toEqual({ paymentTxId: ERC20_HASH });
    expect(received[0]?.proof).toBeNull();
  });
});
