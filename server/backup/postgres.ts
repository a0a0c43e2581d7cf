import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { redactUrl } from '../config.ts';
import { BackupError } from './manifest.ts';

// PostgreSQL's part of a backup and a restore: pg_dump and pg_restore (PostgreSQL's client tools, which the
// portal does not ship), and the few queries around them on a connection of the portal's own driver.

/** The path of a program on PATH, or undefined. */
export function findProgram(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

/** What to say when a client tool is missing: how to get it, and what to do without it. */
export function missingToolAdvice(tool: 'pg_dump' | 'pg_restore', serverMajor: number | undefined): string {
  const version = serverMajor ? ` ${serverMajor}` : '';
  const debian = serverMajor ? `postgresql-client-${serverMajor}` : 'postgresql-client';
  return (
    `${tool} was not found on PATH. The portal keeps its data in PostgreSQL, whose own client tools make ` +
    `and restore the database's copy: install them (PostgreSQL${version} or newer; on Debian or Ubuntu ` +
    `\`apt-get install ${debian}\`, on macOS \`brew install libpq\` and add its bin folder to PATH) and run ` +
    'this again.'
  );
}

/**
 * DATABASE_URL as libpq (pg_dump, pg_restore) takes it: the password moves to PGPASSWORD so that it is not
 * on a command line others can list, and the portal driver's own SSL spellings become libpq's.
 */
export function libpqConnection(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (url.password) env.PGPASSWORD = decodeURIComponent(url.password);
  url.password = '';
  const params = url.searchParams;
  const ssl = params.get('ssl');
  params.delete('ssl');
  params.delete('uselibpqcompat');
  if (params.get('sslmode') === 'no-verify') params.set('sslmode', 'require');
  if (ssl && ssl !== 'false' && ssl !== '0' && !params.has('sslmode')) params.set('sslmode', 'require');
  if (!params.has('application_name')) env.PGAPPNAME = 'portal-backup';
  return { dbname: url.toString(), env };
}

/** Runs a client tool; its error output becomes the BackupError's message when it fails. */
export async function runTool(program: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  const child = spawn(program, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  if (code !== 0) {
    const name = path.basename(program);
    throw new BackupError(`${name} failed (exit ${code}): ${stderr.trim() || 'no message'}`);
  }
  return stdout;
}

/** The major version of a client tool (`pg_dump (PostgreSQL) 15.20 …` → 15). */
export async function toolMajor(program: string): Promise<number | undefined> {
  const out = await runTool(program, ['--version'], process.env);
  const match = /\(PostgreSQL\)\s+(\d+)/.exec(out);
  return match ? Number(match[1]) : undefined;
}

async function withClient<T>(databaseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5000 });
  client.on('error', () => {});
  try {
    await client.connect();
  } catch (error) {
    const err = error as NodeJS.ErrnoException;
    throw new BackupError(
      `cannot connect to the database at ${redactUrl(databaseUrl)} (${err.code ?? err.message}): check DATABASE_URL and that PostgreSQL is running`,
    );
  }
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => {});
  }
}

export type PostgresSource = {
  schema: string;
  serverVersion: string;
  serverMajor: number;
  extensions: Array<{ name: string; schema: string }>;
  migrations: string[];
};

/** What a backup records about the portal's database before dumping it. */
export async function describeSource(databaseUrl: string): Promise<PostgresSource> {
  return withClient(databaseUrl, async (client) => {
    const { rows } = await client.query<{ schema: string | null; version: string; num: string }>(
      "select current_schema() as schema, current_setting('server_version') as version, current_setting('server_version_num') as num",
    );
    const { schema, version, num } = rows[0]!;
    if (!schema) {
      throw new BackupError(
        `the schema that DATABASE_URL's search_path names does not exist in ${redactUrl(databaseUrl)}`,
      );
    }
    const table = await client.query(
      "select 1 from pg_tables where schemaname = $1 and tablename = 'kysely_migration'",
      [schema],
    );
    if (!table.rowCount) {
      throw new BackupError(
        `${redactUrl(databaseUrl)} has no portal schema in "${schema}" (no migrations were ever applied): check DATABASE_URL`,
      );
    }
    const migrations = await client.query<{ name: string }>(
      `select name from ${client.escapeIdentifier(schema)}.kysely_migration order by name`,
    );
    const extensions = await client.query<{ name: string; schema: string }>(
      "select e.extname as name, n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname <> 'plpgsql' order by 1",
    );
    return {
      schema,
      serverVersion: version.split(' ')[0]!,
      serverMajor: Math.floor(Number(num) / 10000),
      extensions: extensions.rows,
      migrations: migrations.rows.map((row) => row.name),
    };
  });
}

