import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from '#web/lib/api.js';
import { answerFromLocalPeer } from '#test/helpers/local-api-peer.js';
import { MutationConfirmDialog } from './mutation-confirm-dialog';
import { ToastProvider } from './toast';

/*
 * The back-office delete, ban and reset confirmations: a failure shows once, in the dialog's
 * alert while it stays open, never also as a toast; success closes it with its toast. The server
 * is a local HTTP peer that answers as told.
 */

type TAnswer = { status: number; body: string };

describe('a confirmation that runs one mutation', () => {
  let answers: TAnswer[];
  let requests: string[];

  beforeEach(() => {
    answers = [];
    requests = [];
  });
  answerFromLocalPeer({
    page: '/admin',
    expectedErrors: /^DELETE http:\/\/127\.0\.0\.1:\d+\/api\/things\/\d+ \d{3} /,
    handle: (request, _body, response) => {
      requests.push(`${request.method} ${request.url}`);
      const answer = answers.shift() ?? { status: 204, body: '' };
      response.setHeader('content-type', 'application/json');
      response.writeHead(answer.status).end(answer.body);
    },
  });

  function DeleteThing({ onClose }: { onClose: () => void }) {
    const mutation = useMutation({ mutationFn: (id: number) => apiRequest(`/api/things/${id}`, { method: 'DELETE' }) });
    return (
      <MutationConfirmDialog
        mutation={mutation}
        variables={7}
        successMessage="Thing deleted."
        errorFallback="An error occurred."
        title="Delete Thing"
        description="Are you sure you want to delete this thing?"
        confirmLabel="Delete"
        variant="danger"
        onClose={onClose}
      />
    );
  }

  function renderDialog() {
    const onClose = vi.fn();
    const client = new QueryClient({ defaultOptions: { mutations: { retry: false }, queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <ToastProvider>
          <DeleteThing onClose={onClose} />
        </ToastProvider>
      </QueryClientProvider>,
    );
    return {
      onClose,
      dialog: screen.getByRole('dialog', { name: 'Delete Thing' }),
      toasts: screen.getByRole('region', { name: 'Notifications' }),
    };
  }

  it("shows the server's message once, in the dialog, which stays open; not as a toast", async () => {
    const user = userEvent.setup();
    answers = [{ status: 403, body: JSON.stringify({ error: { code: 'FORBIDDEN', message: 'You cannot delete your own account.' } }) }];
    const { dialog, toasts, onClose } = renderDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('You cannot delete your own account.');
    expect(screen.getAllByText('You cannot delete your own account.')).toHaveLength(1);
    expect(toasts.textContent).toBe('');
    expect(onClose).not.toHaveBeenCalled();
  });

  it("says the screen's fallback when the server gives no message of its own, again only in the dialog", async () => {
    const user = userEvent.setup();
    answers = [{ status: 502, body: '<html>Bad gateway</html>' }];
    const { dialog, toasts } = renderDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('An error occurred.');
    expect(toasts.textContent).toBe('');
  });

  it('a second try that succeeds clears the error and closes with the success toast', async () => {
    const user = userEvent.setup();
    answers = [{ status: 403, body: JSON.stringify({ error: { code: 'FORBIDDEN', message: 'Not now.' } }) }];
    const { dialog, toasts, onClose } = renderDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await within(dialog).findByRole('alert');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(within(toasts).getByText('Thing deleted.')).toBeTruthy();
    expect(within(toasts).queryByText('Not now.')).toBeNull();
    expect(requests).toEqual(['DELETE /api/things/7', 'DELETE /api/things/7']);
  });
});
