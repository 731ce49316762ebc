import { useCallback, useState } from 'react';
import { PageHeading } from '#web/components/page-heading.js';
import { DataTable, type TColumn } from '#web/components/ui/data-table.js';
import { useAdminCoins } from '#web/features/admin/coins/api/coins.js';
import { CoinRow, type TCoinRowState } from '#web/features/admin/coins/components/coin-row.js';
import { UnsavedChangesGuard } from '#web/features/admin/coins/components/unsaved-changes-guard.js';
import { usePendingChanges } from '#web/features/admin/destination-changes/api/destination-changes.js';
import { describeDestination } from '#web/features/admin/destination-changes/lib/describe-change.js';

const COIN_COLUMNS: TColumn<unknown>[] = [
  { header: 'Currency' },
  { header: 'Deposit addresses' },
  { header: 'Status' },
  { header: 'Actions', isHeaderHidden: true },
];

/** The coins whose row has edits not saved yet (a row that is saving has handed its edits over). */
function useChangedRows() {
  const [changed, setChanged] = useState<ReadonlySet<number>>(new Set());
  const onStateChange = useCallback((coinId: number, state: TCoinRowState) => {
    setChanged((current) => {
      if (current.has(coinId) === (state === 'changed')) return current;
      const next = new Set(current);
      if (state === 'changed') next.add(coinId);
      else next.delete(coinId);
      return next;
    });
  }, []);
  return { hasUnsaved: changed.size > 0, onStateChange };
}

/**
 * /admin/coins 'Currency Management': availability per coin and a deposit address per coin and
 * network (docs/product.md §2, docs/decisions/014: a coin or network without one cannot be sold on).
 * Leaving with unsaved edits asks first (UnsavedChangesGuard).
 */
export function CoinsPage() {
  const query = useAdminCoins();
  const coins = query.data ?? [];
  const pendingChange = usePendingChanges('deposit_address');
  const pendingText = (coinId: number) => {
    const change = pendingChange(coinId);
    return change ? describeDestination(change.kind, change.after).join('; ') : undefined;
  };
  const { hasUnsaved, onStateChange } = useChangedRows();

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
        renderRow={(coin) => <CoinRow coin={coin} onStateChange={onStateChange} pendingText={pendingText(coin.id)} />}
        wrap
      />
      <UnsavedChangesGuard when={hasUnsaved} />
    </section>
  );
}
