import { closeSync, type Dirent, fsyncSync, openSync, rmSync } from 'node:fs';
import { chown, lstat, mkdir, readdir, rename } from 'node:fs/promises';
import path from 'node:path';
import { SQLITE_LOCK_FILE_NAME } from '../db/database.ts';

// The data folder as a backup reads it and a restore replaces it, and the scratch files both leave behind
// when they fail or are interrupted.

/** A restore's working folder inside DATA_DIR (same file system: its files are renamed into place). */
export const STAGING_PREFIX = '.restore-';
/** Where a restore with --force keeps what it replaced, inside DATA_DIR. */
export const REPLACED_PREFIX = 'replaced-';

/** A timestamp usable in a file name: 2026-11-27T08-53-00Z. */
export const fileStamp = (date = new Date()) =>
  date
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-');

/**
 * What a data folder holds that a restore would replace: everything but the process lock (a portal's, not
 * data), folders of earlier restores' replaced data, a restore's working folder and a file system's
 * lost+found.
 */
export async function dataEntries(dataDir: string): Promise<string[]> {
  const names = await readdir(dataDir);
  return names
    .filter(
      (name) =>
        name !== SQLITE_LOCK_FILE_NAME &&
        name !== 'lost+found' &&
        !name.startsWith(REPLACED_PREFIX) &&
        !name.startsWith(STAGING_PREFIX),
    )
    .sort();
}

/** Every regular file under `dir` (relative, with / separators, sorted); [] when it does not exist. */
export async function filesUnder(dir: string): Promise<{ files: string[]; skipped: string[] }> {
  const files: string[] = [];
  const skipped: string[] = [];
  async function walk(relative: string): Promise<void> {
    let entries: Dirent[];
    try {
      entries = await readdir(path.join(dir, relative), { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT' && relative === '') return;
      throw error;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const rel = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(rel);
      else if (entry.isFile()) files.push(rel);
      else skipped.push(rel);
    }
  }
  await walk('');
  return { files, skipped };
}

/** Moves `names` from `from` into `to` (created), by rename: the same file system, nothing copied. */
export async function moveEntries(from: string, to: string, names: string[]): Promise<void> {
  await mkdir(to, { recursive: true, mode: 0o700 });
  for (const name of names) await rename(path.join(from, name), path.join(to, name));
  syncFolder(to);
  syncFolder(from);
}

/** Makes a folder's new or renamed entries durable. */
export function syncFolder(dir: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(dir, 'r');
    fsyncSync(fd);
  } catch {
    // Not every file system can sync a folder; the rename itself has happened.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** Gives a restored tree to the data folder's owner (a restore run as root for a portal that is not). */
export async function chownTree(target: string, uid: number, gid: number): Promise<void> {
  await chown(target, uid, gid);
  if ((await lstat(target)).isDirectory()) {
    for (const name of await readdir(target)) await chownTree(path.join(target, name), uid, gid);
  }
}

/**
 * Scratch files and folders of a command in progress, removed when it fails or is interrupted (SIGINT,
 * SIGTERM), so that nothing half-written is left that looks complete.
 */
export class Scratch {
  private readonly paths = new Set<string>();

  add(target: string): string {
    this.paths.add(target);
    return target;
  }

  keep(target: string): void {
    this.paths.delete(target);
  }

  /** Synchronous, so that a signal handler can call it just before exiting. */
  removeAll(): void {
    for (const target of this.paths) {
      try {
        rmSync(target, { recursive: true, force: true });
      } catch {
        // Best effort: the message that follows names what failed.
      }
    }
    this.paths.clear();
  }
}
