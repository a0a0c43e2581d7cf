import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { redactUrl } from '../config.ts';
import type { Dialect } from './dialect.ts';
import type { DB } from './schema.ts';
import { WriteWatch } from './write-watch.ts';

export const SQLITE_FILE_NAME = 'portal.db';
/** Held exclusively by the process that uses DATA_DIR (see openSqlite). */
export const SQLITE_LOCK_FILE_NAME = 'portal.lock';

/** The database cannot be opened or reached; the message says what to fix. */
export class DatabaseStartError extends Error {
  override name = 'DatabaseStartError';
}

export type Database = {
  db: Kysely<DB>;
  /** The tables this connection writes, as it writes them (caches in the process forget what changes). */
  writes: WriteWatch;
  dialect: Dialect;
  /** Where the data lives, safe to log (no password). */
  location: string;
  /** Resolves when the database answers a trivial query within the timeout. */
  ping(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
  /** How it was opened: a worker thread of this process opens its own connection with these (`sibling`). */
  readonly openOptions: OpenDatabaseOptions;
};

export type OpenDatabaseOptions = {
  dataDir: string;
  databaseUrl?: string | undefined;
  /** PostgreSQL schema to use instead of public (tests run each file in a fresh schema). */
  pgSchema?: string;
  pgPoolSize?: number;
  /**
   * Another connection of a process that already has the database open (the trader sync's worker thread):
   * on SQLite it does not take the process's lock, which the first connection holds.
   */
  sibling?: boolean;
};

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const database = options.databaseUrl
    ? await openPostgres(options.databaseUrl, options.pgSchema, options.pgPoolSize ?? 10)
    : openSqlite(options.dataDir, options.sibling ?? false);
  return { ...database, openOptions: options };
}

/**
 * One process per data folder: the first connection holds an exclusive SQLite lock on DATA_DIR/portal.lock
 * for the life of the process (the OS releases it if the process dies). The database itself is opened in
 * WAL mode with normal locking, so that the process's worker thread can open a connection of its own.
 */
function openSqlite(dataDir: string, sibling: boolean): Omit<Database, 'openOptions'> {
  const file = path.join(dataDir, SQLITE_FILE_NAME);
  let lock: SQLite.Database | undefined;
  let raw: SQLite.Database | undefined;
  try {
    if (!sibling) lock = holdProcessLock(path.join(dataDir, SQLITE_LOCK_FILE_NAME));
    raw = new SQLite(file);
    raw.pragma('journal_mode = WAL');
  } catch (error) {
    raw?.close();
    lock?.close();
    const code = (error as { code?: string }).code;
    if (code === 'SQLITE_BUSY') {
      throw new DatabaseStartError(
        `Another process is already using the database ${file}: stop it first, or give this one another DATA_DIR`,
      );
    }
    throw new DatabaseStartError(`Cannot open the database ${file}: ${(error as Error).message}`);
  }
  raw.pragma('synchronous = NORMAL');
  raw.pragma('foreign_keys = ON');
  raw.pragma('busy_timeout = 5000');

  const handle = raw;
  const probe = handle.prepare('select 1');
  const writes = new WriteWatch();
  const db = new Kysely<DB>({
    dialect: new SqliteDialect({ database: withStatementCache(handle) }),
    plugins: [writes],
  });
  let closed = false;
  return {
    db,
    writes,
    dialect: 'sqlite',
    location: file,
    async ping() {
      if (closed) throw new Error('database is closed');
      // A handle closed underneath throws here ("The database connection is not open"). Asking it first
      // (its `open` getter crosses into the native module) took about 3 µs of a health request's 120 in a
      // profile, as much as the query itself.
      probe.get();
    },
    async close() {
      if (closed) return;
      closed = true;
      await db.destroy();
      // Kysely opens its driver lazily; close the handle ourselves, then the process lock.
      if (handle.open) handle.close();
      lock?.close();
    },
  };
}

