import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { redactUrl } from '../config.ts';
import type { Dialect } from './dialect.ts';
import type { DB } from './schema.ts';

const SQLITE_FILE_NAME = 'portal.db';

/** The database cannot be opened or reached; the message says what to fix. */
export class DatabaseStartError extends Error {
  override name = 'DatabaseStartError';
}

export type Database = {
  db: Kysely<DB>;
  dialect: Dialect;
  /** Where the data lives, safe to log (no password). */
  location: string;
  /** Resolves when the database answers a trivial query within the timeout. */
  ping(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
};

type OpenDatabaseOptions = {
  dataDir: string;
  databaseUrl?: string | undefined;
  /** PostgreSQL schema to use instead of public (tests run each file in a fresh schema). */
  pgSchema?: string;
  pgPoolSize?: number;
};

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.pgSchema, options.pgPoolSize ?? 10)
    : openSqlite(path.join(options.dataDir, SQLITE_FILE_NAME));
}

function openSqlite(file: string): Database {
  let raw: SQLite.Database | undefined;
  try {
    raw = new SQLite(file);
    raw.pragma('busy_timeout = 0');
    // An exclusive lock held for the life of the process: SQLite (and so this portal) allows one
    // process per database file. The OS releases the lock if the process dies.
    raw.pragma('locking_mode = EXCLUSIVE');
    raw.pragma('journal_mode = WAL');
    raw.exec('BEGIN EXCLUSIVE; COMMIT');
  } catch (error) {
    raw?.close();
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
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: withStatementCache(handle) }) });
  let closed = false;
  return {
    db,
    dialect: 'sqlite',
    location: file,
    async ping() {
      if (closed || !handle.open) throw new Error('database is closed');
      probe.get();
    },
    async close() {
      if (closed) return;
      closed = true;
      await db.destroy();
      // Kysely opens its driver lazily; close the handle ourselves so the file lock is released.
      if (handle.open) handle.close();
    },
  };
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
    prepare(sql: string) {
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

async function openPostgres(url: string, schema: string | undefined, max: number): Promise<Database> {
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

  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  let closed = false;
  return {
    db,
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
