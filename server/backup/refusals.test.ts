import { randomBytes } from 'node:crypto';
import {
  chownSync,
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.ts';
import * as lastMigration from '../db/migrations/0026-sign-in-two-factor.ts';
import { migrateToLatest, migrationNames } from '../db/migrator.ts';
import { adminQuery, createTestDatabase, tempDir } from '../test/databases.ts';
import { type PortalProcess, runCli, startPortalProcess } from '../test/portal-process.ts';
import { SERVER_START_MS } from '../test/server-process.ts';
import { findProgram } from './postgres.ts';
import { readTar, TarWriter } from './tar.ts';

// What `npm run db:backup` and `npm run db:restore` refuse, each with one line and exit code 1, leaving
// nothing half-done behind; and what they accept (an older schema, --force with the old data kept aside).
// The refusal of a running portal is in online-backup.test.ts, next to a real one.

const SECRET = `backup-refusals-${randomBytes(24).toString('hex')}`;

/** A stopped portal's data folder on SQLite: a migrated database, the generated secret, one upload. */
async function dataFolder(prepare?: (file: string) => Promise<void> | void): Promise<string> {
  const testDb = await createTestDatabase('sqlite');
  await testDb.database.close();
  const file = path.join(testDb.dataDir, 'portal.db');
  await prepare?.(file);
  writeFileSync(path.join(testDb.dataDir, 'app-secret'), `${SECRET}\n`, { mode: 0o600 });
  mkdirSync(path.join(testDb.dataDir, 'uploads', 'images'), { recursive: true });
  writeFileSync(path.join(testDb.dataDir, 'uploads', 'images', 'cover.webp'), randomBytes(300));
  return testDb.dataDir;
}

async function backupOf(dataDir: string, env: Record<string, string> = {}): Promise<string> {
  const file = path.join(tempDir(), 'portal.tar.gz');
  const result = await runCli('backup', [file], { DATA_DIR: dataDir, ...env });
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  return file;
}

/** A copy of a backup with its entries changed by `edit` (undefined leaves one out). */
async function rewritten(
  file: string,
  edit: (name: string, data: Buffer) => Buffer | undefined,
): Promise<string> {
  const out = path.join(tempDir(), 'rewritten.tar.gz');
  const gzip = createGzip();
  const done = pipeline(gzip, createWriteStream(out));
  const tar = new TarWriter(gzip);
  await readTar(createReadStream(file).pipe(createGunzip()), async (entry, body) => {
    const parts: Buffer[] = [];
    for await (const piece of body) parts.push(piece);
    const data = edit(entry.path, Buffer.concat(parts));
    if (data) await tar.addBuffer(entry.path, data);
  });
  await tar.finish();
  gzip.end();
  await done;
  return out;
}

/** One line on stderr, starting as the command's failures do, and no stack trace. */
function expectRefusal(result: { code: number | null; stderr: string }, task: string, pattern: RegExp) {
  expect(result.code).toBe(1);
  const lines = result.stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(new RegExp(`^Cannot ${task}: `));
  expect(lines[0]).toMatch(pattern);
}

/**
 * A test here runs up to three commands, each a process that loads the portal's modules: a few seconds each
 * alone, over 10 s each on a machine kept busy (30 s was not enough there).
 */
const COMMANDS_TIMEOUT_MS = 120_000;

describe('backup refusals', { timeout: COMMANDS_TIMEOUT_MS }, () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await dataFolder();
  });

  it('does not overwrite an existing file unless --force, and writes it private (0600)', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'portal.tar.gz');
    writeFileSync(file, 'an older backup');
    const refused = await runCli('backup', [file], { DATA_DIR: dataDir });
    expectRefusal(refused, 'back up', /portal\.tar\.gz already exists: choose another name, or add --force/);
    expect(readFileSync(file, 'utf8')).toBe('an older backup');
    expect(readdirSync(dir)).toEqual(['portal.tar.gz']);

    const forced = await runCli('backup', ['--force', file], { DATA_DIR: dataDir });
    expect(forced.code).toBe(0);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const checked = await runCli('restore', ['--check', file], {});
    expect(checked.code).toBe(0);
    expect(checked.stdout).toMatch(/is complete: every file matches its checksum/);
    expect(readdirSync(dir)).toEqual(['portal.tar.gz']);
  });

  it('leaves nothing behind when the database cannot be copied', async () => {
    const broken = tempDir();
    writeFileSync(path.join(broken, 'portal.db'), 'not a database, although named like one');
    writeFileSync(path.join(broken, 'app-secret'), SECRET);
    const dir = tempDir();
    const result = await runCli('backup', [path.join(dir, 'portal.tar.gz')], { DATA_DIR: broken });
    expectRefusal(result, 'back up', /portal\.db/);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('names the data folder when it holds no database, or no secret', async () => {
    const dir = tempDir();
    const empty = tempDir();
    writeFileSync(path.join(empty, 'app-secret'), SECRET);
    expectRefusal(
      await runCli('backup', [path.join(dir, 'a.tar.gz')], { DATA_DIR: empty }),
      'back up',
      /there is no database at .*portal\.db: check DATA_DIR/,
    );
    const noSecret = tempDir();
    expectRefusal(
      await runCli('backup', [path.join(dir, 'a.tar.gz')], { DATA_DIR: noSecret }),
      'back up',
      /neither APP_SECRET nor .*app-secret is there/,
    );
    expect(readdirSync(dir)).toEqual([]);
    expect(readdirSync(noSecret)).toEqual([]);
  });

  it('refuses to write into the uploads folder, which the portal serves to anyone', async () => {
    const file = path.join(dataDir, 'uploads', 'images', 'backup.tar.gz');
    expectRefusal(
      await runCli('backup', [file], { DATA_DIR: dataDir }),
      'back up',
      /is inside the uploads folder, which the portal serves publicly/,
    );
    expect(readdirSync(path.join(dataDir, 'uploads', 'images'))).toEqual(['cover.webp']);
  });

  it('explains its usage, and exits 2 when it is wrong', async () => {
    const help = await runCli('backup', ['--help'], {});
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: npm run db:backup -- \[--force\] <file>/);
    const wrong = await runCli('backup', ['--frce', 'x.tar.gz'], {});
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(/Unknown option '--frce'[\s\S]*Usage: npm run db:backup/);
    expect((await runCli('restore', [], {})).code).toBe(2);
  });
});

