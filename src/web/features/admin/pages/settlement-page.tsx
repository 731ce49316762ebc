import { useState } from 'react';
import { useSearchParams } from '#web/lib/router.js';
import { businessDayOf, previousDay } from '#shared/business-day.js';
import { isCalendarDay } from '#shared/contracts/common.js';
import {
  TREASURY_ACCOUNT_KIND_LABELS,
  TREASURY_MSG,
  type TSettlementAccount,
  type TSettlementFigures,
  type TSettlementRevenue,
} from '#shared/contracts/treasury.js';
import { canAccess } from '#shared/permissions.js';
import { PageHeading } from '#web/components/page-heading.js';
import { Alert } from '#web/components/ui/alert.js';
import { Badge } from '#web/components/ui/badge.js';
import { Button } from '#web/components/ui/button.js';
import { DataTable, type TColumn } from '#web/components/ui/data-table.js';
import { Input } from '#web/components/ui/input.js';
import { MutationConfirmDialog } from '#web/components/ui/mutation-confirm-dialog.js';
import { formatDateTime } from '#web/lib/format-date.js';
import { useSession } from '#web/lib/session.js';
import { useSettlement, useSignOffSettlement } from '#web/features/admin/treasury/api/treasury.js';
import { formatLedgerAmount } from '#web/features/admin/treasury/lib/amounts.js';

function StatementCell({ row }: { row: TSettlementAccount }) {
  if (!row.statement) return <span className="text-slate-600">{TREASURY_MSG.noStatement}</span>;
  const { statement } = row;
  const matches = Number(statement.difference) === 0;
  return (
    <>
      {matches ? (
        <Badge variant="success">Matches</Badge>
      ) : (
        <Badge variant="danger">Differs by {formatLedgerAmount(statement.difference, row.asset)}</Badge>
      )}
      <span className="mt-1 block text-sm text-slate-600">
        Statement {formatLedgerAmount(statement.balance, row.asset)} at {formatDateTime(statement.at)}; ledger{' '}
        {formatLedgerAmount(statement.ledgerBalance, row.asset)}
      </span>
    </>
  );
}

const amount = (pick: (row: TSettlementAccount) => string) => (row: TSettlementAccount) => formatLedgerAmount(pick(row), row.asset);

const accountColumns: TColumn<TSettlementAccount>[] = [
  {
    header: 'Account',
    className: 'font-medium align-top',
    cell: (row) => (
      <>
        {row.name}
        <span className="block text-sm font-normal text-slate-600">{TREASURY_ACCOUNT_KIND_LABELS[row.kind]}</span>
        {!row.balances && (
          <Badge variant="danger" className="mt-1">
            {TREASURY_MSG.notBalanced}
          </Badge>
        )}
      </>
    ),
  },
  { header: 'Opening', className: 'text-right tabular-nums align-top', cell: amount((row) => row.opening) },
  { header: 'In', className: 'text-right tabular-nums align-top', cell: amount((row) => row.in) },
  { header: 'Out', className: 'text-right tabular-nums align-top', cell: amount((row) => row.out) },
  { header: 'Fees', className: 'text-right tabular-nums align-top', cell: amount((row) => row.fees) },
  { header: 'Closing', className: 'text-right font-semibold tabular-nums align-top', cell: amount((row) => row.closing) },
  { header: 'Statement', className: 'align-top', cell: (row) => <StatementCell row={row} /> },
];

const SIDE_LABELS = { buy: 'Buy', sell: 'Sell' } as const;

const revenueColumns: TColumn<TSettlementRevenue>[] = [
  { header: 'Coin', className: 'font-medium', cell: (row) => row.coin ?? 'No order' },
  { header: 'Side', cell: (row) => (row.side ? SIDE_LABELS[row.side] : '—') },
  { header: 'Fee', className: 'text-right tabular-nums', cell: (row) => formatLedgerAmount(row.fee, row.asset) },
  { header: 'Spread', className: 'text-right tabular-nums', cell: (row) => formatLedgerAmount(row.spread, row.asset) },
  { header: 'Total', className: 'text-right font-semibold tabular-nums', cell: (row) => formatLedgerAmount(row.total, row.asset) },
];

/**
 * /admin/settlement (issue 28 point 6, docs/decisions/040): a day (Ghana time) per business
 * account, opening + in - out - fees = closing, against the last imported statement; the fee and
 * spread revenue of its orders per coin and side; and the sign-off, once, after which the page
 * shows the signed figures. The day is in the address (?day=), so a report can be linked.
 */