/**
 * Takes the data folder's process lock as a portal does, for a command that must not run beside one (a
 * restore): while it is held no portal starts on the folder. Answers how to release it, or undefined when
 * another process (a running portal) holds it.
 */
export function tryLockDataFolder(dataDir: string): (() => void) | undefined {
  try {
    const lock = holdProcessLock(path.join(dataDir, SQLITE_LOCK_FILE_NAME));
    return () => lock.close();
  } catch (error) {
    if ((error as { code?: string }).code === 'SQLITE_BUSY') return undefined;
    throw error;
  }
}

/** Takes and keeps an exclusive lock on a small SQLite file; throws SQLITE_BUSY when another process has it. */
function holdProcessLock(file: string): SQLite.Database {
  const lock = new SQLite(file);
  try {
    lock.pragma('busy_timeout = 0');
    lock.pragma('locking_mode = EXCLUSIVE');
    lock.pragma('journal_mode = MEMORY');
    // The first write in exclusive locking mode takes the lock and keeps it until the connection closes.
    lock.exec('BEGIN EXCLUSIVE; CREATE TABLE IF NOT EXISTS process_lock (held integer); COMMIT');
    return lock;
  } catch (error) {
    lock.close();
    throw error;
  }
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query afresh; compiling the SQL is a good part of a sub-millisecond query. The
 * app sends a few hundred distinct statements (values are parameters), so prepared ones are kept, the
 * least recently used dropped beyond STATEMENT_CACHE_SIZE. A statement still being iterated is busy
 * and cannot be shared: then a fresh one is prepared.
 */
function withStatementCache(handle: SQLite.Database) {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => handle.close(),
    prepare(query: string) {
      // Transactions take the write lock when they begin: with a second connection (the sync thread's), a
      // deferred transaction that read first could not wait for the lock at its first write (SQLITE_BUSY
      // at once, as its snapshot is then stale); an immediate one waits for it (busy_timeout).
      const sql = query === 'begin' ? 'begin immediate' : query;
      const cached = cache.get(sql);
      if (cached && !cached.busy) {
        cache.delete(sql);
        cache.set(sql, cached);
        return cached;
      }
      const statement = handle.prepare(sql);
      cache.set(sql, statement);
      if (cache.size > STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
      return statement;
    },
  };
}

async function openPostgres(
  url: string,
  schema: string | undefined,
  max: number,
): Promise<Omit<Database, 'openOptions'>> {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
    // Timestamps are epoch milliseconds in bigint columns; they fit a JS number exactly.
    types: { getTypeParser: pgTypeParser },
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // An idle client losing its server (database restart, network cut) must not crash the process:
  // the pool drops the client and the next query opens a new connection.
  pool.on('error', () => {});
  // The same for a client that is checked out when its connection drops: its query fails (and the
  // caller sees that), but the 'error' event must not become an uncaught exception.
  pool.on('connect', (client) => client.on('error', () => {}));

  const location = redactUrl(url);
  try {
    const client = await pool.connect();
    client.release();
  } catch (error) {
    await pool.end().catch(() => {});
    const err = error as NodeJS.ErrnoException;
    throw new DatabaseStartError(
      `Cannot connect to the database at ${location} (${err.code ?? err.message}): check DATABASE_URL and that PostgreSQL is running`,
    );
  }

  const writes = new WriteWatch();
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), plugins: [writes] });
  let closed = false;
  return {
    db,
    writes,
    dialect: 'postgres',
    location,
    async ping(timeoutMs = 2000) {
      if (closed) throw new Error('database is closed');
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      });
      try {
        await Promise.race([sql`select 1`.execute(db), timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await db.destroy();
    },
  };
}

const INT8_OID = 20;
const NUMERIC_OID = 1700;

function pgTypeParser(oid: number, format?: 'text' | 'binary') {
  if (oid === INT8_OID || oid === NUMERIC_OID) return (value: string) => Number(value);
  // biome-ignore lint/suspicious/noExplicitAny: pg's overloads do not accept a plain format union
  return pg.types.getTypeParser(oid, format as any);
}
