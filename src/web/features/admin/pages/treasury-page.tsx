import { TREASURY_ACCOUNT_KIND_LABELS, TREASURY_MSG, type TTreasury, type TTreasuryCoverage } from '#shared/contracts/treasury.js';
import { PageHeading } from '#web/components/page-heading.js';
import { Alert } from '#web/components/ui/alert.js';
import { Badge } from '#web/components/ui/badge.js';
import { DataTable, type TColumn } from '#web/components/ui/data-table.js';
import { formatDateTime } from '#web/lib/format-date.js';
import { useTreasury } from '#web/features/admin/treasury/api/treasury.js';
import { coverageLabel, formatLedgerAmount } from '#web/features/admin/treasury/lib/amounts.js';

type TAccountRow = TTreasury['accounts'][number];
type TOwedRow = TTreasury['owed'][number];

const accountColumns: TColumn<TAccountRow>[] = [
  {
    header: 'Account',
    className: 'font-medium',
    cell: (row) => (
      <>
        {row.name}
        <span className="block text-sm font-normal break-all text-slate-600">{row.code}</span>
      </>
    ),
  },
  { header: 'Type', cell: (row) => TREASURY_ACCOUNT_KIND_LABELS[row.kind] },
  { header: 'Balance', className: 'text-right tabular-nums', cell: (row) => formatLedgerAmount(row.balance, row.asset) },
];

const owedColumns: TColumn<TOwedRow>[] = [
  { header: 'Asset', className: 'font-medium', cell: (row) => row.asset },
  { header: 'Owed to customers', className: 'text-right tabular-nums', cell: (row) => formatLedgerAmount(row.amount, row.asset) },
  { header: 'Customers', className: 'text-right tabular-nums', cell: (row) => row.customers },
];

const coverageColumns: TColumn<TTreasuryCoverage>[] = [
  { header: 'Pays out from', className: 'font-medium', cell: (row) => coverageLabel(row) },
  { header: 'Waiting orders', className: 'text-right tabular-nums', cell: (row) => row.orders },
  { header: 'Needed', className: 'text-right tabular-nums', cell: (row) => formatLedgerAmount(row.needed, row.asset) },
  { header: 'Holds', className: 'text-right tabular-nums', cell: (row) => formatLedgerAmount(row.balance, row.asset) },
  {
    header: 'Status',
    cell: (row) => (row.isShort ? <Badge variant="danger">Short</Badge> : <Badge variant="success">Covered</Badge>),
  },
];

/**
 * /admin/treasury (issue 28 point 6, docs/decisions/040): what every business account holds now
 * (from the ledger), what customers are owed, and a warning when a wallet cannot cover the orders
 * waiting on it.
 */
export function TreasuryPage() {
  const query = useTreasury();
  const data = query.data;
  const short = data?.coverage.filter((row) => row.isShort) ?? [];

  return (
    <section className="min-w-0 space-y-6">
      <PageHeading
        title="Treasury"
        description={
          data
            ? `What the business holds and owes, from the ledger, as of ${formatDateTime(data.asOf)}.`
            : 'What the business holds and owes, from the ledger.'
        }
      />
      {short.length > 0 && (
        <div className="space-y-2">
          {short.map((row) => (
            <Alert key={`${row.asset}:${row.network ?? ''}`} variant="warning">
              {TREASURY_MSG.walletShort(
                coverageLabel(row),
                formatLedgerAmount(row.needed, row.asset),
                formatLedgerAmount(row.balance, row.asset),
              )}
            </Alert>
          ))}
        </div>
      )}

      <div>
        <h2 className="mb-3 text-lg font-semibold text-slate-900">Business accounts</h2>
        <DataTable
          caption="Business accounts and their balances now"
          columns={accountColumns}
          rows={data?.accounts ?? []}
          rowKey={(row) => row.code}
          query={query}
          loadingText="Loading balances…"
          emptyText="No business account has entries in the ledger yet."
        />
      </div>

      <div>
        <h2 className="mb-3 text-lg font-semibold text-slate-900">Owed to customers</h2>
        <DataTable
          caption="What the business owes its customers, per asset"
          columns={owedColumns}
          rows={data?.owed ?? []}
          rowKey={(row) => row.asset}
          query={query}
          loadingText="Loading what is owed…"
          emptyText="Nothing is owed to customers."
        />
      </div>

      <div>
        <h2 className="mb-3 text-lg font-semibold text-slate-900">Orders waiting on a payout</h2>
        <DataTable
          caption="Whether each wallet covers the orders waiting on it"
          columns={coverageColumns}
          rows={data?.coverage ?? []}
          rowKey={(row) => `${row.asset}:${row.network ?? ''}`}
          query={query}
          loadingText="Loading waiting orders…"
          emptyText="No paid order is waiting on a payout."
        />
      </div>
    </section>
  );
}