describe('restore refusals', { timeout: COMMANDS_TIMEOUT_MS }, () => {
  let dataDir: string;
  let backup: string;
  beforeAll(async () => {
    dataDir = await dataFolder();
    backup = await backupOf(dataDir);
  });

  /** A place for a data folder that does not exist yet: a refused restore must not create it. */
  const absentFolder = () => path.join(tempDir(), 'data');

  it('refuses a damaged file, and creates nothing', async () => {
    const bytes = readFileSync(backup);
    const flipped = Buffer.from(bytes);
    flipped[Math.floor(bytes.length / 2)] = flipped[Math.floor(bytes.length / 2)]! ^ 0x5a;
    const damaged = path.join(tempDir(), 'damaged.tar.gz');
    writeFileSync(damaged, flipped);
    const target = absentFolder();
    expectRefusal(
      await runCli('restore', [damaged], { DATA_DIR: target }),
      'restore',
      /is not a portal backup or is damaged/,
    );
    expect(existsSync(target)).toBe(false);

    const cut = path.join(tempDir(), 'cut.tar.gz');
    writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length * 0.7)));
    expectRefusal(
      await runCli('restore', [cut], { DATA_DIR: target }),
      'restore',
      /is damaged: .*(truncated|unexpected end)/,
    );
    expect(existsSync(target)).toBe(false);

    const notBackup = path.join(tempDir(), 'notes.txt');
    writeFileSync(notBackup, 'shopping list');
    expectRefusal(
      await runCli('restore', [notBackup], { DATA_DIR: target }),
      'restore',
      /not a portal backup/,
    );
    expect(existsSync(target)).toBe(false);
  });

  it('refuses a file whose content does not match its manifest, and leaves the data folder as it was', async () => {
    const altered = await rewritten(backup, (name, data) =>
      name.startsWith('uploads/') ? Buffer.concat([data, Buffer.from('x')]) : data,
    );
    const target = tempDir();
    writeFileSync(path.join(target, 'notes'), 'keep me');
    const result = await runCli('restore', ['--force', altered], { DATA_DIR: target });
    expectRefusal(
      result,
      'restore',
      /uploads\/images\/cover\.webp does not match its checksum in the manifest/,
    );
    // Only the lock a restore takes (as a portal does) is new.
    expect(readdirSync(target).sort()).toEqual(['notes', 'portal.lock']);
    expect(readFileSync(path.join(target, 'notes'), 'utf8')).toBe('keep me');
    expect((await runCli('restore', ['--check', altered], {})).code).toBe(1);
  });

  it('refuses a backup without its manifest (one that was interrupted)', async () => {
    const unfinished = await rewritten(backup, (name, data) => (name === 'manifest.json' ? undefined : data));
    const target = absentFolder();
    expectRefusal(
      await runCli('restore', [unfinished], { DATA_DIR: target }),
      'restore',
      /it has no manifest/,
    );
    expect(existsSync(target)).toBe(false);
  });

  it('refuses a backup of a newer schema, naming it', async () => {
    const newer = await dataFolder((file) => {
      const db = new SQLite(file);
      db.prepare('insert into kysely_migration (name, timestamp) values (?, ?)').run(
        '9999-from-the-future',
        new Date().toISOString(),
      );
      db.close();
    });
    const file = await backupOf(newer);
    const target = absentFolder();
    const result = await runCli('restore', [file], { DATA_DIR: target });
    expectRefusal(
      result,
      'restore',
      new RegExp(
        `the backup's schema \\(9999-from-the-future\\) is newer than this portal knows \\(its latest migration is ${migrationNames.at(-1)}; unknown: 9999-from-the-future\\): restore it with the portal version that made it`,
      ),
    );
    expect(existsSync(target)).toBe(false);
  });

  it('refuses a data folder that is not empty unless --force, which keeps the old files aside', async () => {
    const target = tempDir();
    writeFileSync(path.join(target, 'portal.db'), 'the database of another portal');
    mkdirSync(path.join(target, 'uploads'));
    writeFileSync(path.join(target, 'uploads', 'old.webp'), 'old image');
    const refused = await runCli('restore', [backup], { DATA_DIR: target });
    expectRefusal(refused, 'restore', /DATA_DIR .* is not empty \(portal\.db, uploads\).*add --force/);
    expect(readFileSync(path.join(target, 'portal.db'), 'utf8')).toBe('the database of another portal');

    const forced = await runCli('restore', ['--force', backup], { DATA_DIR: target });
    expect(forced.stderr).toBe('');
    expect(forced.code).toBe(0);
    const aside = readdirSync(target).find((name) => name.startsWith('replaced-'))!;
    expect(forced.stdout).toContain(
      `Moved what DATA_DIR held (portal.db, uploads) to ${path.join(target, aside)}`,
    );
    expect(readFileSync(path.join(target, aside, 'portal.db'), 'utf8')).toBe(
      'the database of another portal',
    );
    expect(readFileSync(path.join(target, aside, 'uploads', 'old.webp'), 'utf8')).toBe('old image');
    expect(readdirSync(target).sort()).toEqual(
      ['app-secret', 'portal.db', 'portal.lock', aside, 'uploads'].sort(),
    );
    expect(readFileSync(path.join(target, 'app-secret'), 'utf8').trim()).toBe(SECRET);
    expect(statSync(path.join(target, 'app-secret')).mode & 0o777).toBe(0o600);
    expect(readFileSync(path.join(target, 'uploads', 'images', 'cover.webp'))).toEqual(
      readFileSync(path.join(dataDir, 'uploads', 'images', 'cover.webp')),
    );
  });

  it.runIf(process.getuid?.() === 0)(
    'run as root, gives the restored files to the data folder’s owner',
    async () => {
      const target = tempDir();
      const nobody = { uid: 65534, gid: 65534 };
      chownSync(target, nobody.uid, nobody.gid);
      const result = await runCli('restore', [backup], { DATA_DIR: target });
      expect(result.code).toBe(0);
      for (const name of ['portal.db', 'portal.lock', 'app-secret', 'uploads', 'uploads/images/cover.webp']) {
        const { uid, gid } = statSync(path.join(target, name));
        expect({ name, uid, gid }).toEqual({ name, ...nobody });
      }
    },
  );

  it('refuses another APP_SECRET than the backup was made with', async () => {
    const target = absentFolder();
    const result = await runCli('restore', [backup], {
      DATA_DIR: target,
      APP_SECRET: 'another-secret-of-at-least-32-characters!',
    });
    expectRefusal(
      result,
      'restore',
      /APP_SECRET is set here to another secret than the one the backup was made with/,
    );
    expect(existsSync(target)).toBe(false);
  });

  it.runIf(process.env.TEST_DATABASE_URL && findProgram('pg_restore'))(
    'refuses a SQLite backup when DATABASE_URL is set',
    async () => {
      const result = await runCli('restore', [backup], {
        DATA_DIR: absentFolder(),
        DATABASE_URL: await emptyDatabase(),
      });
      expectRefusal(result, 'restore', /the backup holds a SQLite database, and DATABASE_URL is set/);
    },
  );
});

