import { existsSync } from 'node:fs';
import SQLite from 'better-sqlite3';
import { BackupError } from './manifest.ts';

/** More pages than any database has: the whole copy in one step of the backup API. */
const ALL_PAGES = 0x7fffffff;

/**
 * A consistent copy of the portal's SQLite database at `source`, made while the portal may be running and
 * writing, into the new file `dest`; answers the migrations applied in the copy.
 *
 * The portal holds DATA_DIR/portal.lock (a file of its own) and opens portal.db in WAL mode with normal
 * locking, so another process may read it. The copy is SQLite's online backup through a read-only
 * connection, all pages in one step: that step is one read transaction, so it sees one committed state,
 * WAL included, and a WAL reader never blocks the portal's writers (nor they it). Backed up in small steps
 * instead, SQLite starts over whenever another process writes in between, which under steady writes may
 * never finish. (VACUUM INTO would be consistent too, but rebuilds every table and index: slower, and the
 * read transaction, which keeps the portal's checkpoints from emptying the WAL, lasts longer.)
 */
export async function snapshotSqlite(source: string, dest: string): Promise<{ migrations: string[] }> {
  if (!existsSync(source)) {
    throw new BackupError(
      `there is no database at ${source}: check DATA_DIR (the portal's data folder), or set DATABASE_URL if the portal uses PostgreSQL`,
    );
  }
  try {
    const reader = new SQLite(source, { readonly: true, fileMustExist: true });
    try {
      reader.pragma('busy_timeout = 10000');
      await reader.backup(dest, { progress: () => ALL_PAGES });
    } finally {
      reader.close();
    }
    const copy = new SQLite(dest, { fileMustExist: true });
    try {
      // One self-contained file: no -wal or -shm beside it. The portal turns WAL on again when it opens it.
      copy.pragma('journal_mode = DELETE');
      const check = copy.pragma('quick_check', { simple: true });
      if (check !== 'ok')
        throw new BackupError(`the copy of ${source} fails SQLite's check: ${String(check)}`);
      return { migrations: appliedMigrations(copy, source) };
    } finally {
      copy.close();
    }
  } catch (error) {
    if (error instanceof SQLite.SqliteError) throw new BackupError(`cannot copy ${source}: ${error.message}`);
    throw error;
  }
}

/** The migrations applied in a SQLite database file (a restored copy, checked against its manifest). */
export function migrationsOfFile(file: string): string[] {
  try {
    const db = new SQLite(file, { readonly: true, fileMustExist: true });
    try {
      return appliedMigrations(db, file);
    } finally {
      db.close();
    }
  } catch (error) {
    if (error instanceof SQLite.SqliteError) throw new BackupError(`cannot read ${file}: ${error.message}`);
    throw error;
  }
}

function appliedMigrations(db: SQLite.Database, label: string): string[] {
  const table = db
    .prepare("select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'")
    .get();
  if (!table) {
    throw new BackupError(`${label} has no portal schema (no migrations were ever applied to it)`);
  }
  return (db.prepare('select name from kysely_migration order by name').all() as Array<{ name: string }>).map(
    (row) => row.name,
  );
}
