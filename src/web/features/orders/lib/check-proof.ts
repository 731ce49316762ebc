import { ORDER_MSG, PROOF_ACCEPTED_TYPES, PROOF_MAX_FILE_BYTES } from '#shared/order-rules.js';

type TProofType = (typeof PROOF_ACCEPTED_TYPES)[number];

/** The file's real type from its first bytes (JPEG FF D8 FF, PNG 89 50 4E 47 0D 0A 1A 0A), as the server reads it. */
export async function sniffImageType(file: Blob): Promise<TProofType | null> {
  const bytes = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((byte, index) => bytes[index] === byte)) return 'image/png';
  return null;
}

/**
 * A payment screenshot (docs/decisions/014): JPEG or PNG by its bytes, at most 5 MB, the rules
 * the server applies, so a wrong file is refused before it is sent over mobile data. When the
 * browser cannot read the file, its declared type decides and the server has the last word.
 * Returns the message, or null when the file may be sent.
 */
export async function checkProof(file: File): Promise<string | null> {
  if (file.size > PROOF_MAX_FILE_BYTES) return ORDER_MSG.proofTooLarge;
  let type: string | null;
  try {
    type = await sniffImageType(file);
  } catch {
    type = (PROOF_ACCEPTED_TYPES as readonly string[]).includes(file.type) ? file.type : null;
  }
  return type ? null : ORDER_MSG.proofNotImage;
}

/** '850 KB', '2.4 MB': the size of a chosen file, as people read it. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
