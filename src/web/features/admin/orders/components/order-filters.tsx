import { Button } from '#web/components/ui/button.js';
import { Select, toOptions } from '#web/components/ui/select.js';
import { Input } from '#web/components/ui/input.js';
import { useDebouncedSearch } from '#web/lib/use-debounced-search.js';
import {
  ORDER_STATUS_FILTERS,
  SEARCH_DEBOUNCE_MS,
  type TAdminOrderFilter,
  type TOrderStatusFilter,
} from '#web/features/admin/orders/lib/order-filter.js';

const STATUS_LABELS: Record<TOrderStatusFilter, string> = {
  all: 'All',
  pending: 'Pending',
  awaiting: 'Awaiting customer',
  completed: 'Completed',
  cancelled: 'Cancelled',
  expired: 'Expired',
  refunded: 'Refunded',
};

type TFilterChange = Partial<Pick<TAdminOrderFilter, 'q' | 'status' | 'from' | 'to'>>;

type OrderFiltersProps = {
  filter: TAdminOrderFilter;
  /** A filter changed: the page goes back to 1. */
  onChange: (change: TFilterChange) => void;
  /** 'Clear Filters': everything back to the default, sort included. */
  onClear: () => void;
};

/**
 * Search (debounced 300 ms, so one request per pause rather than per key), status, and a whole-day
 * date range. The applied values live in the URL; only the text being typed is local.
 */
export function OrderFilters({ filter, onChange, onClear }: OrderFiltersProps) {
  const { text: draft, setText: setDraft, commitNow } = useDebouncedSearch(filter.q, (q) => onChange({ q }), SEARCH_DEBOUNCE_MS);

  return (
    <form
      role="search"
      aria-label="Filter orders"
      onSubmit={(event) => {
        event.preventDefault();
        commitNow();
      }}
      className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)_auto] lg:items-end"
    >
      <Input
        label="Search orders"
        name="q"
        type="search"
        placeholder="Search by customer, email, order ID, transaction ID or payer number"
        maxLength={200}
        autoComplete="off"
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        fieldClassName="min-w-0 sm:col-span-2 lg:col-span-1"
      />
      <Select
        label="Status"
        name="status"
        fieldClassName="min-w-0"
        value={filter.status}
        onChange={(event) => onChange({ status: event.target.value as TOrderStatusFilter })}
        options={toOptions(ORDER_STATUS_FILTERS, STATUS_LABELS)}
      />
      <Input
        label="Start date"
        name="from"
        type="date"
        value={filter.from}
        max={filter.to || undefined}
        onChange={(event) => onChange({ from: event.target.value })}
        fieldClassName="min-w-0"
      />
      <Input
        label="End date"
        name="to"
        type="date"
        value={filter.to}
        min={filter.from || undefined}
        onChange={(event) => onChange({ to: event.target.value })}
        fieldClassName="min-w-0"
      />
      <Button
        variant="outline"
        onClick={() => {
          setDraft('');
          onClear();
        }}
        className="sm:col-span-2 lg:col-span-1"
      >
        Clear Filters
      </Button>
    </form>
  );
}
