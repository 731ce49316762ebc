import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from '#web/lib/router.js';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_RULE_ACTIONS, MONITORING_SETTINGS, type TMonitoringValues } from '#shared/compliance-rules/index.js';
import { COMPLIANCE_MSG, type TAlertDetail, type TComplianceCase, type TComplianceSettings } from '#shared/contracts/compliance.js';
import { ToastProvider } from '#web/components/ui/toast.js';
import { recordingJsonPeer } from '#test/helpers/local-api-peer.js';
import { buildOrder } from '#test/helpers/order-fixtures.js';
import { alertFacts } from './alert-badges';
import { AlertDialog } from './alert-dialog';
import { CasesList } from './cases-list';
import { ComplianceSettingsForm } from './compliance-settings-form';

/*
 * The compliance desk (docs/decisions/017) as an officer uses it: an alert with the customer's
 * profile, orders, documents and notes; the cases with their 24-hour timer, export and filing;
 * the monitoring settings, read only but for the super admin. The server is a local HTTP peer.
 */

const NOW = Date.now();
const ALERT = {
  id: 7,
  rule: 'large_order',
  action: 'hold',
  status: 'open',
  details: { amountGhs: '60000.00', thresholdGhs: '50000.00' },
  orderId: 42,
  caseId: null,
  userId: 'user-1',
  customerName: 'Kwame Mensah',
  customerEmail: 'kwame@example.com',
  createdAt: new Date(NOW - 3_600_000).toISOString(),
  decidedAt: null,
  releasedAt: null,
} as const;
const DETAIL: TAlertDetail = {
  alert: ALERT,
  customer: {
    id: 'user-1',
    fullName: 'Kwame Mensah',
    username: 'kwame',
    email: 'kwame@example.com',
    phone: '+233241234567',
    tier: 2,
    kycStatus: 'verified',
    isBanned: false,
    closedAt: null,
    createdAt: new Date(NOW - 86_400_000).toISOString(),
  },
  orders: [buildOrder({ id: 42, amountGhs: '60000.00', status: 'payment_submitted' })],
  documents: [
    {
      id: 3,
      idType: 'national_id',
      level: 1,
      status: 'approved',
      files: ['ID front', 'Selfie with the card'],
      submittedAt: ALERT.createdAt,
      decidedAt: null,
    },
  ],
  otherAlerts: [],
  notes: [{ id: 1, body: 'Asked for a payslip.', authorName: 'Abena Compliance', alertId: 7, caseId: null, createdAt: ALERT.createdAt }],
  case: null,
  sharedNumber: null,
};
/**
 * One alert of each other rule, with the details the rules of src/server/modules/compliance/rules/ write
 * (keys in another order than the lines: Postgres jsonb keeps its own), and one whose values are
 * not what the rule writes plus keys no rule writes (a newer server's).
 */
