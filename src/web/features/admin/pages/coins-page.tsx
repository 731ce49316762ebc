import { PageHeading } from '#web/components/page-heading.js';
import { DataTable, type TColumn } from '#web/components/ui/data-table.js';
import { useAdminCoins } from '#web/features/admin/coins/api/coins.js';
import { CoinRow } from '#web/features/admin/coins/components/coin-row.js';

const COIN_COLUMNS: TColumn<unknown>[] = [
  { header: 'Currency' },
  { header: 'Network' },
  { header: 'Wallet address' },
  { header: 'Status' },
  { header: 'Actions', isHeaderHidden: true },
];

/** /admin/coins 'Currency Management': deposit wallet address and availability per coin (docs/product.md §2). */
export function CoinsPage() {
  const query = useAdminCoins();
  const coins = query.data ?? [];

  return (
    <section>
      <PageHeading title="Currency Management" description="The wallet address customers sell into, and whether each coin can be traded." />

      <DataTable
        caption="Currencies"
        columns={COIN_COLUMNS}
        rows={coins}
        rowKey={(coin) => coin.id}
        query={query}
        loadingText="Loading currencies…"
        emptyText="No currencies found."
        // Each row edits its wallet address in place, with its own state.
        renderRow={(coin) => <CoinRow coin={coin} />}
      />
    </section>
  );
}
