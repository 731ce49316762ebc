import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { TComplianceCase } from '#shared/contracts/compliance.js';
import { GOAML_MSG, GOAML_SETTINGS_PATH, LARGE_CASH_REPORTS_PATH, type TLargeCashReport } from '#shared/contracts/goaml.js';
import { ToastProvider } from '#web/components/ui/toast.js';
import { MemoryRouter } from '#web/lib/router.js';
import { recordingJsonPeer } from '#test/helpers/local-api-peer.js';
import { CasesList } from './cases-list';
import { FicReports } from './fic-reports';

/*
 * goAML on the compliance desk (issue 34 point 3, docs/decisions/077): a case's goAML XML button,
 * the daily large cash reports with their files, and the goAML settings (read only but for the
 * super admin). The server is a local HTTP peer.
 */

const NOW = Date.now();
const CASE: TComplianceCase = {
  id: 5,
  userId: 'user-1',
  customerName: 'Kwame Mensah',
  customerEmail: 'kwame@example.com',
  status: 'open',
  openedAt: new Date(NOW - 30 * 60_000).toISOString(),
  dueAt: new Date(NOW + 23 * 3_600_000).toISOString(),
  filedAt: null,
  ficReference: null,
  noReportReason: null,
  overdue: false,
  alertIds: [7],
  legalHold: null,
};
const REPORTS: TLargeCashReport[] = [
  {
    day: '2026-11-28',
    thresholdGhs: '50000.00',
    orderCount: 2,
    totalGhs: '130000.00',
    hasXml: true,
    createdAt: new Date(NOW).toISOString(),
  },
  { day: '2026-11-27', thresholdGhs: '50000.00', orderCount: 0, totalGhs: '0.00', hasXml: false, createdAt: new Date(NOW).toISOString() },
];

let client: QueryClient;
function renderWithClient(children: ReactNode) {
  client = new QueryClient({ defaultOptions: { mutations: { retry: false }, queries: { retry: false } } });
  return render(
    <MemoryRouter>
      <QueryClientProvider client={client}>
        <ToastProvider>{children}</ToastProvider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}
const settled = () => waitFor(() => expect(client.isFetching()).toBe(0));

describe('goAML on the compliance desk', () => {
  const { seen, answers } = recordingJsonPeer({
    page: '/admin',
    expectedErrors: /^(Error: socket hang up|(GET|POST|PUT) http:\/\/127\.0\.0\.1:\d+\/api\/admin\/compliance\/\S+ \d{3} )/,
    fallback: (request) => {
      const url = request.url ?? '';
      if (url === '/api/admin/compliance/cases/overdue-count') return { status: 200, body: { count: 0 } };
      if (url.startsWith('/api/admin/compliance/cases?')) return { status: 200, body: { cases: [CASE], now: new Date(NOW).toISOString() } };
      if (url === LARGE_CASH_REPORTS_PATH) return { status: 200, body: { reports: REPORTS } };
      if (url === GOAML_SETTINGS_PATH && request.method === 'GET') {
        return { status: 200, body: { ficReportingEntityId: '', largeCashThresholdGhs: '50000.00' } };
      }
      if (url === GOAML_SETTINGS_PATH) return { status: 200, body: { ficReportingEntityId: '4711', largeCashThresholdGhs: '60000.00' } };
      return { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Not found.' } } };
    },
  });

  it('has a goAML XML button on each case, named with the case, and says why the server refused it', async () => {
    const user = userEvent.setup();
    renderWithClient(<CasesList />);
    const table = await screen.findByRole('table', { name: 'Suspicious-activity cases' });
    const button = await within(table).findByRole('button', { name: 'goAML XML for case #5' });
    await settled();
    answers.push({ status: 409, body: { error: { code: 'GOAML_NOT_CONFIGURED', message: GOAML_MSG.noEntityId } } });
    await user.click(button);
    expect(await within(table).findByRole('alert')).toHaveProperty('textContent', GOAML_MSG.noEntityId);
    expect(seen.at(-1)?.path).toBe('/api/admin/compliance/cases/5/goaml');
  });

  it('lists the daily large cash reports with their CSV, and the goAML XML where there is one', async () => {
    renderWithClient(<FicReports canEdit={false} />);
    const table = await screen.findByRole('table', { name: 'Large cash transaction reports' });
    expect(await within(table).findByRole('button', { name: 'CSV for 2026-11-28' })).toBeTruthy();
    expect(within(table).getByRole('button', { name: 'goAML XML for 2026-11-28' })).toBeTruthy();
    expect(within(table).getByRole('button', { name: 'CSV for 2026-11-27' })).toBeTruthy();
    expect(within(table).queryByRole('button', { name: 'goAML XML for 2026-11-27' })).toBeNull();
    // Compliance reads the goAML settings; only the super admin changes them.
    expect(await screen.findByText('Only the Super Admin can change these settings.')).toBeTruthy();
    expect((screen.getByLabelText('FIC reporting entity id') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText('Large cash report threshold (GHS)') as HTMLInputElement).value).toBe('50000.00');
    expect(screen.queryByRole('button', { name: 'Save goAML settings' })).toBeNull();
    await settled();
  });

  it('lets the super admin set the reporting entity id and the threshold, with the server’s rules on the fields', async () => {
    const user = userEvent.setup();
    renderWithClient(<FicReports canEdit />);
    const entity = await screen.findByLabelText('FIC reporting entity id');
    await settled();
    const before = seen.length;
    await user.type(entity, 'GH-1');
    await user.click(screen.getByRole('button', { name: 'Save goAML settings' }));
    expect(await screen.findByText(GOAML_MSG.entityIdFormat)).toBeTruthy();
    expect(seen.length).toBe(before);
    await user.clear(entity);
    await user.type(entity, '4711');
    const threshold = screen.getByLabelText('Large cash report threshold (GHS)');
    await user.clear(threshold);
    await user.type(threshold, '60000');
    await user.click(screen.getByRole('button', { name: 'Save goAML settings' }));
    expect(await screen.findByText('goAML settings saved.')).toBeTruthy();
    expect(seen.at(-1)).toEqual({ path: GOAML_SETTINGS_PATH, body: { ficReportingEntityId: '4711', largeCashThresholdGhs: '60000' } });
  });
});