export function SettlementPage() {
  const [params, setParams] = useSearchParams();
  const today = businessDayOf(new Date());
  const yesterday = previousDay(today);
  const requested = params.get('day') ?? yesterday;
  /** What the field holds while it is not a whole date yet; otherwise the field shows the address's day. */
  const [draft, setDraft] = useState<string | null>(null);
  const day = isCalendarDay(requested) ? requested : yesterday;
  const query = useSettlement(day);
  const signOff = useSignOffSettlement();
  const { user } = useSession();
  const canSignOff = canAccess(user?.role, 'settlementSignOff');
  const [isConfirming, setIsConfirming] = useState(false);
  const report = query.data;

  const chooseDay = (value: string) => {
    if (!isCalendarDay(value)) return setDraft(value);
    setDraft(null);
    setParams({ day: value }, { replace: true });
  };

  return (
    <section className="min-w-0 space-y-6">
      <PageHeading
        title="Settlement"
        description="A day's movements per business account (Ghana time), the revenue of its orders, and the sign-off."
        actions={report?.status === 'ready' && canSignOff ? <Button onClick={() => setIsConfirming(true)}>Sign off</Button> : undefined}
      />
      <div className="max-w-xs">
        <Input label="Day" name="day" type="date" value={draft ?? day} max={today} onChange={(event) => chooseDay(event.target.value)} />
      </div>

      {report?.status === 'signed' && report.signOff && (
        <Alert variant="success">
          Signed off by {report.signOff.byName} at {formatDateTime(report.signOff.at)}.
        </Alert>
      )}
      {report?.status === 'signed' && report.figures.chainHeads && <ChainHeads heads={report.figures.chainHeads} />}
      {report?.changedSinceSignOff && <Alert variant="warning">{TREASURY_MSG.changedSinceSignOff}</Alert>}
      {report?.status === 'open' && <Alert variant="info">{TREASURY_MSG.dayNotOver}</Alert>}

      <div>
        <h2 className="mb-3 text-lg font-semibold text-slate-900">Accounts on {day}</h2>
        <DataTable
          caption={`Business accounts on ${day}: opening, in, out, fees and closing`}
          columns={accountColumns}
          rows={report?.figures.accounts ?? []}
          rowKey={(row) => row.code}
          query={query}
          loadingText="Loading the settlement…"
          emptyText="No business account has entries up to this day."
          wrap
        />
      </div>

      <div>
        <h2 className="mb-3 text-lg font-semibold text-slate-900">Revenue on {day}</h2>
        <DataTable
          caption={`Fee and spread revenue on ${day}, per coin and side`}
          columns={revenueColumns}
          rows={report?.figures.revenue ?? []}
          rowKey={(row) => `${row.coin ?? ''}:${row.side ?? ''}:${row.asset}`}
          query={query}
          loadingText="Loading the revenue…"
          emptyText="No fee or spread was earned on this day."
        />
      </div>

      {isConfirming && (
        <MutationConfirmDialog
          title={`Sign off ${day}`}
          description={TREASURY_MSG.signOffQuestion(day)}
          confirmLabel="Sign off"
          mutation={signOff}
          variables={day}
          successMessage={TREASURY_MSG.signedOff}
          onClose={() => setIsConfirming(false)}
        />
      )}
    </section>
  );
}

/**
 * The ledger's and the audit log's chain heads frozen at sign-off (docs/decisions/073): printed with
 * the day, they let anyone check later (npm run audit:verify and the ledger's verify) that no entry
 * or audit row up to then was changed.
 */
function ChainHeads({ heads }: { heads: NonNullable<TSettlementFigures['chainHeads']> }) {
  const rows = [
    { label: 'Ledger', what: 'entry', head: heads.ledger },
    { label: 'Audit log', what: 'row', head: heads.audit },
  ];
  return (
    <div>
      <h2 className="mb-3 text-lg font-semibold text-slate-900">Chain heads at sign-off</h2>
      <dl className="grid gap-2 text-sm sm:grid-cols-[8rem_1fr]">
        {rows.map(({ label, what, head }) => (
          <div key={label} className="contents">
            <dt className="font-medium text-slate-700">{label}</dt>
            <dd className="min-w-0 text-slate-900">
              {what} {head.seq}, hash <code className="break-all font-mono text-xs">{head.hash}</code>
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