function alertWith(id: number, rule: TAlertDetail['alert']['rule'], details: Record<string, unknown>): TAlertDetail {
  return { ...DETAIL, alert: { ...ALERT, id, rule, details } };
}
const RULE_ALERTS: Record<number, TAlertDetail> = {
  8: alertWith(8, 'daily_volume', { thresholdGhs: '100000.00', volumeGhs: '120500.50', day: '2026-11-25' }),
  9: alertWith(9, 'structuring', { windowHours: 24, thresholdGhs: '50000.00', bandFromGhs: '45000.00', orderIds: [12, 13, 14] }),
  10: {
    ...alertWith(10, 'shared_account', { maxCustomers: 2, customers: 3, number: '0241234567' }),
    // Read from the orders when the alert is opened (docs/decisions/034).
    sharedNumber: {
      number: '0241234567',
      accounts: [
        { userId: 'user-2', name: 'Esi Quaye', email: 'esi@example.com', orders: 2, lastUsedAt: '2026-11-25T10:00:00.000Z' },
        { userId: 'user-3', name: 'Yaw Darko', email: 'yaw@example.com', orders: 1, lastUsedAt: '2026-11-24T10:00:00.000Z' },
      ],
    },
  },
  11: alertWith(11, 'name_mismatch', { customerName: 'Kwame Mensah', recordedName: 'Ama Owusu' }),
  12: alertWith(12, 'large_order', {
    amountGhs: null,
    thresholdGhs: 50000,
    riskScore: 87,
    sourceOfFunds: { declared: 'salary' },
    relatedOrderIds: [1, null],
    reviewed_by_kyc: true,
    note: '',
  }),
};
/** Escalated holds (docs/decisions/017): one still holding, one released; and an escalated flag. */
const ESCALATED = { status: 'escalated', caseId: 5, decidedAt: ALERT.createdAt } as const;
const HOLD_ALERTS: Record<number, TAlertDetail> = {
  13: { ...DETAIL, alert: { ...ALERT, ...ESCALATED, id: 13 } },
  14: { ...DETAIL, alert: { ...ALERT, ...ESCALATED, id: 14, releasedAt: ALERT.createdAt } },
  15: { ...DETAIL, alert: { ...ALERT, ...ESCALATED, id: 15, action: 'flag' } },
};
const CASE: TComplianceCase = {
  id: 5,
  userId: 'user-1',
  customerName: 'Kwame Mensah',
  customerEmail: 'kwame@example.com',
  status: 'open',
  openedAt: new Date(NOW - 30 * 60_000).toISOString(),
  dueAt: new Date(NOW + (23 * 60 + 30) * 60_000 + 20_000).toISOString(),
  filedAt: null,
  ficReference: null,
  noReportReason: null,
  overdue: false,
  alertIds: [7],
  legalHold: null,
};
/** Every rule's settings at their defaults (a rule added later has its own; docs/decisions/041), the ones below as the server sends them. */
const RULE_DEFAULTS = Object.fromEntries(MONITORING_SETTINGS.map((setting) => [setting.key, setting.default])) as TMonitoringValues;
const SETTINGS: TComplianceSettings = {
  ...RULE_DEFAULTS,
  largeOrderGhs: '50000.00',
  dailyVolumeAlertGhs: '100000.00',
  structuringBandPercent: 10,
  structuringOrderCount: 3,
  sharedNumberMaxCustomers: 2,
  ruleActions: {
    ...DEFAULT_RULE_ACTIONS,
    large_order: 'hold',
    daily_volume: 'flag',
    structuring: 'hold',
    shared_account: 'hold',
    name_mismatch: 'flag',
    reused_image: 'flag',
    overdue_case: 'flag',
  },
  retentionYears: 5,
};

let client: QueryClient;
/** Every request answered (a change refreshes the cases and the overdue count together). */
const settled = () => waitFor(() => expect(client.isFetching()).toBe(0));

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

