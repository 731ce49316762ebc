import { EXPORT_PATHS } from '#shared/contracts/exports.js';
import { DownloadCsvButton } from '#web/components/download-csv-button.js';
import { exportQuery } from '#web/lib/download-file.js';
import type { TAdminOrderFilter } from '#web/features/admin/orders/lib/order-filter.js';

/** 'Export CSV': every order the current search, status, dates and sort select, all pages (docs/decisions/015). */
export function ExportOrdersButton({ filter }: { filter: TAdminOrderFilter }) {
  return (
    <DownloadCsvButton
      path={EXPORT_PATHS.adminOrders}
      query={exportQuery(filter)}
      fallbackName="cedicrypto-orders.csv"
      description="Downloads every order matching the current filters and sort, all pages, as a CSV file."
    />
  );
}
