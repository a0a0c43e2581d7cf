import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Database, openDatabase } from '../db/database.ts';
import type { Dialect } from '../db/dialect.ts';
import { migrateToLatest } from '../db/migrator.ts';

/** Test databases: SQLite always; PostgreSQL too when TEST_DATABASE_URL is set. */
export const TEST_DIALECTS: Dialect[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export type TestDatabase = {
  database: Database;
  dataDir: string;
  /** PostgreSQL schema of this test database (undefined on SQLite). */
  schema: string | undefined;
  /** Brings it up to date as createTestDatabase does (on PostgreSQL under the test schemas' lock). */
  migrate(): Promise<string[]>;
  /** Closes the database and removes everything it created. */
  dispose(): Promise<void>;
};

export function tempDir(prefix = 'portal-test-'): string {
  return mkdtempSync(path.join(tmpdir(), prefix));
}

/**
 * A fresh, migrated database: a new SQLite file in a temp folder, or a new schema in the
 * TEST_DATABASE_URL database, dropped afterwards so that nothing is left behind.
 */
export async function createTestDatabase(
  dialect: Dialect,
  options: { migrate?: boolean } = {},
): Promise<TestDatabase> {
  const dataDir = tempDir();
  let schema: string | undefined;
  const url = process.env.TEST_DATABASE_URL;
  if (dialect === 'postgres') {
    if (!url) throw new Error('TEST_DATABASE_URL is not set');
    schema = `t_${randomBytes(6).toString('hex')}`;
    await adminQuery(url, `create schema ${schema}`);
  }
  const database = await openDatabase({
    dataDir,
    databaseUrl: dialect === 'postgres' ? url : undefined,
    ...(schema ? { pgSchema: schema } : {}),
    pgPoolSize: 5,
  });
  const migrate = () =>
    url && dialect === 'postgres'
      ? withSchemaLock(url, () => migrateToLatest(database))
      : migrateToLatest(database);
  if (options.migrate !== false) await migrate();
  return {
    database,
    dataDir,
    schema,
    migrate,
    async dispose() {
      await database.close();
      if (schema && url)
        await withSchemaLock(url, () => adminQuery(url, `drop schema if exists ${schema} cascade`));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs one statement on its own connection (creating or dropping a schema or a database). */
export async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

// Kysely's migrator looks at the tables of every schema in the database before it takes its own lock;
// a schema dropped by a parallel test at that moment fails it. Test schemas are created, migrated and
// dropped under one advisory lock so parallel test files never race on the catalog.
const SCHEMA_LOCK_ID = 715_301;

async function withSchemaLock<T>(url: string, work: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [SCHEMA_LOCK_ID]);
    return await work();
  } finally {
    await client.end();
  }
}
