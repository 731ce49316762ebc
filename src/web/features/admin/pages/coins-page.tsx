import { PageHeading } from '#web/components/page-heading.js';
import { DataTable, type TColumn } from '#web/components/ui/data-table.js';
import { useAdminCoins } from '#web/features/admin/coins/api/coins.js';
import { CoinRow } from '#web/features/admin/coins/components/coin-row.js';

const COIN_COLUMNS: TColumn<unknown>[] = [
  { header: 'Currency' },
  { header: 'Deposit addresses' },
  { header: 'Status' },
  { header: 'Actions', isHeaderHidden: true },
];

/**
 * /admin/coins 'Currency Management': availability per coin and a deposit address per coin and
 * network (docs/product.md §2, docs/decisions/014: a coin or network without one cannot be sold on).
 */
export function CoinsPage() {
  const query = useAdminCoins();
  const coins = query.data ?? [];

  return (
    <section>
      <PageHeading
        title="Currency Management"
        description="The address customers send to when they sell, per network, and whether each coin can be traded. A network without an address cannot be sold on."
      />

      <DataTable
        caption="Currencies"
        columns={COIN_COLUMNS}
        rows={coins}
        rowKey={(coin) => coin.id}
        query={query}
        loadingText="Loading currencies…"
        emptyText="No currencies found."
        // Each row edits its deposit addresses in place, with its own state.
        renderRow={(coin) => <CoinRow coin={coin} />}
      />
    </section>
  );
}
