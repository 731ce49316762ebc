import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EXPORT_MSG } from '#shared/contracts/exports.js';
import { answerFromLocalPeer } from '#test/helpers/local-api-peer.js';
import { exportQuery, fileNameOf } from '#web/lib/download-file.js';
import { DownloadCsvButton } from './download-csv-button';

/*
 * 'Export CSV' (docs/decisions/015): the list's filter goes as the query (no page), the answer is
 * handed to the browser as a download under the server's file name, and a refusal is shown in
 * words (role="alert"), never saved as the file. The server is a local HTTP peer.
 */

type TAnswer = { status: number; type: string; body: string; disposition?: string };

describe('DownloadCsvButton', () => {
  let answers: TAnswer[];
  let requests: string[];
  let downloads: { name: string; href: string }[];
  const click = HTMLAnchorElement.prototype.click;

  beforeEach(() => {
    answers = [];
    requests = [];
    downloads = [];
    // What the browser would save: the link the button clicks (happy-dom has no downloads).
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      downloads.push({ name: this.download, href: this.href });
    };
  });
  afterEach(() => {
    HTMLAnchorElement.prototype.click = click;
  });
  answerFromLocalPeer({
    page: '/admin/orders',
    expectedErrors: /^POST http:\/\/127\.0\.0\.1:\d+\/api\/admin\/orders\/export\S* \d{3} /,
    handle: (request, _body, response) => {
      requests.push(request.url ?? '');
      const answer = answers.shift() ?? { status: 500, type: 'application/json', body: '{}' };
      response.setHeader('content-type', answer.type);
      if (answer.disposition) response.setHeader('content-disposition', answer.disposition);
      response.writeHead(answer.status).end(answer.body);
    },
  });

  function renderButton(query: URLSearchParams) {
    const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <DownloadCsvButton path="/api/admin/orders/export" query={query} fallbackName="cedicrypto-orders.csv" description="Every order." />
      </QueryClientProvider>,
    );
    return screen.getByRole('button', { name: 'Export CSV' });
  }

  it('asks for the filter without the page and saves the file under the name the server gives', async () => {
    const user = userEvent.setup();
    answers = [
      {
        status: 200,
        type: 'text/csv; charset=utf-8',
        body: '\uFEFForderId\r\n1\r\n',
        disposition: 'attachment; filename="cedicrypto-orders-2026-11-24.csv"',
      },
    ];
    const button = renderButton(exportQuery({ q: 'Ama', status: 'pending', from: '', to: '', sort: 'createdAt', dir: 'desc', page: 3 }));
    expect(button.getAttribute('aria-describedby')).toBeTruthy();
    await user.click(button);
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(requests).toEqual(['/api/admin/orders/export?q=Ama&status=pending&sort=createdAt&dir=desc']);
    expect(downloads[0]?.name).toBe('cedicrypto-orders-2026-11-24.csv');
    expect(downloads[0]?.href).toMatch(/^blob:/);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows a refusal in the server's words, and nothing is saved", async () => {
    const user = userEvent.setup();
    const message = 'Too many attempts. Please wait 7 minutes and try again.';
    answers = [{ status: 429, type: 'application/json', body: JSON.stringify({ error: { code: 'RATE_LIMITED', message } }) }];
    await user.click(renderButton(new URLSearchParams()));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(downloads).toEqual([]);
    // The message describes the button too, so it is heard with it.
    expect(screen.getByRole('button', { name: 'Export CSV' }).getAttribute('aria-describedby')).toContain(screen.getByRole('alert').id);
  });

  it('says the export failed when the answer is not the error shape', async () => {
    const user = userEvent.setup();
    answers = [{ status: 502, type: 'text/html', body: '<h1>Bad gateway</h1>' }];
    await user.click(renderButton(new URLSearchParams()));
    expect((await screen.findByRole('alert')).textContent).toBe(EXPORT_MSG.failed);
  });
});

describe('download helpers', () => {
  it('reads the file name of a Content-Disposition header, never a path', () => {
    expect(fileNameOf('attachment; filename="cedicrypto-users-2026-01-02.csv"', 'x.csv')).toBe('cedicrypto-users-2026-01-02.csv');
    expect(fileNameOf(null, 'x.csv')).toBe('x.csv');
    expect(fileNameOf('attachment; filename="../../etc/passwd"', 'x.csv')).toBe('x.csv');
  });
});
