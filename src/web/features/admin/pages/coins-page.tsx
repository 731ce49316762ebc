import { PageHeading } from '../../../components/page-heading';
import { QueryErrorAlert } from '../../../components/ui/query-error-alert';
import { Table, TableBody, TableHead, TableHeaderCell, TableMessageRow, TableLoadingRow } from '../../../components/ui/table';
import { useAdminCoins } from '../coins/api/coins';
import { CoinRow } from '../coins/components/coin-row';

const COLUMN_COUNT = 5;

/** /admin/coins 'Currency Management': deposit wallet address and availability per coin (spec section 2). */
export function CoinsPage() {
  const query = useAdminCoins();
  const coins = query.data ?? [];

  return (
    <section>
      <PageHeading
        title="Currency Management"
        description="The wallet address customers sell into, and whether each coin can be traded."
      />

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
