import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { TProfile } from '#shared/contracts/account.js';
import { KYC_MSG, ZMyKyc, type TKycFields, type TKycLevel2Fields } from '#shared/contracts/kyc.js';
import { ApiError, apiRequest } from '#web/lib/api.js';
import { SESSION_QUERY_KEY, setSessionUser } from '#web/lib/session.js';
import { LIMIT_QUERY_KEY } from '#web/lib/trading-limit.js';
import { MY_KYC_QUERY_KEY } from './get-my-kyc';

const ZSubmitKycResponse = z.object({ submission: ZMyKyc.shape.submission.unwrap() });
export type TSubmitKycResponse = z.infer<typeof ZSubmitKycResponse>;

/**
 * A submission: Tier 1 (level 1) the ID's fields with the front, back and selfie images; Tier 2
 * (level 2) the address and source of funds with the proof of address (docs/decisions/016). The
 * files are sent in this order, after the text fields.
 */
export type TSubmitKycInput =
  { fields: TKycFields; files: { front: File; back: File; selfie: File } } | { fields: TKycLevel2Fields; files: { addressProof: File } };

type SubmitKycOptions = {
  /** Upload progress in percent (0-100), reported while the body is being sent. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
};

/**
 * A stalled upload (no byte sent and no answer for this long) counts as a network failure.
 * There is deliberately no overall time limit: 10 MB over slow mobile data can take minutes.
 */
const STALL_TIMEOUT_MS = 60_000;

/** Room for the part headers and the closing boundary around a document's bytes. */
const PART_OVERHEAD_BYTES = 512;

/**
 * Which document was on the wire when the connection failed, from the last reported upload
 * position. The body is: text fields, then the documents in order. When nothing was reported, or
 * everything was already sent, it cannot be told (null).
 */
function failedFileName(files: File[], loaded: number, total: number): string | null {
  if (total <= 0 || loaded >= total || files.length === 0) return null;
  // Walk back from the end: each document ends where the next one's part starts.
  let start = total;
  for (let index = files.length - 1; index > 0; index -= 1) {
    start -= (files[index]?.size ?? 0) + PART_OVERHEAD_BYTES;
    if (loaded >= start) return files[index]?.name ?? null;
  }
  return files[0]?.name ?? null;
}

/**
 * POST /api/kyc as multipart/form-data, with its upload progress (lib/api.ts sends it with
 * XMLHttpRequest). Rejects with ApiError: the server's error (with its per-field messages),
 * KYC_MSG.uploadFailed(file) for a network failure while a document was being sent, ABORTED when
 * `signal` aborts it, or KYC_MSG.generic.
 */
export async function submitKyc(input: TSubmitKycInput, { onProgress, signal }: SubmitKycOptions = {}): Promise<TSubmitKycResponse> {
  const body = new FormData();
  for (const [name, value] of Object.entries(input.fields)) if (value !== undefined) body.append(name, value);
  const documents = Object.entries(input.files) as [string, File][];
  for (const [name, file] of documents) body.append(name, file, file.name);

  let sent = { loaded: 0, total: 0 };
  try {
    return await apiRequest('/api/kyc', {
      method: 'POST',
      body,
      schema: ZSubmitKycResponse,
      operation: 'Uploading your documents',
      fallbackMessage: KYC_MSG.generic,
      signal,
      upload: {
        stallMs: STALL_TIMEOUT_MS,
        onProgress: (progress) => {
          sent = progress.isSent ? { loaded: progress.total, total: progress.total } : progress;
          onProgress?.(
            progress.isSent ? 100 : progress.total > 0 ? Math.min(100, Math.round((progress.loaded / progress.total) * 100)) : 0,
          );
        },
      },
    });
  } catch (error) {
    const isCut = error instanceof ApiError && error.code === 'NETWORK';
    const file = isCut
      ? failedFileName(
          documents.map(([, document]) => document),
          sent.loaded,
          sent.total,
        )
      : null;
    throw file ? new ApiError({ code: 'NETWORK', message: KYC_MSG.uploadFailed(file), status: 0 }) : error;
  }
}

type SubmitKycVariables = { input: TSubmitKycInput } & SubmitKycOptions;

/**
 * Uploads the documents. On success of a Tier 1 submission the customer is pending at once
 * (session cache updated, so the header drops 'Complete KYC'), then the session is re-read from
 * the server; a Tier 2 one leaves the customer verified (trading goes on) and re-reads the limit.
 * A 409 or 403 means the server knows better (already pending or verified, phone or tier not
 * there yet): the caches are re-read.
 */
export function useSubmitKyc() {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: MY_KYC_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: LIMIT_QUERY_KEY });
  };
  return useMutation({
    mutationFn: ({ input, ...options }: SubmitKycVariables) => submitKyc(input, options),
    onSuccess: ({ submission }) => {
      queryClient.setQueryData(MY_KYC_QUERY_KEY, { submission });
      const user = queryClient.getQueryData<TProfile | null>(SESSION_QUERY_KEY);
      if (user && submission.level === 1) setSessionUser(queryClient, { ...user, kycStatus: 'pending' });
      void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: LIMIT_QUERY_KEY });
    },
    onError: (error) => {
      if (
        error instanceof ApiError &&
        (error.code === 'KYC_ALREADY_SUBMITTED' || error.code === 'KYC_ALREADY_VERIFIED' || error.code === 'FORBIDDEN')
      )
        refresh();
    },
  });
}