describe('an older backup', () => {
  let portal: PortalProcess | undefined;
  afterAll(async () => {
    await portal?.stop();
  });

  it('is restored, and the portal brings its schema up to date when it starts', {
    timeout: SERVER_START_MS + 30_000,
  }, async () => {
    const older = await dataFolder(async (file) => {
      const database = await openDatabase({ dataDir: path.dirname(file) });
      await lastMigration.down(database.db, database.dialect);
      await sql`delete from kysely_migration where name = ${migrationNames.at(-1)}`.execute(database.db);
      await database.close();
    });
    const file = await backupOf(older);
    const target = path.join(tempDir(), 'data');
    const restored = await runCli('restore', [file], { DATA_DIR: target });
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain(
      `1 migration(s) (${migrationNames.at(-1)}) are applied when the portal starts`,
    );
    portal = await startPortalProcess({ DATA_DIR: target });
    expect(await portal.stop()).toBe(0);
    const db = new SQLite(path.join(target, 'portal.db'), { readonly: true });
    const applied = db.prepare('select name from kysely_migration order by name').all() as Array<{
      name: string;
    }>;
    db.close();
    expect(applied.map((row) => row.name)).toEqual(migrationNames);
  });
});

const PG_URL = process.env.TEST_DATABASE_URL;

