import { KYC_MAX_FILE_BYTES, KYC_MSG } from '#shared/contracts/kyc.js';

/** The file's real type from its first bytes (JPEG FF D8 FF, PNG 89 50 4E 47 0D 0A 1A 0A), as the server checks it. */
async function sniffImageType(file: File): Promise<'image/jpeg' | 'image/png' | null> {
  const bytes = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((byte, index) => bytes[index] === byte)) return 'image/png';
  return null;
}

/**
 * docs/product.md §5 for one document: required, JPEG or PNG, under 5MB. The type is read from the
 * bytes (a renamed PDF is refused here too, as on the server); when the browser cannot read the
 * file, the declared type decides and the server has the last word. Returns the message or null.
 */
export async function checkDocument(file: File | null): Promise<string | null> {
  if (!file) return KYC_MSG.documentRequired;
  if (file.size >= KYC_MAX_FILE_BYTES) return KYC_MSG.fileTooLarge;
  let type: string | null;
  try {
    type = await sniffImageType(file);
  } catch {
    type = file.type === 'image/jpeg' || file.type === 'image/png' ? file.type : null;
  }
  return type ? null : KYC_MSG.mustBeImage;
}