/** The server's major version, for advice when a tool is missing (undefined when it cannot be asked). */
export async function serverMajor(databaseUrl: string): Promise<number | undefined> {
  try {
    return await withClient(databaseUrl, async (client) => {
      const { rows } = await client.query<{ num: string }>(
        "select current_setting('server_version_num') as num",
      );
      return Math.floor(Number(rows[0]!.num) / 10000);
    });
  } catch {
    return undefined;
  }
}

/**
 * pg_dump of the portal's schema in its custom format (what pg_restore reads), into `dest`. pg_dump reads
 * everything in one repeatable-read transaction: a consistent copy while the portal writes. Uncompressed:
 * the backup file is compressed as a whole.
 */
export async function dumpSchema(
  pgDump: string,
  databaseUrl: string,
  schema: string,
  dest: string,
): Promise<void> {
  const { dbname, env } = libpqConnection(databaseUrl);
  // Made first with mode 0600: pg_dump writes into it and keeps the mode (its own file would take the umask's).
  await writeFile(dest, '', { flag: 'wx', mode: 0o600 });
  await runTool(
    pgDump,
    [
      '--format=custom',
      '--compress=0',
      `--schema=${quotePattern(schema)}`,
      // Never wait forever behind a migration's lock.
      '--lock-wait-timeout=60s',
      `--file=${dest}`,
      `--dbname=${dbname}`,
    ],
    env,
  );
}

/** A schema name as an exact pg_dump pattern (quoted: no wildcards, case kept). */
const quotePattern = (name: string) => `"${name.replaceAll('"', '""')}"`;

export type PostgresTarget = {
  database: string;
  schema: string | null;
  /** Tables, views, sequences and functions in the schema (an extension's own not counted). */
  objects: number;
  /** Other sessions connected to the same database, with their application names. */
  otherSessions: number;
  applications: string;
};