/** An empty database beside TEST_DATABASE_URL's, dropped after the file's tests. */
const databases: string[] = [];
async function emptyDatabase(): Promise<string> {
  const name = `refusal_${randomBytes(5).toString('hex')}`;
  await adminQuery(PG_URL!, `create database ${name}`);
  databases.push(name);
  const url = new URL(PG_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}
afterAll(async () => {
  for (const name of databases) await adminQuery(PG_URL!, `drop database if exists ${name} with (force)`);
});

describe.runIf(PG_URL)('on PostgreSQL', () => {
  /** A migrated portal database with its data folder (a secret and one upload). */
  async function portalDatabase(): Promise<{ url: string; dataDir: string }> {
    const url = await emptyDatabase();
    const dataDir = await dataFolder();
    const database = await openDatabase({ dataDir, databaseUrl: url });
    await migrateToLatest(database);
    await database.close();
    return { url, dataDir };
  }

  it('explains what to do when pg_dump is not installed', async () => {
    const { url, dataDir } = await portalDatabase();
    const dir = tempDir();
    // Only node's own folder on PATH: no PostgreSQL client tools.
    const result = await runCli('backup', [path.join(dir, 'pg.tar.gz')], {
      DATA_DIR: dataDir,
      DATABASE_URL: url,
      PATH: path.dirname(process.execPath),
    });
    expectRefusal(
      result,
      'back up',
      /pg_dump was not found on PATH\. .*install them \(PostgreSQL \d+ or newer; on Debian or Ubuntu `apt-get install postgresql-client-\d+`/,
    );
    expect(readdirSync(dir)).toEqual([]);
  });

  it.runIf(findProgram('pg_dump') && findProgram('pg_restore'))(
    'refuses a database that is not empty unless --force, which keeps a dump of it aside',
    { timeout: COMMANDS_TIMEOUT_MS },
    async () => {
      const source = await portalDatabase();
      const file = await backupOf(source.dataDir, { DATABASE_URL: source.url });
      const other = await portalDatabase();
      const target = tempDir();
      const refused = await runCli('restore', [file], { DATA_DIR: target, DATABASE_URL: other.url });
      expectRefusal(
        refused,
        'restore',
        /the database refusal_\w+ already holds \d+ table\(s\).* in schema "public".*add --force/,
      );

      const forced = await runCli('restore', ['--force', file], {
        DATA_DIR: target,
        DATABASE_URL: other.url,
      });
      expect(forced.stderr).toBe('');
      expect(forced.code).toBe(0);
      const aside = readdirSync(target).find((name) => name.startsWith('replaced-'))!;
      expect(statSync(path.join(target, aside, 'database.pgdump')).mode & 0o777).toBe(0o600);
      expect(readFileSync(path.join(target, 'app-secret'), 'utf8').trim()).toBe(SECRET);
    },
  );
});
