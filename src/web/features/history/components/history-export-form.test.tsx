import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EXPORT_MSG } from '#shared/contracts/exports.js';
import { answerFromLocalPeer } from '#test/helpers/local-api-peer.js';
import { HistoryExportForm } from './history-export-form';

/*
 * The customer's 'Download CSV' (docs/decisions/015): the dates are judged by the export's own
 * contract before anything is asked (from on or before to), and the range goes as the query.
 */
describe('HistoryExportForm', () => {
  let requests: string[];
  let downloads: string[];
  const click = HTMLAnchorElement.prototype.click;

  beforeEach(() => {
    requests = [];
    downloads = [];
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    };
  });
  afterEach(() => {
    HTMLAnchorElement.prototype.click = click;
  });
  answerFromLocalPeer({
    page: '/history',
    expectedErrors: /^$/,
    handle: (request, _body, response) => {
      requests.push(request.url ?? '');
      response.setHeader('content-type', 'text/csv; charset=utf-8');
      response.setHeader('content-disposition', 'attachment; filename="cedicrypto-order-history-2026-11-24.csv"');
      response.writeHead(200).end('\uFEFForderId\r\n');
    },
  });

  function renderForm() {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
        <HistoryExportForm />
      </QueryClientProvider>,
    );
  }

  it('refuses a backwards range on the To field, asking nothing', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByLabelText('From'), '2026-03-02');
    await user.type(screen.getByLabelText('To'), '2026-03-01');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByText(EXPORT_MSG.rangeOrder)).toBeTruthy();
    expect(screen.getByLabelText('To').getAttribute('aria-invalid')).toBe('true');
    expect(requests).toEqual([]);
  });

  it('downloads the chosen days, or everything when the dates are empty', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    await user.type(screen.getByLabelText('From'), '2026-03-01');
    await user.type(screen.getByLabelText('To'), '2026-03-31');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(downloads).toHaveLength(2));
    expect(requests).toEqual(['/api/orders/export', '/api/orders/export?from=2026-03-01&to=2026-03-31']);
    expect(downloads).toEqual(['cedicrypto-order-history-2026-11-24.csv', 'cedicrypto-order-history-2026-11-24.csv']);
  });
});
