import { apiDownload } from './api';

/**
 * Files the API answers as downloads (the CSV exports, docs/decisions/015). They are fetched
 * rather than opened by a plain link, so that a refusal (a request limit, an ended session) is
 * shown on the page in words instead of being saved as the file.
 */

/** The file name of a Content-Disposition header ('attachment; filename="x.csv"'), or `fallback`. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  return /filename="([^"/\\]+)"/.exec(disposition ?? '')?.[1] ?? fallback;
}

/** A list's filter as an export's query: everything but the page, empty boxes left out. */
export function exportQuery(filter: Record<string, string | number | undefined>): URLSearchParams {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) {
    if (key === 'page' || key === 'pageSize' || value === '' || value === undefined) continue;
    query.set(key, String(value));
  }
  return query;
}

/**
 * POSTs to `path` with `query` (same origin, with the session cookie; exports are POST so that a
 * link on another site cannot start one, issue 26) and gives the answer to the
 * browser as a download under the server's file name. Resolves with that name; rejects with
 * ApiError: the server's error, or MSG.unexpected when the network failed. No time limit: a long
 * export is still on its way.
 */
export async function downloadFile(path: string, query: URLSearchParams, fallbackName: string): Promise<string> {
  const { blob, headers } = await apiDownload(path, {
    method: 'POST',
    query: Object.fromEntries(query),
    accept: 'text/csv',
    operation: 'Downloading the file',
    timeoutMs: null,
  });
  const name = fileNameOf(headers.get('content-disposition'), fallbackName);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser reads the file after the click; let it go once it surely has.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return name;
}
