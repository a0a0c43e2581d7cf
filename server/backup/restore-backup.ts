import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { APP_SECRET_FILE_NAME, redactUrl, type StorageConfig } from '../config.ts';
import { SQLITE_FILE_NAME, SQLITE_LOCK_FILE_NAME, tryLockDataFolder } from '../db/database.ts';
import { migrationNames } from '../db/migrator.ts';
import {
  chownTree,
  dataEntries,
  fileStamp,
  moveEntries,
  REPLACED_PREFIX,
  type Scratch,
  STAGING_PREFIX,
  syncFolder,
} from './files.ts';
import {
  ARCHIVE,
  BackupError,
  compareSchema,
  formatBytes,
  type Manifest,
  secretFingerprint,
} from './manifest.ts';
import {
  dumpSchema,
  emptySchema,
  findProgram,
  inspectTarget,
  migrationsInDatabase,
  missingToolAdvice,
  type PostgresTarget,
  prepareTarget,
  restoreDump,
  serverMajor,
} from './postgres.ts';
import { readBackup } from './read-backup.ts';
import { migrationsOfFile } from './sqlite.ts';

export type RestoreOptions = {
  file: string;
  /** Replace what the data folder (and on PostgreSQL the database) holds, keeping it aside. */
  force: boolean;
  storage: StorageConfig;
  scratch: Scratch;
  report: (line: string) => void;
};

/** `npm run db:restore -- --check <file>`: reads the whole backup and checks it; touches nothing. */
export async function checkBackup(file: string, report: (line: string) => void): Promise<Manifest> {
  const manifest = await readBackup(path.resolve(file));
  report(`${path.resolve(file)} is complete: every file matches its checksum.`);
  summarize(manifest, report);
  const schema = compareSchema(manifest.migrations);
  if (schema.kind === 'newer') {
    report(`This portal cannot restore it: its schema is newer (${schema.unknown.join(', ')} unknown here).`);
  }
  return manifest;
}

function summarize(manifest: Manifest, report: (line: string) => void): void {
  const database =
    manifest.database.kind === 'sqlite'
      ? 'SQLite'
      : `PostgreSQL ${manifest.database.serverVersion}, schema "${manifest.database.schema}"`;
  report(
    `  Made ${manifest.createdAt} by portal ${manifest.portalVersion}: ${database}, schema version ${manifest.schemaVersion}, ` +
      `${manifest.uploads.files} upload file(s) (${formatBytes(manifest.uploads.bytes)}), app secret ${
        manifest.appSecret.source === 'file' ? 'included' : 'not included (APP_SECRET was set)'
      }.`,
  );
}

/**
 * `npm run db:restore -- <file>`: into a data folder no portal is using (its lock is taken for the whole
 * restore, so none can start meanwhile), empty unless --force; the backup is read into a working folder inside
 * DATA_DIR and checked completely before anything there is replaced. On PostgreSQL the dump goes into
 * DATABASE_URL's database with pg_restore.
 */