describe('the compliance desk', () => {
  const { seen } = recordingJsonPeer({
    page: '/admin',
    expectedErrors: /^(Error: socket hang up|(GET|POST|PUT) http:\/\/127\.0\.0\.1:\d+\/api\/admin\/compliance\/\S+ \d{3} )/,
    fallback: (request) => {
      const url = request.url ?? '';
      const alertId = Number(/^\/api\/admin\/compliance\/alerts\/(\d+)$/.exec(url)?.[1]);
      const other = RULE_ALERTS[alertId] ?? HOLD_ALERTS[alertId];
      if (other) return { status: 200, body: other };
      if (url === '/api/admin/compliance/alerts/13/release') {
        return { status: 200, body: { alert: { ...HOLD_ALERTS[13]!.alert, releasedAt: new Date().toISOString() } } };
      }
      if (url.startsWith('/api/admin/compliance/alerts/7/notes')) {
        return { status: 201, body: { note: { ...DETAIL.notes[0], id: 2, body: 'Called the customer.' } } };
      }
      if (url.startsWith('/api/admin/compliance/alerts/7')) return { status: 200, body: DETAIL };
      if (url.startsWith('/api/admin/compliance/cases/5/file')) {
        return { status: 200, body: { case: { ...CASE, status: 'filed', ficReference: 'FIC-1', filedAt: new Date().toISOString() } } };
      }
      if (url === '/api/admin/compliance/cases/overdue-count') return { status: 200, body: { count: 2 } };
      if (url === '/api/admin/compliance/cases/5/no-report') {
        return { status: 200, body: { case: { ...CASE, status: 'no_report', noReportReason: 'Payslips seen.' } } };
      }
      if (url === '/api/admin/compliance/customers/user-1/legal-hold') {
        return { status: 200, body: { legalHold: { since: new Date(NOW).toISOString(), reason: 'FIC request 114' } } };
      }
      if (url.startsWith('/api/admin/compliance/cases')) return { status: 200, body: { cases: [CASE], now: new Date(NOW).toISOString() } };
      if (url.startsWith('/api/admin/compliance/settings')) return { status: 200, body: SETTINGS };
      return { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Not found.' } } };
    },
  });

  it("shows an alert with the customer's profile, orders, documents and notes, and offers Clear and Escalate", async () => {
    const user = userEvent.setup();
    const onDecide = vi.fn();
    renderWithClient(<AlertDialog id={7} onClose={() => {}} onDecide={onDecide} />);
    const dialog = screen.getByRole('dialog', { name: 'Alert #7' });
    expect(await within(dialog).findByText('Tier 2')).toBeTruthy();
    expect(within(dialog).getByText('Holds order #42')).toBeTruthy();
    expect(within(dialog).getByText('+233241234567')).toBeTruthy();
    expect(within(dialog).getByText(/ID front, Selfie with the card/)).toBeTruthy();
    expect(within(dialog).getByText(/#42 · Buy BTC/)).toBeTruthy();
    expect(within(dialog).getByText('Asked for a payslip.')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Add note' }));
    expect(await within(dialog).findByText('Write the note.')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Add a note'), 'Called the customer.');
    await user.click(within(dialog).getByRole('button', { name: 'Add note' }));
    await waitFor(() => expect(seen.some((request) => request.path === '/api/admin/compliance/alerts/7/notes')).toBe(true));
    expect(seen.find((request) => request.path.endsWith('/notes'))?.body).toEqual({ body: 'Called the customer.' });

    await user.click(within(dialog).getByRole('button', { name: 'Escalate to case' }));
    await user.click(within(dialog).getByRole('button', { name: 'Clear alert' }));
    expect(onDecide.mock.calls).toEqual([['escalate'], ['clear']]);
  });

  it('releases an escalated hold with the note it requires, and offers no Clear or Escalate there', async () => {
    const user = userEvent.setup();
    renderWithClient(<AlertDialog id={13} onClose={() => {}} onDecide={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Alert #13' });
    const release = await within(dialog).findByRole('button', { name: 'Release hold' });
    expect(within(dialog).getByText('Holds order #42')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Clear alert' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Escalate to case' })).toBeNull();
    const note = within(dialog).getByLabelText('Why the hold is released');
    expect(document.getElementById(note.getAttribute('aria-describedby') ?? '')?.textContent).toMatch(/approved or cancelled/);

    const releases = () => seen.filter((request) => request.path.endsWith('/release'));
    await user.click(release);
    expect(await within(dialog).findByText(COMPLIANCE_MSG.noteRequired)).toBeTruthy();
    expect(releases()).toEqual([]);
    await user.type(note, 'Source of funds documented; the FIC report is filed.');
    await user.click(release);
    expect(await screen.findByText(COMPLIANCE_MSG.holdReleased)).toBeTruthy();
    expect(releases()).toEqual([
      { path: '/api/admin/compliance/alerts/13/release', body: { note: 'Source of funds documented; the FIC report is filed.' } },
    ]);
  });

  it.each([
    [7, 'an open alert (it is cleared instead)'],
    [14, 'a hold released already'],
    [15, 'an escalated flag (it holds nothing)'],
  ])('offers no Release hold on alert #%i, %s', async (id) => {
    renderWithClient(<AlertDialog id={id} onClose={() => {}} onDecide={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: `Alert #${id}` });
    expect(await within(dialog).findByText('Tier 2')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Release hold' })).toBeNull();
    if (id === 14) expect(within(dialog).getAllByText('Hold released').length).toBeGreaterThan(0);
  });

  /** The lines under "What the rule saw" in the dialog of alert `id`, as read. */
  async function factsOf(id: number): Promise<string[]> {
    renderWithClient(<AlertDialog id={id} onClose={() => {}} onDecide={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: `Alert #${id}` });
    const list = await within(dialog).findByRole('list', { name: 'What the rule saw' });
    return within(list)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
  }

  it('reads a large order in words, with the amounts in cedis', async () => {
    expect(await factsOf(7)).toEqual(['Order amount: GHS 60,000.00', 'Threshold: GHS 50,000.00 (at or above)']);
  });

  it("reads a day's volume in words, with the day as the admin shows dates", async () => {
    expect(await factsOf(8)).toEqual([
      'Day: 25 Nov 2026',
      'Customer’s volume that day: GHS 120,500.50',
      'Threshold: GHS 100,000.00 (above)',
    ]);
  });

  it('reads structuring in words, each order in the band linking to it in Order Management', async () => {
    expect(await factsOf(9)).toEqual([
      'Orders in the band: #12, #13, #14',
      'Band: from GHS 45,000.00 up to just under the threshold',
      'Large-order threshold: GHS 50,000.00',
      'Time window: 24 hours',
    ]);
    const list = screen.getByRole('list', { name: 'What the rule saw' });
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['#12', '/admin/orders?q=%2312'],
      ['#13', '/admin/orders?q=%2313'],
      ['#14', '/admin/orders?q=%2314'],
    ]);
    expect(within(list).getByRole('link', { name: 'Order #13' })).toBeTruthy();
  });

  it('reads a shared number in words', async () => {
    expect(await factsOf(10)).toEqual(['Payer/payout number: 0241234567', 'Used by 3 customers (allowed: 2)']);
  });

  it('lists the other accounts on a shared number, each linked to its profile (issue 27 point 7)', async () => {
    renderWithClient(<AlertDialog id={10} onClose={() => {}} onDecide={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Alert #10' });
    const list = await within(dialog).findByRole('list', { name: COMPLIANCE_MSG.sharedNumberAccounts('0241234567') });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Esi Quaye esi@example.com2 orders, last 25 Nov 2026'),
      expect.stringContaining('Yaw Darko yaw@example.com1 order, last 24 Nov 2026'),
    ]);
    expect(within(list).getByRole('link', { name: 'Yaw Darko' }).getAttribute('href')).toBe('/admin/users?profile=user-3');
  });

  it('reads a name mismatch as the two names compared', async () => {
    expect(await factsOf(11)).toEqual(['Name on the payment: Ama Owusu', 'Customer’s KYC name: Kwame Mensah']);
  });

  it('still shows a value it cannot read and keys no rule writes, as the key in words and the value as text', async () => {
    expect(await factsOf(12)).toEqual([
      'Order amount: —',
      'Threshold: 50000',
      'Risk score: 87',
      'Source of funds: {"declared":"salary"}',
      'Related order IDs: 1, —',
      'Reviewed by KYC: Yes',
      'Note: —',
    ]);
    // A rule this web app does not know yet, and details that are not an object at all.
    expect(alertFacts({ rule: 'velocity', details: { ordersPerHour: 9, limit_ghs: '1000.00' } }).map((fact) => fact.content)).toEqual([
      'Orders per hour: 9',
      'Limit GHS: 1000.00',
    ]);
    expect(alertFacts({ rule: 'large_order', details: null })).toEqual([]);
    expect(alertFacts({ rule: 'structuring', details: ['x'] })).toEqual([]);
  });

  it('shows each open case with the time left of its 24 hours, its export, and files it with the FIC reference', async () => {
    const user = userEvent.setup();
    renderWithClient(<CasesList />);
    const table = await screen.findByRole('table', { name: 'Suspicious-activity cases' });
    expect(await within(table).findByText('Due in 23 h 30 min')).toBeTruthy();
    expect(within(table).getByRole('button', { name: 'Export case #5' })).toBeTruthy();

    await user.click(within(table).getByRole('button', { name: 'Mark case #5 filed' }));
    const dialog = screen.getByRole('dialog', { name: 'Mark case #5 filed' });
    await user.click(within(dialog).getByRole('button', { name: 'Mark filed' }));
    expect(await within(dialog).findByText('Enter the FIC reference of the report.')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('FIC reference'), 'FIC-1');
    await user.click(within(dialog).getByRole('button', { name: 'Mark filed' }));
    expect(await screen.findByText('Case #5 marked filed.')).toBeTruthy();
    expect(seen.find((request) => request.path === '/api/admin/compliance/cases/5/file')?.body).toEqual({ ficReference: 'FIC-1' });
    await settled();
  });

  it('counts the overdue cases, and ends a case as "No report needed" only with a reason (issue 27 point 5)', async () => {
    const user = userEvent.setup();
    renderWithClient(<CasesList />);
    expect(await screen.findByText(COMPLIANCE_MSG.overdueCases(2))).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Suspicious-activity cases' });
    await user.click(await within(table).findByRole('button', { name: 'No report needed for case #5' }));
    const dialog = screen.getByRole('dialog', { name: 'No report needed for case #5' });
    await user.click(within(dialog).getByRole('button', { name: 'End case without a report' }));
    expect(await within(dialog).findByText(COMPLIANCE_MSG.noReportReasonRequired)).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Reason'), 'Payslips seen.');
    await user.click(within(dialog).getByRole('button', { name: 'End case without a report' }));
    expect(await screen.findByText('Case #5 ended: no report needed.')).toBeTruthy();
    expect(seen.find((request) => request.path === '/api/admin/compliance/cases/5/no-report')?.body).toEqual({ reason: 'Payslips seen.' });
    await settled();
  });

  it("places a case's customer on legal hold only with a reason, the customer's records kept past retention (docs/decisions/074)", async () => {
    const user = userEvent.setup();
    renderWithClient(<CasesList />);
    const table = await screen.findByRole('table', { name: 'Suspicious-activity cases' });
    expect(await within(table).findByText('Retention applies')).toBeTruthy();
    await user.click(within(table).getByRole('button', { name: 'Place Kwame Mensah on legal hold' }));
    const dialog = screen.getByRole('dialog', { name: 'Place Kwame Mensah on legal hold' });
    await user.click(within(dialog).getByRole('button', { name: 'Place on legal hold' }));
    expect(await within(dialog).findByText(COMPLIANCE_MSG.legalHoldReasonRequired)).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Reason'), 'FIC request 114');
    await user.click(within(dialog).getByRole('button', { name: 'Place on legal hold' }));
    expect(await screen.findByText('Kwame Mensah is on legal hold.')).toBeTruthy();
    expect(seen.find((request) => request.path === '/api/admin/compliance/customers/user-1/legal-hold')?.body).toEqual({
      reason: 'FIC request 114',
    });
    await settled();
  });

  it('shows the monitoring settings read only to compliance', () => {
    renderWithClient(<ComplianceSettingsForm settings={SETTINGS} canEdit={false} />);
    expect(screen.getByText('Only the Super Admin can change these settings.')).toBeTruthy();
    expect((screen.getByLabelText('Large order (GHS)') as HTMLInputElement).value).toBe('50000');
    expect((screen.getByLabelText('Large order (GHS)') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText('Large order') as HTMLSelectElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save monitoring settings' })).toBeNull();
  });

  it("lets the super admin change them, with the server's rules on the fields", async () => {
    const user = userEvent.setup();
    renderWithClient(<ComplianceSettingsForm settings={SETTINGS} canEdit />);
    const years = screen.getByLabelText('Records retention (years)');
    expect((screen.getByLabelText('Name on the payment differs') as HTMLSelectElement).value).toBe('flag');
    await user.clear(years);
    await user.type(years, '3');
    await user.click(screen.getByRole('button', { name: 'Save monitoring settings' }));
    expect(await screen.findByText('Enter a whole number of years from 5 to 30 (the law asks for at least 5).')).toBeTruthy();
    expect(seen).toEqual([]);

    await user.clear(years);
    await user.type(years, '7');
    await user.selectOptions(screen.getByLabelText('Daily volume'), 'hold');
    await user.click(screen.getByRole('button', { name: 'Save monitoring settings' }));
    expect(await screen.findByText('Monitoring settings saved.')).toBeTruthy();
    expect(seen[0]).toEqual({
      path: '/api/admin/compliance/settings',
      body: {
        ...RULE_DEFAULTS,
        largeOrderGhs: '50000',
        dailyVolumeAlertGhs: '100000',
        structuringBandPercent: 10,
        structuringOrderCount: 3,
        sharedNumberMaxCustomers: 2,
        retentionYears: 7,
        ruleActions: { ...SETTINGS.ruleActions, daily_volume: 'hold' },
      },
    });
  });
});
