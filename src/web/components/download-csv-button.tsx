import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { EXPORT_MSG } from '#shared/contracts/exports.js';
import { getErrorMessage } from '#web/lib/api.js';
import { downloadFile } from '#web/lib/download-file.js';
import { Button, type ButtonVariant } from './ui/button';

/**
 * A button that downloads a CSV export (docs/decisions/015) for `query`, showing 'Exporting…'
 * while the file comes and, when it fails, why, in words, announced at once (role="alert").
 */
export function DownloadCsvButton({
  path,
  query,
  fallbackName,
  label = 'Export CSV',
  description,
  variant = 'outline',
}: {
  path: string;
  query: URLSearchParams;
  /** The file name if the answer names none. */
  fallbackName: string;
  label?: string;
  /** What the file holds, for assistive technology ('The orders matching the filters, every page'). */
  description?: string;
  variant?: ButtonVariant;
}) {
  const descriptionId = useId();
  const errorId = useId();
  const download = useMutation({ mutationFn: () => downloadFile(path, query, fallbackName) });
  const describedBy = [description ? descriptionId : '', download.isError ? errorId : ''].filter(Boolean).join(' ');

  return (
    <div className="flex flex-col items-start gap-1">
      <Button
        variant={variant}
        isLoading={download.isPending}
        loadingText="Exporting…"
        aria-describedby={describedBy || undefined}
        onClick={() => download.mutate()}
      >
        {label}
      </Button>
      {description && (
        <span id={descriptionId} className="sr-only">
          {description}
        </span>
      )}
      {download.isError && (
        <p id={errorId} role="alert" className="max-w-xs text-sm text-red-700">
          {getErrorMessage(download.error, EXPORT_MSG.failed)}
        </p>
      )}
    </div>
  );
}
