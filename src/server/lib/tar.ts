import { createReadStream, createWriteStream, fchmodSync, openSync, statSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import tarStream from 'tar-stream';

/**
 * Tar files for the backups (src/server/db/backup.ts), written and read with tar-stream
 * (docs/decisions/045): regular files, copied in chunks, never held whole in memory unless asked.
 * Any `tar` program reads what this writes (`tar -tvf backup.tar`), and this reads the POSIX ustar
 * files the hand-written writer made before (tests/fixtures/backup-v1-framing.tar).
 */

export class TarWriter {
  private readonly pack = tarStream.pack();
  private readonly written: Promise<void>;
  private closed = false;

  /** Creates (or truncates) the file with the given mode; 0600 suits backups of private data. */
  constructor(file: string, mode = 0o600) {
    const fd = openSync(file, 'w', mode);
    // The mode of open() applies only to a new file: a leftover one keeps its own.
    fchmodSync(fd, mode);
    this.written = pipeline(this.pack, createWriteStream('', { fd }));
    // Awaited by close(); until then a write error must not be an unhandled rejection.
    this.written.catch(() => {});
  }

  async addBuffer(name: string, data: Uint8Array, mode = 0o600): Promise<void> {
    const body = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
    await new Promise<void>((resolve, reject) => {
      this.pack.entry({ name, size: body.byteLength, mode, mtime: new Date() }, body, (error) => (error ? reject(error) : resolve()));
    });
  }

  /** Copies a file from disk into the archive in chunks (a file that changes size meanwhile is an error). */
  async addFile(name: string, sourcePath: string): Promise<void> {
    const stat = statSync(sourcePath);
    const entry = this.pack.entry({ name, size: stat.size, mode: stat.mode & 0o7777, mtime: stat.mtime });
    await pipeline(createReadStream(sourcePath), entry);
  }

  /** Writes the end-of-archive marker and waits until the file is written and closed. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.pack.finalize();
    await this.written;
  }
}

export type TTarEntry = {
  name: string;
  size: number;
  mode: number;
  /** The entry's bytes in memory. */
  read(): Promise<Buffer>;
  /** Copies the entry to a new file (which must not exist yet) in chunks. */
  extract(targetPath: string, mode?: number): Promise<void>;
};

/**
 * Reads the archive once, in order: `visit` gets each regular file, and may read or extract it
 * before it returns (what it leaves is skipped). A file that is not a tar archive is an error.
 */
export async function readTar(file: string, visit: (entry: TTarEntry) => Promise<void> | void): Promise<void> {
  const extract = tarStream.extract();
  const source = createReadStream(file);
  source.on('error', (error) => extract.destroy(error));
  source.pipe(extract);
  try {
    for await (const stream of extract) {
      const { name, size = 0, mode = 0, type } = stream.header;
      if (type === 'file' || type === 'contiguous-file') {
        await visit({
          name,
          size,
          mode,
          async read() {
            const chunks: Buffer[] = [];
            for await (const chunk of stream) chunks.push(chunk as Buffer);
            return Buffer.concat(chunks);
          },
          async extract(targetPath, targetMode = 0o600) {
            const target = await open(targetPath, 'wx', targetMode);
            try {
              for await (const chunk of stream) await target.write(chunk as Buffer);
            } finally {
              await target.close();
            }
          },
        });
      }
      stream.resume();
    }
  } catch (error) {
    throw error instanceof Error && /Invalid tar header/.test(error.message) ? new Error('Not a tar archive (bad header checksum)') : error;
  } finally {
    source.destroy();
  }
}

/** The names of the archive's regular files, in order. */
export async function listTar(file: string): Promise<string[]> {
  const names: string[] = [];
  await readTar(file, (entry) => {
    names.push(entry.name);
  });
  return names;
}