export async function restoreBackup(options: RestoreOptions): Promise<Manifest> {
  const { storage, report, scratch } = options;
  const file = path.resolve(options.file);
  if (!existsSync(file) || !statSync(file).isFile()) throw new BackupError(`${file} is not a file`);
  const dataDir = storage.dataDir;
  const kind = storage.databaseUrl ? 'postgres' : 'sqlite';

  // Cheap refusals first, before reading a large file.
  const owner = prepareDataFolder(dataDir, scratch);
  const release = tryLockDataFolder(dataDir);
  if (!release) {
    throw new BackupError(
      `a portal is running on DATA_DIR ${dataDir} (it holds portal.lock): stop it first, then restore`,
    );
  }
  try {
    // With the lock held no other restore runs here: a working folder left is one a killed restore left.
    for (const name of await readdir(dataDir)) {
      if (name.startsWith(STAGING_PREFIX))
        await rm(path.join(dataDir, name), { recursive: true, force: true });
    }
    const existing = await dataEntries(dataDir);
    const problems: string[] = [];
    if (existing.length && !options.force) {
      problems.push(
        `DATA_DIR ${dataDir} is not empty (${existing.slice(0, 5).join(', ')}${existing.length > 5 ? ', …' : ''})`,
      );
    }
    let target: PostgresTarget | undefined;
    let tools: { pgRestore: string; pgDump: string | undefined } | undefined;
    if (storage.databaseUrl) {
      const pgRestore = findProgram('pg_restore');
      if (!pgRestore)
        throw new BackupError(missingToolAdvice('pg_restore', await serverMajor(storage.databaseUrl)));
      tools = { pgRestore, pgDump: findProgram('pg_dump') };
      target = await inspectTarget(storage.databaseUrl);
      if (!target.schema) {
        throw new BackupError(
          `the schema that DATABASE_URL's search_path names does not exist in ${redactUrl(storage.databaseUrl)}: create it first`,
        );
      }
      if (target.objects && !options.force) {
        problems.push(
          `the database ${target.database} already holds ${target.objects} table(s), sequence(s) or function(s) in schema "${target.schema}"`,
        );
      }
      if (target.objects && options.force) {
        if (target.otherSessions) {
          throw new BackupError(
            `${target.otherSessions} other session(s) are connected to the database ${target.database} (${target.applications}): ` +
              'stop the portal (every process) and other clients first, then restore',
          );
        }
        if (!tools.pgDump) {
          throw new BackupError(
            `--force keeps a pg_dump of what the database holds before replacing it, and ${missingToolAdvice('pg_dump', undefined)}`,
          );
        }
      }
    }
    if (problems.length) {
      throw new BackupError(
        `${problems.join('; and ')}. Restore into an empty ${kind === 'postgres' ? 'data folder and database' : 'or new data folder'}, ` +
          `or add --force to replace what is there (it is kept aside in ${path.join(dataDir, `${REPLACED_PREFIX}<time>`)})`,
      );
    }

    report(`Reading and checking ${file}…`);
    const staging = scratch.add(path.join(dataDir, `${STAGING_PREFIX}${fileStamp()}-${process.pid}`));
    await mkdir(staging, { mode: 0o700 });
    const manifest = await readBackup(file, staging);
    summarize(manifest, report);
    if (manifest.database.kind !== kind) {
      throw new BackupError(
        manifest.database.kind === 'sqlite'
          ? 'the backup holds a SQLite database, and DATABASE_URL is set: unset DATABASE_URL to restore it into DATA_DIR (moving between SQLite and PostgreSQL is not supported)'
          : 'the backup holds a PostgreSQL database: set DATABASE_URL to the (empty) database to restore it into',
      );
    }
    const schema = compareSchema(manifest.migrations);
    if (schema.kind === 'newer') {
      throw new BackupError(
        `the backup's schema (${manifest.schemaVersion}) is newer than this portal knows (its latest migration is ${migrationNames.at(-1)}; ` +
          `unknown: ${schema.unknown.join(', ')}): restore it with the portal version that made it (${manifest.portalVersion}) or a newer one`,
      );
    }
    checkSecret(manifest, storage, staging);

    const stamp = fileStamp();
    const aside = path.join(dataDir, `${REPLACED_PREFIX}${stamp}`);
    if (manifest.database.kind === 'sqlite') {
      const restored = migrationsOfFile(path.join(staging, ...ARCHIVE.sqlite.split('/')));
      if (restored.join() !== manifest.migrations.join()) {
        throw new BackupError(`${file} is damaged: its database's migrations differ from its manifest's`);
      }
    } else {
      await restorePostgres(manifest, storage.databaseUrl!, target!, tools!, {
        staging,
        aside,
        scratch,
        report,
      });
    }

    // The data folder's part: what is there goes aside, the backup's files take its place (renames only).
    if (existing.length) {
      await moveEntries(dataDir, aside, existing);
      report(`Moved what DATA_DIR held (${existing.join(', ')}) to ${aside}.`);
    }
    const incoming: Array<[string, string]> = [];
    if (manifest.database.kind === 'sqlite') incoming.push([ARCHIVE.sqlite, SQLITE_FILE_NAME]);
    if (existsSync(path.join(staging, 'uploads'))) incoming.push(['uploads', 'uploads']);
    if (manifest.appSecret.source === 'file') incoming.push([ARCHIVE.appSecret, APP_SECRET_FILE_NAME]);
    for (const [from, to] of incoming)
      await rename(path.join(staging, ...from.split('/')), path.join(dataDir, to));
    if (owner && process.getuid?.() === 0 && owner.uid !== 0) {
      // The lock too: the restore may have made it, and the portal opens it for writing.
      for (const name of [...incoming.map(([, to]) => to), SQLITE_LOCK_FILE_NAME]) {
        await chownTree(path.join(dataDir, name), owner.uid, owner.gid);
      }
    }
    await rm(staging, { recursive: true, force: true });
    scratch.keep(staging);
    scratch.keep(dataDir);
    syncFolder(dataDir);

    report(
      `Restored into ${dataDir}${manifest.database.kind === 'postgres' ? ` and ${redactUrl(storage.databaseUrl!)}` : ''}.`,
    );
    if (schema.kind === 'older') {
      report(
        `The backup's schema is older than this portal's: ${schema.pending.length} migration(s) (${schema.pending.join(', ')}) are applied when the portal starts.`,
      );
    }
    report('Start the portal (npm start) with the same DATA_DIR, DATABASE_URL and APP_SECRET.');
    return manifest;
  } finally {
    release();
  }
}

