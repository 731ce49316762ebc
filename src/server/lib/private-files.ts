import { chmodSync, existsSync, lstatSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * The data directory holds password hashes, sessions, the auth secret and identity documents;
 * backups hold the same. All of it is private to the account that runs the server: folders
 * 0700, files 0600, whatever the umask of the shell that started it (docs/decisions/012).
 *
 * Two layers: every entry point that writes there sets the umask to 077 first (PGlite creates
 * its files with 0666/0777 and lets the umask decide), and the folders are walked and tightened
 * at start, after a backup and after a restore, which also fixes what an older version left.
 */

const OWNER_ONLY = 0o700;
const BACKUP_FILE = /^cedicrypto-backup-.*\.tar(\.partial)?$/;

/** New files and folders of this process: no permission for the group or others. */
export function usePrivateUmask(): void {
  process.umask(0o077);
}

function isGone(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}

/** Drops the group and other bits (and setuid/setgid/sticky) of one path; false if not allowed. */
function tighten(target: string, mode: number, failures: string[]): void {
  if ((mode & 0o7777) === (mode & OWNER_ONLY)) return;
  try {
    chmodSync(target, mode & OWNER_ONLY);
  } catch (error) {
    if (!isGone(error)) failures.push(`${target}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
}

/**
 * Makes a folder and everything under it private to its owner (a missing folder is fine).
 * Symbolic links are neither followed nor changed. Returns the paths it could not change
 * (owned by another account), for the caller to report.
 */
export function makePrivate(root: string): string[] {
  const failures: string[] = [];
  const visit = (target: string) => {
    let stat;
    try {
      stat = lstatSync(target);
    } catch (error) {
      if (isGone(error)) return; // removed meanwhile
      throw error;
    }
    if (stat.isSymbolicLink()) return;
    tighten(target, stat.mode, failures);
    if (!stat.isDirectory()) return;
    let names: string[] = [];
    try {
      names = readdirSync(target);
    } catch (error) {
      if (!isGone(error)) failures.push(`${target}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
    }
    for (const name of names) visit(path.join(target, name));
  };
  visit(path.resolve(root));
  return failures;
}

/**
 * The backups folder (./backups, BACKUP_DIR or --out) may be a folder the person chose, shared
 * with other files: only the folder itself and our backup files are tightened, and a shared
 * folder with the sticky bit (such as /tmp) keeps its own mode.
 */
export function makeBackupsPrivate(dir: string): string[] {
  const failures: string[] = [];
  const folder = path.resolve(dir);
  if (!existsSync(folder)) return failures;
  const stat = lstatSync(folder);
  if (!stat.isDirectory()) return failures;
  if ((stat.mode & 0o1000) === 0) tighten(folder, stat.mode, failures);
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (!entry.isFile() || !BACKUP_FILE.test(entry.name)) continue;
    const file = path.join(folder, entry.name);
    try {
      tighten(file, lstatSync(file).mode, failures);
    } catch (error) {
      if (!isGone(error)) throw error;
    }
  }
  return failures;
}

/**
 * Everything of ours on disk, as configured: the data directory (the embedded database, the
 * generated auth secret, the lock), the documents folder (also with DATABASE_URL, where there
 * is no database folder) and the backups folder. Returns what could not be tightened.
 */
export function makeDataFilesPrivate(config: { dataDir: string; documentsDir: string; backupDir: string }): string[] {
  return [...makePrivate(config.dataDir), ...makePrivate(config.documentsDir), ...makeBackupsPrivate(config.backupDir)];
}

/** For the entry points: a warning naming each path left open (it belongs to another account). */
export function warnIfNotPrivate(failures: string[]): void {
  if (failures.length === 0) return;
  console.warn(
    `\n  Warning: these paths hold private data but could not be made private to this account ` +
      `(change their owner or mode by hand):\n${failures.map((f) => `    ${f}`).join('\n')}\n`,
  );
}
