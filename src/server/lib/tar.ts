import { closeSync, fchmodSync, fstatSync, openSync, readSync, writeSync } from 'node:fs';

/**
 * The smallest tar (POSIX ustar) writer and reader the backups need: regular files only,
 * names up to 100 bytes, sizes up to 8 GiB. Files are copied in chunks, never held whole in
 * memory. Any `tar` program reads what this writes (`tar -tvf backup.tar`).
 */

const BLOCK = 512;
const CHUNK = 1024 * 1024;

function writeField(header: Buffer, offset: number, length: number, value: string): void {
  const bytes = Buffer.from(value, 'utf8');
  if (bytes.length > length) throw new Error(`tar: field too long: ${value}`);
  bytes.copy(header, offset);
}

function octal(value: number, length: number): string {
  return `${value.toString(8).padStart(length - 1, '0')}\0`;
}

function header(name: string, size: number, mode: number, mtimeSeconds: number): Buffer {
  if (Buffer.byteLength(name) > 100) throw new Error(`tar: name longer than 100 bytes: ${name}`);
  if (size >= 8 ** 11) throw new Error(`tar: file too large: ${name}`);
  const block = Buffer.alloc(BLOCK, 0);
  writeField(block, 0, 100, name);
  writeField(block, 100, 8, octal(mode & 0o7777, 8));
  writeField(block, 108, 8, octal(0, 8));
  writeField(block, 116, 8, octal(0, 8));
  writeField(block, 124, 12, octal(size, 12));
  writeField(block, 136, 12, octal(Math.floor(mtimeSeconds), 12));
  writeField(block, 148, 8, '        '); // checksum counts as spaces while computed
  writeField(block, 156, 1, '0');
  writeField(block, 257, 6, 'ustar\0');
  writeField(block, 263, 2, '00');
  let sum = 0;
  for (const byte of block) sum += byte;
  writeField(block, 148, 8, `${sum.toString(8).padStart(6, '0')}\0 `);
  return block;
}

function padding(size: number): Buffer {
  const rest = size % BLOCK;
  return Buffer.alloc(rest === 0 ? 0 : BLOCK - rest, 0);
}

export class TarWriter {
  private readonly fd: number;
  private closed = false;

  /** Creates (or truncates) the file with the given mode; 0600 suits backups of private data. */
  constructor(file: string, mode = 0o600) {
    this.fd = openSync(file, 'w', mode);
    // The mode of open() applies only to a new file: a leftover one keeps its own.
    fchmodSync(this.fd, mode);
  }

  addBuffer(name: string, data: Uint8Array, mode = 0o600): void {
    writeSync(this.fd, header(name, data.byteLength, mode, Date.now() / 1000));
    writeSync(this.fd, data);
    writeSync(this.fd, padding(data.byteLength));
  }

  /** Copies a file from disk into the archive in chunks. */
  addFile(name: string, sourcePath: string): void {
    const source = openSync(sourcePath, 'r');
    try {
      const stat = fstatSync(source);
      writeSync(this.fd, header(name, stat.size, stat.mode, stat.mtimeMs / 1000));
      const buffer = Buffer.alloc(Math.min(CHUNK, Math.max(stat.size, 1)));
      let done = 0;
      while (done < stat.size) {
        const read = readSync(source, buffer, 0, Math.min(buffer.length, stat.size - done), done);
        if (read === 0) throw new Error(`tar: ${sourcePath} shrank while being archived`);
        writeSync(this.fd, buffer, 0, read);
        done += read;
      }
      writeSync(this.fd, padding(stat.size));
    } finally {
      closeSync(source);
    }
  }

  /** Writes the end-of-archive marker (two zero blocks) and closes the file. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    try {
      writeSync(this.fd, Buffer.alloc(BLOCK * 2, 0));
    } finally {
      closeSync(this.fd);
    }
  }
}

export type TTarEntry = {
  name: string;
  size: number;
  mode: number;
  /** Byte offset of the entry's data in the archive. */
  offset: number;
};

function readString(block: Buffer, offset: number, length: number): string {
  const slice = block.subarray(offset, offset + length);
  const end = slice.indexOf(0);
  return slice.subarray(0, end === -1 ? length : end).toString('utf8');
}

function readOctal(block: Buffer, offset: number, length: number): number {
  const text = readString(block, offset, length).trim();
  return text === '' ? 0 : parseInt(text, 8);
}

/** Random access to the regular files of a tar archive on disk. */
export class TarReader {
  private readonly fd: number;
  readonly entries: TTarEntry[] = [];

  constructor(file: string) {
    this.fd = openSync(file, 'r');
    try {
      const size = fstatSync(this.fd).size;
      const block = Buffer.alloc(BLOCK);
      let position = 0;
      while (position + BLOCK <= size) {
        readSync(this.fd, block, 0, BLOCK, position);
        if (block.every((byte) => byte === 0)) break;
        let sum = 0;
        for (const [i, byte] of block.entries()) sum += i >= 148 && i < 156 ? 32 : byte;
        if (sum !== readOctal(block, 148, 8)) throw new Error('Not a tar archive (bad header checksum)');
        const prefix = readString(block, 345, 155);
        const base = readString(block, 0, 100);
        const name = prefix ? `${prefix}/${base}` : base;
        const entrySize = readOctal(block, 124, 12);
        const type = readString(block, 156, 1);
        if (type === '0' || type === '') {
          this.entries.push({ name, size: entrySize, mode: readOctal(block, 100, 8), offset: position + BLOCK });
        }
        position += BLOCK + entrySize + padding(entrySize).length;
      }
    } catch (error) {
      closeSync(this.fd);
      throw error;
    }
  }

  find(name: string): TTarEntry | undefined {
    return this.entries.find((entry) => entry.name === name);
  }

  read(entry: TTarEntry): Buffer<ArrayBuffer> {
    const data = Buffer.alloc(entry.size);
    let done = 0;
    while (done < entry.size) {
      const read = readSync(this.fd, data, done, entry.size - done, entry.offset + done);
      if (read === 0) throw new Error(`tar: ${entry.name} is truncated`);
      done += read;
    }
    return data;
  }

  /** Copies an entry to a new file (which must not exist yet) in chunks. */
  extract(entry: TTarEntry, targetPath: string, mode = 0o600): void {
    const target = openSync(targetPath, 'wx', mode);
    try {
      const buffer = Buffer.alloc(Math.min(CHUNK, Math.max(entry.size, 1)));
      let done = 0;
      while (done < entry.size) {
        const read = readSync(this.fd, buffer, 0, Math.min(buffer.length, entry.size - done), entry.offset + done);
        if (read === 0) throw new Error(`tar: ${entry.name} is truncated`);
        writeSync(target, buffer, 0, read);
        done += read;
      }
    } finally {
      closeSync(target);
    }
  }

  close(): void {
    closeSync(this.fd);
  }
}
