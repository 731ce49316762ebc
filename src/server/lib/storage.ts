import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Private document storage (decisions/013 D4). Keys are random and generated here, never taken from a client;
 * nothing is reachable by URL. The local implementation writes under one folder; an
 * S3-compatible bucket can implement the same three calls.
 */
export type TDocumentStorage = {
  put(data: Buffer, extension: 'jpg' | 'png'): Promise<string>;
  get(key: string): Promise<Buffer | null>;
  remove(key: string): Promise<void>;
};

const KEY_PATTERN = /^[a-f0-9]{32}\.(jpg|png)$/;

export function createLocalStorage(root: string): TDocumentStorage {
  const resolve = (key: string) => {
    if (!KEY_PATTERN.test(key)) throw new Error('Invalid document key');
    return path.join(root, key.slice(0, 2), key);
  };
  return {
    async put(data, extension) {
      const key = `${randomBytes(16).toString('hex')}.${extension}`;
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      await writeFile(file, data, { mode: 0o600, flag: 'wx' });
      return key;
    },
    async get(key) {
      try {
        return await readFile(resolve(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(key) {
      await rm(resolve(key), { force: true });
    },
  };
}

/** The type of an image decided from its first bytes, whatever its name or declared type. */
export function sniffImageType(data: Buffer): 'image/jpeg' | 'image/png' | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (data.length >= 8 && png.every((byte, i) => data[i] === byte)) return 'image/png';
  return null;
}