export async function inspectTarget(databaseUrl: string): Promise<PostgresTarget> {
  return withClient(databaseUrl, async (client) => {
    const { rows } = await client.query<{ database: string; schema: string | null }>(
      'select current_database() as database, current_schema() as schema',
    );
    const { database, schema } = rows[0]!;
    let objects = 0;
    if (schema) {
      const counted = await client.query<{ n: number }>(
        `select
           (select count(*) from pg_class c where c.relnamespace = n.oid and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
              and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e'))
         + (select count(*) from pg_proc p where p.pronamespace = n.oid
              and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e'))
           as n
         from pg_namespace n where n.nspname = $1`,
        [schema],
      );
      objects = Number(counted.rows[0]?.n ?? 0);
    }
    const sessions = await client.query<{ n: number; apps: string | null }>(
      `select count(*)::int as n, string_agg(distinct coalesce(nullif(application_name, ''), 'unnamed'), ', ') as apps
       from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
    );
    return {
      database,
      schema,
      objects,
      otherSessions: sessions.rows[0]?.n ?? 0,
      applications: sessions.rows[0]?.apps ?? '',
    };
  });
}

/**
 * Drops what the schema holds (tables, views, sequences, functions, types; an extension's objects stay), in
 * one transaction, so that a restore with --force starts from an empty schema. The caller has saved a dump
 * of it first.
 */
export async function emptySchema(databaseUrl: string, schema: string): Promise<void> {
  await withClient(databaseUrl, async (client) => {
    await client.query('begin');
    try {
      const notExtension = (catalog: string, alias: string) =>
        `not exists (select 1 from pg_depend d where d.classid = '${catalog}'::regclass and d.objid = ${alias}.oid and d.deptype = 'e')`;
      const relations = await client.query<{ kind: string; name: string }>(
        `select c.relkind as kind, format('%I.%I', n.nspname, c.relname) as name
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = $1 and c.relkind in ('r', 'p', 'v', 'm', 'f', 'S') and ${notExtension('pg_class', 'c')}
         order by case c.relkind when 'v' then 0 when 'm' then 1 when 'S' then 3 else 2 end`,
        [schema],
      );
      const dropRelation: Record<string, string> = {
        r: 'table',
        p: 'table',
        v: 'view',
        m: 'materialized view',
        f: 'foreign table',
        S: 'sequence',
      };
      for (const { kind, name } of relations.rows) {
        await client.query(`drop ${dropRelation[kind]} if exists ${name} cascade`);
      }
      const routines = await client.query<{ kind: string; signature: string }>(
        `select p.prokind as kind, format('%I.%I(%s)', n.nspname, p.proname, pg_get_function_identity_arguments(p.oid)) as signature
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace
         where n.nspname = $1 and ${notExtension('pg_proc', 'p')}`,
        [schema],
      );
      for (const { kind, signature } of routines.rows) {
        const what = kind === 'p' ? 'procedure' : kind === 'a' ? 'aggregate' : 'function';
        await client.query(`drop ${what} if exists ${signature} cascade`);
      }
      const types = await client.query<{ kind: string; name: string }>(
        `select t.typtype as kind, format('%I.%I', n.nspname, t.typname) as name
         from pg_type t join pg_namespace n on n.oid = t.typnamespace
         where n.nspname = $1 and t.typtype in ('c', 'd', 'e', 'r', 'm') and ${notExtension('pg_type', 't')}
           and (t.typtype <> 'c' or (select c.relkind from pg_class c where c.oid = t.typrelid) = 'c')`,
        [schema],
      );
      for (const { kind, name } of types.rows) {
        await client.query(`drop ${kind === 'd' ? 'domain' : 'type'} if exists ${name} cascade`);
      }
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => {});
      throw new BackupError(`cannot empty the schema "${schema}": ${(error as Error).message}`);
    }
  });
}

/** Creates the schema if needed and the extensions the backup's database had (pg_trgm), as the migrations do. */
export async function prepareTarget(
  databaseUrl: string,
  schema: string,
  extensions: Array<{ name: string; schema: string }>,
): Promise<void> {
  await withClient(databaseUrl, async (client) => {
    try {
      await client.query(`create schema if not exists ${client.escapeIdentifier(schema)}`);
    } catch (error) {
      throw new BackupError(`cannot create the schema "${schema}": ${(error as Error).message}`);
    }
    for (const extension of extensions) {
      try {
        await client.query(
          `create extension if not exists ${client.escapeIdentifier(extension.name)} schema ${client.escapeIdentifier(extension.schema)}`,
        );
      } catch (error) {
        throw new BackupError(
          `the backup's database uses the extension ${extension.name}, which cannot be created here (${(error as Error).message}): ` +
            `have a superuser run \`create extension ${extension.name} schema ${extension.schema}\` in this database, then restore again`,
        );
      }
    }
  });
}

/**
 * pg_restore of a dump of `schema` into the (empty) schema of the same name: in one transaction, stopping at
 * the first error, objects owned by DATABASE_URL's user and without the source's grants (its roles may not
 * exist here). The schema itself is not created by the dump's entry (it exists: the `public` schema always
 * does), so that entry and its comment are left out.
 */
export async function restoreDump(
  pgRestore: string,
  databaseUrl: string,
  dump: string,
  workDir: string,
): Promise<void> {
  const { dbname, env } = libpqConnection(databaseUrl);
  const list = await runTool(pgRestore, ['--list', dump], env);
  const kept = list
    .split('\n')
    .filter((line) => !/^\s*\d+;\s+\d+\s+\d+\s+(SCHEMA -|COMMENT - SCHEMA|ACL - SCHEMA) /.test(line));
  const listFile = path.join(workDir, 'restore.list');
  await writeFile(listFile, kept.join('\n'));
  await runTool(
    pgRestore,
    [
      `--use-list=${listFile}`,
      '--no-owner',
      '--no-acl',
      '--single-transaction',
      '--exit-on-error',
      `--dbname=${dbname}`,
      dump,
    ],
    env,
  );
}

/** The migrations applied in the restored schema (checked against the manifest). */
export async function migrationsInDatabase(databaseUrl: string, schema: string): Promise<string[]> {
  return withClient(databaseUrl, async (client) => {
    const { rows } = await client.query<{ name: string }>(
      `select name from ${client.escapeIdentifier(schema)}.kysely_migration order by name`,
    );
    return rows.map((row) => row.name);
  });
}
