import { EXPORT_PATHS } from '#shared/contracts/exports.js';
import { DownloadCsvButton } from '#web/components/download-csv-button.js';
import { exportQuery } from '#web/lib/download-file.js';
import type { TUserListFilter } from '#web/features/admin/users/api/users.js';

/** 'Export CSV': every customer the current search, filters and sort select, all pages (docs/decisions/015). */
export function ExportUsersButton({ filter }: { filter: TUserListFilter }) {
  return (
    <DownloadCsvButton
      path={EXPORT_PATHS.users}
      query={exportQuery(filter)}
      fallbackName="cedicrypto-users.csv"
      description="Downloads every customer matching the current filters and sort, all pages, as a CSV file."
    />
  );
}
