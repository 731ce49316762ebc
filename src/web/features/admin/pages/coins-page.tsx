import { PageHeading } from '#web/components/page-heading.js';
import { QueryErrorAlert } from '#web/components/ui/query-error-alert.js';
import { Table, TableBody, TableHead, TableHeaderCell, TableMessageRow, TableLoadingRow } from '#web/components/ui/table.js';
import { useAdminCoins } from '#web/features/admin/coins/api/coins.js';
import { CoinRow } from '#web/features/admin/coins/components/coin-row.js';

const COLUMN_COUNT = 5;

/** /admin/coins 'Currency Management': deposit wallet address and availability per coin (docs/product.md §2). */
export function CoinsPage() {
  const query = useAdminCoins();
  const coins = query.data ?? [];

  return (
    <section>
      <PageHeading title="Currency Management" description="The wallet address customers sell into, and whether each coin can be traded." />

      {query.isError && <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} className="mb-4" />}

      <Table caption="Currencies" hideCaption>
        <TableHead>
          <tr>
            <TableHeaderCell>Currency</TableHeaderCell>
            <TableHeaderCell>Network</TableHeaderCell>
            <TableHeaderCell>Wallet address</TableHeaderCell>
            <TableHeaderCell>Status</TableHeaderCell>
            <TableHeaderCell>
              <span className="sr-only">Actions</span>
            </TableHeaderCell>
          </tr>
        </TableHead>
        <TableBody>
          {query.isPending ? (
            <TableLoadingRow colSpan={COLUMN_COUNT}>Loading currencies…</TableLoadingRow>
          ) : coins.length === 0 ? (
            !query.isError && <TableMessageRow colSpan={COLUMN_COUNT}>No currencies found.</TableMessageRow>
          ) : (
            coins.map((coin) => <CoinRow key={coin.id} coin={coin} />)
          )}
        </TableBody>
      </Table>
    </section>
  );
}
