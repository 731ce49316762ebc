import { EXPORT_PATHS } from '#shared/contracts/exports.js';
import { DownloadCsvButton } from '#web/components/download-csv-button.js';
import { exportQuery } from '#web/lib/download-file.js';
import type { TAuditFilter } from '#web/features/admin/audit/api/audit.js';

/** 'Export CSV': every entry the current filters select, newest first, all pages (docs/decisions/015). */
export function ExportAuditButton({ filter }: { filter: TAuditFilter }) {
  return (
    <DownloadCsvButton
      path={EXPORT_PATHS.audit}
      query={exportQuery(filter)}
      fallbackName="cedicrypto-audit-log.csv"
      description="Downloads every audit entry matching the current filters, all pages, as a CSV file."
    />
  );
}
