import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { KYC_MSG } from '#shared/contracts/kyc.js';
import { ToastProvider } from '#web/components/ui/toast.js';
import { recordingJsonPeer } from '#test/helpers/local-api-peer.js';
import { buildKycSubmission } from '#test/helpers/kyc-submission-fixture.js';
import { ConfirmKycDecisionDialog } from './confirm-kyc-decision-dialog';

/*
 * Approve and Reject under the product's question; Reject's required reason (the customer sees it)
 * is the API's own body. A failure shows once, in the dialog while it is open, never also as a
 * toast; a 409 (someone else decided first) closes it with the product's message. The server is
 * a local HTTP peer that records what it is sent and answers as told.
 */

const SUBMISSION = buildKycSubmission();

describe('the KYC decision confirmation', () => {
  const { seen, answers } = recordingJsonPeer({
    page: '/admin',
    expectedErrors: /^POST http:\/\/127\.0\.0\.1:\d+\/api\/admin\/kyc-submissions\/\d+\/(approve|reject) \d{3} /,
    fallback: (request) => {
      const status = request.url?.endsWith('/approve') ? 'approved' : 'rejected';
      return { status: 200, body: { submission: { ...SUBMISSION, status } } };
    },
  });

  function renderDialog(decision: 'approve' | 'reject') {
    const onDone = vi.fn();
    const client = new QueryClient({ defaultOptions: { mutations: { retry: false }, queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <ToastProvider>
          <ConfirmKycDecisionDialog id={SUBMISSION.id} decision={decision} onDone={onDone} />
        </ToastProvider>
      </QueryClientProvider>,
    );
    const dialog = screen.getByRole('dialog', { name: decision === 'approve' ? 'Approve submission' : 'Reject submission' });
    const question = document.getElementById(dialog.getAttribute('aria-describedby') ?? '')?.textContent;
    const toasts = screen.getByRole('region', { name: 'Notifications' });
    return { onDone, dialog, question, toasts };
  }

  it("asks the product's question, sends the trimmed reason the customer sees, and closes with the product's message", async () => {
    const user = userEvent.setup();
    const { dialog, question, onDone, toasts } = renderDialog('reject');
    expect(question).toBe('Are you sure you want to reject this submission?');
    expect(within(dialog).getByText('KYC Submission #42')).toBeTruthy();
    expect(within(dialog).getByText('The customer sees it on their verification page.')).toBeTruthy();

    await user.type(within(dialog).getByLabelText('Reason'), '  The photo of the card is blurred.  ');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(seen).toEqual([{ path: '/api/admin/kyc-submissions/42/reject', body: { reason: 'The photo of the card is blurred.' } }]);
    expect(await within(toasts).findByText('Submission rejected.')).toBeTruthy();
  });

  it('refuses to reject without a reason (issue 27 point 5): the product message on the field, nothing sent', async () => {
    const user = userEvent.setup();
    const { dialog, onDone } = renderDialog('reject');
    const reason = within(dialog).getByLabelText('Reason');
    await user.type(reason, '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText(KYC_MSG.rejectReasonRequired)).toBeTruthy();
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(seen).toEqual([]);
    expect(onDone).not.toHaveBeenCalled();
  });

  it("approves with the product's question and no field", async () => {
    const user = userEvent.setup();
    const { dialog, question, onDone, toasts } = renderDialog('approve');
    expect(question).toBe('Are you sure you want to approve this submission?');
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(seen.map((request) => request.path)).toEqual(['/api/admin/kyc-submissions/42/approve']);
    expect(await within(toasts).findByText('Submission approved. The customer is now verified.')).toBeTruthy();
  });

  it('says the customer is now at Tier 2 when the approved submission asked for Tier 2', async () => {
    const user = userEvent.setup();
    answers.push({ status: 200, body: { submission: { ...SUBMISSION, level: 2, status: 'approved', userTier: 2 } } });
    const { dialog, onDone, toasts } = renderDialog('approve');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(await within(toasts).findByText('Submission approved. The customer is now at Tier 2.')).toBeTruthy();
    expect(within(toasts).queryByText('Submission approved. The customer is now verified.')).toBeNull();
  });

  it('shows a failure once, in the dialog and not as a toast, and clears it on the next attempt', async () => {
    const user = userEvent.setup();
    answers.push({ status: 500, body: { error: { code: 'INTERNAL', message: 'The server is having a moment.' } } });
    const { dialog, onDone, toasts } = renderDialog('approve');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe('The server is having a moment.');
    expect(screen.getAllByText('The server is having a moment.')).toHaveLength(1);
    expect(toasts.textContent).toBe('');
    expect(onDone).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(within(toasts).queryByText('The server is having a moment.')).toBeNull();
  });

  it("puts the server's message about the reason on the reason, nowhere else", async () => {
    const user = userEvent.setup();
    answers.push({ status: 400, body: { error: { code: 'VALIDATION', message: 'Too long.', fields: { reason: 'Too long.' } } } });
    const { dialog, onDone, toasts } = renderDialog('reject');
    const reason = within(dialog).getByLabelText('Reason');
    await user.type(reason, 'Blurred.');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(reason.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByText('Too long.')).toHaveLength(1);
    expect(within(dialog).queryByRole('alert')?.textContent ?? '').not.toContain('Too long.');
    expect(toasts.textContent).toBe('');
    expect(onDone).not.toHaveBeenCalled();
  });

  it("closes with the product's message when another staff member decided first", async () => {
    const user = userEvent.setup();
    answers.push({ status: 409, body: { error: { code: 'KYC_ALREADY_DECIDED', message: 'Some other text.' } } });
    const { dialog, onDone, toasts } = renderDialog('reject');
    await user.type(within(dialog).getByLabelText('Reason'), 'Blurred.');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(await within(toasts).findByText(KYC_MSG.alreadyDecided)).toBeTruthy();
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });
});
