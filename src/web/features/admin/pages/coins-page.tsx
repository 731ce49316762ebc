import { PageHeading } from '../../../components/page-heading';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { Table, TableBody, TableHead, TableHeaderCell, TableMessageRow } from '../../../components/ui/table';
import { getErrorMessage } from '../../../lib/api';
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

      {query.isError && (
        <Alert variant="error" className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <span>{getErrorMessage(query.error)}</span>
          <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </Alert>
      )}

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
            <TableMessageRow colSpan={COLUMN_COUNT}>
              <span role="status" className="inline-flex items-center gap-2">
                <Spinner /> Loading currencies…
              </span>
            </TableMessageRow>
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
