import { MSG } from '#shared/messages.js';
import { ApiError, toApiError } from './api';

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
 * ApiError: the server's error, or MSG.unexpected when the network failed.
 */
export async function downloadFile(path: string, query: URLSearchParams, fallbackName: string): Promise<string> {
  const search = query.toString();
  let blob: Blob;
  let name: string;
  try {
    const response = await fetch(search ? `${path}?${search}` : path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'text/csv, application/json' },
    });
    if (!response.ok) throw toApiError(response.status, await response.json().catch(() => undefined));
    blob = await response.blob();
    name = fileNameOf(response.headers.get('content-disposition'), fallbackName);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError({ code: 'NETWORK', message: MSG.unexpected, status: 0 });
  }
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
