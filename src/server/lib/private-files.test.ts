import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeBackupsPrivate, makeDataFilesPrivate, makePrivate } from './private-files.js';

const modeOf = (p: string) => statSync(p).mode & 0o7777;

describe('private files', () => {
  let dir = '';
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'exchange-private-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('makes a folder and everything under it owner-only, without following symbolic links', () => {
    const data = path.join(dir, 'data');
    mkdirSync(path.join(data, 'pgdata', 'base'), { recursive: true });
    writeFileSync(path.join(data, 'auth-secret'), 'x');
    writeFileSync(path.join(data, 'pgdata', 'base', '1259'), 'x');
    const outside = path.join(dir, 'outside.txt');
    writeFileSync(outside, 'x');
    chmodSync(outside, 0o644);
    symlinkSync(outside, path.join(data, 'link'));
    for (const p of [data, path.join(data, 'pgdata'), path.join(data, 'pgdata', 'base')]) chmodSync(p, 0o2777);
    chmodSync(path.join(data, 'auth-secret'), 0o666);
    chmodSync(path.join(data, 'pgdata', 'base', '1259'), 0o4755);

    expect(makePrivate(data)).toEqual([]);
    expect(modeOf(data)).toBe(0o700);
    expect(modeOf(path.join(data, 'pgdata', 'base'))).toBe(0o700);
    expect(modeOf(path.join(data, 'auth-secret'))).toBe(0o600);
    expect(modeOf(path.join(data, 'pgdata', 'base', '1259'))).toBe(0o700);
    expect(modeOf(outside)).toBe(0o644);
    expect(makePrivate(path.join(dir, 'missing'))).toEqual([]);
  });

  it('tightens only the backups folder and our backup files, and leaves a shared (sticky) folder its mode', () => {
    const backups = path.join(dir, 'backups');
    mkdirSync(backups);
    chmodSync(backups, 0o755);
    const ours = path.join(backups, 'cedicrypto-backup-2026-01-01T00-00-00Z.tar');
    const other = path.join(backups, 'notes.txt');
    writeFileSync(ours, 'x', { mode: 0o644 });
    writeFileSync(other, 'x', { mode: 0o644 });
    chmodSync(ours, 0o644);
    chmodSync(other, 0o644);
    expect(makeBackupsPrivate(backups)).toEqual([]);
    expect(modeOf(backups)).toBe(0o700);
    expect(modeOf(ours)).toBe(0o600);
    expect(modeOf(other)).toBe(0o644);

    const shared = path.join(dir, 'shared');
    mkdirSync(shared);
    chmodSync(shared, 0o1777);
    const inShared = path.join(shared, 'cedicrypto-backup-2026-01-01T00-00-00Z.tar');
    writeFileSync(inShared, 'x');
    chmodSync(inShared, 0o666);
    makeBackupsPrivate(shared);
    expect(modeOf(shared)).toBe(0o1777);
    expect(modeOf(inShared)).toBe(0o600);
  });

  it('covers the documents folder outside the data directory (DATABASE_URL, DOCUMENTS_DIR) and a missing data directory', () => {
    const documents = path.join(dir, 'documents');
    mkdirSync(path.join(documents, 'ab'), { recursive: true });
    writeFileSync(path.join(documents, 'ab', 'doc.png'), 'x');
    chmodSync(path.join(documents, 'ab', 'doc.png'), 0o666);
    chmodSync(path.join(documents, 'ab'), 0o777);
    expect(
      makeDataFilesPrivate({ dataDir: path.join(dir, 'no-data'), documentsDir: documents, backupDir: path.join(dir, 'no-backups') }),
    ).toEqual([]);
    expect(modeOf(path.join(documents, 'ab'))).toBe(0o700);
    expect(modeOf(path.join(documents, 'ab', 'doc.png'))).toBe(0o600);
  });
});