/**
 * Creates DATA_DIR when it does not exist (its parent must); answers the owner of an existing one, to give
 * the restored files to when running as root.
 */
function prepareDataFolder(dataDir: string, scratch: Scratch): { uid: number; gid: number } | undefined {
  if (existsSync(dataDir)) {
    const info = statSync(dataDir);
    if (!info.isDirectory()) throw new BackupError(`DATA_DIR ${dataDir} is not a folder`);
    return { uid: info.uid, gid: info.gid };
  }
  const parent = path.dirname(dataDir);
  if (!existsSync(parent))
    throw new BackupError(`the folder ${parent} (DATA_DIR's parent) does not exist: create it first`);
  // Removed again if the restore fails.
  scratch.add(dataDir);
  mkdirSync(dataDir, { mode: 0o700 });
  return undefined;
}

/**
 * The secret the restored portal will use (APP_SECRET if set here, else the backup's app-secret file) must be
 * the one the backup was made with: with another, the portal cannot decrypt its signing key and does not
 * start, and the traders' secrets and queued mail cannot be read.
 */
function checkSecret(manifest: Manifest, storage: StorageConfig, staging: string): void {
  const fromBackup =
    manifest.appSecret.source === 'file'
      ? readFileSync(path.join(staging, ARCHIVE.appSecret), 'utf8').trim()
      : undefined;
  const secret = storage.appSecret ?? fromBackup;
  if (!secret) {
    throw new BackupError(
      'the backup was made with APP_SECRET set in the environment, so it does not hold the secret: set the same APP_SECRET for this restore and for the portal',
    );
  }
  if (secretFingerprint(secret) !== manifest.appSecret.fingerprint) {
    throw new BackupError(
      fromBackup
        ? "APP_SECRET is set here to another secret than the one the backup was made with (its app-secret file): unset APP_SECRET to use the backup's, or set it to that secret"
        : 'APP_SECRET is set here to another secret than the one the backup was made with: set it to the secret the portal had then',
    );
  }
}

async function restorePostgres(
  manifest: Manifest,
  databaseUrl: string,
  target: PostgresTarget,
  tools: { pgRestore: string; pgDump: string | undefined },
  work: { staging: string; aside: string; scratch: Scratch; report: (line: string) => void },
): Promise<void> {
  const { staging, aside, scratch, report } = work;
  if (manifest.database.kind !== 'postgres') return;
  const { schema, extensions } = manifest.database;
  if (target.schema !== schema) {
    throw new BackupError(
      `the backup holds the schema "${schema}", and DATABASE_URL's search_path gives "${target.schema}": restore into a database whose portal schema is "${schema}"`,
    );
  }
  let kept: string | undefined;
  if (target.objects) {
    // Removed again if the restore stops before the schema is emptied: until then the database has it all.
    await mkdir(scratch.add(aside), { mode: 0o700 });
    kept = path.join(aside, 'database.pgdump');
    report(`Saving what schema "${schema}" of ${target.database} holds now to ${kept} (pg_dump)…`);
    await dumpSchema(tools.pgDump!, databaseUrl, schema, kept);
    await emptySchema(databaseUrl, schema);
    scratch.keep(aside);
  }
  report(
    `Restoring the database into ${redactUrl(databaseUrl)}, schema "${schema}" (pg_restore, one transaction)…`,
  );
  try {
    await prepareTarget(databaseUrl, schema, extensions);
    await restoreDump(
      tools.pgRestore,
      databaseUrl,
      path.join(staging, ...ARCHIVE.postgres.split('/')),
      staging,
    );
  } catch (error) {
    if (kept && error instanceof BackupError) {
      throw new BackupError(
        `${error.message}. The schema was emptied first; what it held is in ${kept} (docs/operations.md, "Restoring", says how to put it back)`,
      );
    }
    throw error;
  }
  const restored = await migrationsInDatabase(databaseUrl, schema);
  if (restored.join() !== manifest.migrations.join()) {
    throw new BackupError("the restored database's migrations differ from the backup's manifest");
  }
}
