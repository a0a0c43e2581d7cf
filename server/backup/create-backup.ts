import {
  accessSync,
  constants,
  createWriteStream,
  existsSync,
  readFileSync,
  realpathSync,
  statSync,
} from 'node:fs';
import { link, mkdir, rename, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { APP_SECRET_FILE_NAME, redactUrl, type StorageConfig } from '../config.ts';
import { SQLITE_FILE_NAME } from '../db/database.ts';
import { filesUnder, type Scratch, syncFolder } from './files.ts';
import {
  ARCHIVE,
  BACKUP_FORMAT_VERSION,
  BackupError,
  formatBytes,
  latestMigration,
  type Manifest,
  portalVersion,
  secretFingerprint,
} from './manifest.ts';
import {
  describeSource,
  dumpSchema,
  findProgram,
  missingToolAdvice,
  serverMajor,
  toolMajor,
} from './postgres.ts';
import { snapshotSqlite } from './sqlite.ts';
import { TarWriter, type WrittenFile } from './tar.ts';

export type BackupOptions = {
  /** The backup file to write (relative to the working folder). */
  output: string;
  /** Replace an existing file of that name. */
  force: boolean;
  storage: StorageConfig;
  scratch: Scratch;
  report: (line: string) => void;
};

/**
 * `npm run db:backup -- <file>`: one .tar.gz holding a consistent copy of the database (made while the
 * portal runs), then the uploads, the generated app secret and, last, the manifest with every file's size
 * and SHA-256. Written under a temporary name beside the target and renamed into place at the very end.
 */
export async function createBackup(options: BackupOptions): Promise<{ file: string; manifest: Manifest }> {
  const { storage, report, scratch } = options;
  const output = path.resolve(options.output);
  checkOutput(output, options.force);
  if (!existsSync(storage.dataDir) || !statSync(storage.dataDir).isDirectory()) {
    throw new BackupError(
      `DATA_DIR ${storage.dataDir} is not a folder: point DATA_DIR at the portal's data folder`,
    );
  }
  try {
    accessSync(storage.dataDir, constants.R_OK | constants.X_OK);
  } catch {
    throw new BackupError(
      `DATA_DIR ${storage.dataDir} cannot be read by this user: run the backup as the portal's user`,
    );
  }
  const uploadsDir = path.join(storage.dataDir, 'uploads');
  const uploadsReal = existsSync(uploadsDir) ? realpathSync(uploadsDir) : uploadsDir;
  if (isInside(path.join(realpathSync(path.dirname(output)), path.basename(output)), uploadsReal)) {
    // The portal serves every file there to anyone at /uploads/….
    throw new BackupError(
      `${output} is inside the uploads folder, which the portal serves publicly: write it elsewhere`,
    );
  }
  const secret = appSecretOf(storage);
  const partial = scratch.add(`${output}.partial-${process.pid}`);
  const work = scratch.add(`${output}.partial-${process.pid}.d`);
  await mkdir(work, { mode: 0o700 });

  // The database first, then the uploads: a file that a row of the copy names was complete before that row
  // was committed, so it is there when the uploads are read. (Uploads are written once, under random names,
  // and never changed or deleted.)
  const database = storage.databaseUrl
    ? await dumpPostgres(storage.databaseUrl, work, report)
    : await copySqlite(storage.dataDir, work, report);

  const uploads = await filesUnder(uploadsDir);
  for (const name of uploads.skipped) report(`  Left out uploads/${name}: not a regular file.`);

  const files: WrittenFile[] = [];
  const gzip = createGzip();
  const written = pipeline(gzip, createWriteStream(partial, { flags: 'wx', mode: 0o600, flush: true }));
  // A failed write (a full disk) ends the pipeline: stop feeding it at once.
  written.catch((error: Error) => gzip.destroy(error));
  const tar = new TarWriter(gzip);
  try {
    files.push(await tar.addFile(database.archivePath, database.file, 0o600));
    if (secret.source === 'file') files.push(await tar.addFile(ARCHIVE.appSecret, secret.file, 0o600));
    let uploadBytes = 0;
    if (uploads.files.length) report(`Adding ${uploads.files.length} upload file(s) from ${uploadsDir}…`);
    for (const name of uploads.files) {
      const file = await tar.addFile(`${ARCHIVE.uploads}${name}`, path.join(uploadsDir, name));
      uploadBytes += file.size;
      files.push(file);
    }
    const manifest: Manifest = {
      format: 'portal-backup',
      formatVersion: BACKUP_FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      portalVersion: portalVersion(),
      database: database.description,
      schemaVersion: latestMigration(database.migrations),
      migrations: database.migrations,
      appSecret: { source: secret.source, fingerprint: secretFingerprint(secret.value) },
      uploads: { files: uploads.files.length, bytes: uploadBytes },
      files,
    };
    await tar.addBuffer(ARCHIVE.manifest, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
    await tar.finish();
    gzip.end();
    await written;
    await rm(work, { recursive: true, force: true });
    scratch.keep(work);
    await moveIntoPlace(partial, output, options.force);
    scratch.keep(partial);
    const size = (await stat(output)).size;
    report(
      `Backup written: ${output} (${formatBytes(size)}): schema ${manifest.schemaVersion}, ` +
        `${manifest.uploads.files} upload file(s), made by portal ${manifest.portalVersion}.`,
    );
    report(
      secret.source === 'file'
        ? 'It holds the app secret (DATA_DIR/app-secret) with the data: keep it as safe as the data folder.'
        : 'APP_SECRET is set in the environment, so it is not in the backup: keep it with the backup, a restore needs the same APP_SECRET.',
    );
    return { file: output, manifest };
  } catch (error) {
    gzip.destroy();
    await written.catch(() => {});
    throw error;
  }
}

const isInside = (child: string, parent: string) => child.startsWith(`${parent}${path.sep}`);

function checkOutput(output: string, force: boolean): void {
  if (existsSync(output)) {
    if (statSync(output).isDirectory()) {
      throw new BackupError(
        `${output} is a folder: name the backup file, e.g. ${path.join(output, 'portal.tar.gz')}`,
      );
    }
    if (!force) {
      throw new BackupError(`${output} already exists: choose another name, or add --force to replace it`);
    }
  }
  const dir = path.dirname(output);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    throw new BackupError(`the folder ${dir} does not exist: create it first`);
  }
}

type SecretSource =
  | { source: 'file'; file: string; value: string }
  | { source: 'environment'; value: string };

/**
 * The secret the portal uses (APP_SECRET, else DATA_DIR/app-secret). Without it a restored portal cannot
 * read its signing key, the traders' secrets or queued mail, so a backup without one is refused.
 */
function appSecretOf(storage: StorageConfig): SecretSource {
  if (storage.appSecret) return { source: 'environment', value: storage.appSecret };
  const file = path.join(storage.dataDir, APP_SECRET_FILE_NAME);
  if (!existsSync(file)) {
    throw new BackupError(
      `neither APP_SECRET nor ${file} is there: the portal's data cannot be read back without its secret. ` +
        'Run this with the same DATA_DIR and APP_SECRET as the portal',
    );
  }
  return { source: 'file', file, value: readFileSync(file, 'utf8').trim() };
}

type DatabaseCopy = {
  file: string;
  archivePath: string;
  migrations: string[];
  description: Manifest['database'];
};

async function copySqlite(
  dataDir: string,
  work: string,
  report: (line: string) => void,
): Promise<DatabaseCopy> {
  const source = path.join(dataDir, SQLITE_FILE_NAME);
  report(`Copying the SQLite database ${source} (online: the portal may keep running)…`);
  const started = Date.now();
  const file = path.join(work, SQLITE_FILE_NAME);
  const { migrations } = await snapshotSqlite(source, file);
  report(
    `  Copied ${formatBytes(statSync(file).size)} in ${((Date.now() - started) / 1000).toFixed(1)} s; schema ${latestMigration(migrations)}.`,
  );
  return {
    file,
    archivePath: ARCHIVE.sqlite,
    migrations,
    description: { kind: 'sqlite', file: ARCHIVE.sqlite },
  };
}

async function dumpPostgres(
  databaseUrl: string,
  work: string,
  report: (line: string) => void,
): Promise<DatabaseCopy> {
  const location = redactUrl(databaseUrl);
  const pgDump = findProgram('pg_dump');
  if (!pgDump) throw new BackupError(missingToolAdvice('pg_dump', await serverMajor(databaseUrl)));
  const source = await describeSource(databaseUrl);
  const major = await toolMajor(pgDump);
  if (major !== undefined && major < source.serverMajor) {
    throw new BackupError(
      `${pgDump} is version ${major}, older than the server (${source.serverVersion}), and cannot dump it: ` +
        `install PostgreSQL ${source.serverMajor}'s client tools (e.g. \`apt-get install postgresql-client-${source.serverMajor}\`) and put them first on PATH`,
    );
  }
  report(
    `Dumping PostgreSQL ${location}, schema "${source.schema}" (pg_dump, one consistent snapshot: the portal may keep running)…`,
  );
  const started = Date.now();
  const file = path.join(work, 'portal.pgdump');
  await dumpSchema(pgDump, databaseUrl, source.schema, file);
  report(
    `  Dumped ${formatBytes(statSync(file).size)} in ${((Date.now() - started) / 1000).toFixed(1)} s; schema ${latestMigration(source.migrations)}.`,
  );
  return {
    file,
    archivePath: ARCHIVE.postgres,
    migrations: source.migrations,
    description: {
      kind: 'postgres',
      file: ARCHIVE.postgres,
      schema: source.schema,
      serverVersion: source.serverVersion,
      extensions: source.extensions,
    },
  };
}

/**
 * The finished file takes its name only now. Without --force a hard link gives it the name only if nothing
 * has it (a file made meanwhile is not replaced); with --force a rename replaces the old file at once.
 */
async function moveIntoPlace(partial: string, output: string, force: boolean): Promise<void> {
  if (force) {
    await rename(partial, output);
  } else {
    try {
      await link(partial, output);
      await unlink(partial);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') {
        throw new BackupError(`${output} was created by someone else meanwhile: add --force to replace it`);
      }
      // A file system without hard links: the check at the start has to do.
      if (existsSync(output)) throw new BackupError(`${output} already exists: add --force to replace it`);
      await rename(partial, output);
    }
  }
  syncFolder(path.dirname(output));
}
