import { createServer, type Server } from 'node:http';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from '#web/lib/router.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import { ChatPage } from './chat-page';

/*
 * The Live Chat page says what its realtime connection is doing without chattering: the lost
 * connection in a live region that was there all along (so it is announced when it drops), nothing
 * there while connected, and the state itself in data-connection for scripts. A local HTTP and
 * WebSocket peer stands in for the server.
 */

const RECONNECTING = 'Reconnecting… new messages will appear when the connection is back.';

describe('the Live Chat connection state', () => {
  let server: Server;
  let sockets: WebSocketServer;
  let open: WebSocket[];

  beforeEach(async () => {
    open = [];
    server = createServer((request, response) => {
      response.setHeader('content-type', 'application/json');
      if (request.url === '/api/admin/chat/conversations') response.writeHead(200).end(JSON.stringify({ conversations: [] }));
      // The page reads who is signed in for its Mine filter (docs/decisions/034).
      else if (request.url === '/api/session') response.writeHead(200).end(JSON.stringify({ user: null }));
      else response.writeHead(404).end(JSON.stringify({ error: { code: 'NOT_FOUND', message: 'Not found.' } }));
    });
    sockets = new WebSocketServer({ server, path: '/api/admin/chat/socket' });
    sockets.on('connection', (socket) => open.push(socket));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('expected a TCP address');
    (window as unknown as { happyDOM: { setURL: (url: string) => void } }).happyDOM.setURL(`http://127.0.0.1:${address.port}/admin/chat`);
  });

  afterEach(async () => {
    for (const socket of sockets.clients) socket.terminate();
    await new Promise((resolve) => sockets.close(resolve));
    await new Promise((resolve) => server.close(resolve));
  });

  it('is open without a word, says once that it is reconnecting when the socket drops, and goes quiet when it is back', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { container } = render(
      <QueryClientProvider client={client}>
        {/* The list's filter is kept in the URL (docs/decisions/034). */}
        <MemoryRouter initialEntries={['/admin/chat']}>
          <ChatPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const page = container.querySelector('[data-connection]');
    if (!page) throw new Error('expected the page to carry data-connection');
    // The live region is there from the start, empty: connecting and connected are not announced.
    const empty = screen.getAllByRole('status').filter((element) => element.textContent === '');
    expect(empty).toHaveLength(1);
    const [status] = empty;
    if (!status) throw new Error('expected an empty status region');

    await waitFor(() => expect(page.getAttribute('data-connection')).toBe('open'));
    expect(open).toHaveLength(1);
    expect(status.textContent).toBe('');
    expect(await screen.findByText('No conversations yet.')).toBeTruthy();

    // The server goes away: the same region (not a new one) gets the notice.
    open[0]?.terminate();
    await waitFor(() => expect(page.getAttribute('data-connection')).toBe('reconnecting'));
    expect(status.textContent).toBe(RECONNECTING);
    expect(screen.getAllByText(RECONNECTING)).toHaveLength(1);

    // Back after the first backoff step (about a second): the notice goes, nothing else is said.
    await waitFor(() => expect(page.getAttribute('data-connection')).toBe('open'));
    expect(open).toHaveLength(2);
    expect(status.textContent).toBe('');
  });
});
