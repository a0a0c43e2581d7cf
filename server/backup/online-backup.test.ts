import { createHash, randomBytes, randomInt } from 'node:crypto';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { adminQuery, tempDir } from '../test/databases.ts';
import { signInOverHttp } from '../test/http-sign-in.ts';
import { eventually } from '../test/hub-client.ts';
import {
  PORTAL_ADMIN,
  type PortalProcess,
  runCli,
  runNpmScript,
  startPortalProcess,
} from '../test/portal-process.ts';
import { SERVER_START_MS } from '../test/server-process.ts';
import { findProgram } from './postgres.ts';

// The backup's promise, end to end: `npm run db:backup` of a portal that keeps acknowledging writes (an
// uploaded cover image, then an article using it) while the backup runs; `npm run db:restore` into a fresh
// data folder (and on PostgreSQL a fresh database); a portal started on it has every write acknowledged
// before the backup began, with its image byte for byte, and no restored article lacks its image.
// On PostgreSQL when TEST_DATABASE_URL is set and PostgreSQL's client tools (pg_dump, pg_restore) are on
// PATH; without them the refusal tests check the explanation instead.

const PG_URL = process.env.TEST_DATABASE_URL;
const PG_TOOLS = Boolean(findProgram('pg_dump') && findProgram('pg_restore'));
const DIALECTS: Array<'sqlite' | 'postgres'> = PG_URL && PG_TOOLS ? ['sqlite', 'postgres'] : ['sqlite'];
/** Writes acknowledged before the backup starts (at least). */
const WRITES_BEFORE = 24;
const WRITERS = 3;

type Write = { id: number; headLine: string; picture: string };
type Auth = { authorization: string };

const portals: PortalProcess[] = [];
const cleanups: Array<() => Promise<unknown>> = [];

afterEach(async () => {
  for (const portal of portals.splice(0)) {
    portal.child.kill('SIGKILL');
    await portal.stop();
  }
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function start(env: Record<string, string>, admin: typeof PORTAL_ADMIN): Promise<PortalProcess> {
  const portal = await startPortalProcess(env, admin);
  portals.push(portal);
  return portal;
}

/** A database of its own beside TEST_DATABASE_URL's (a portal takes no schema name), dropped afterwards. */
async function freshDatabase(): Promise<string> {
  const name = `backup_${randomBytes(5).toString('hex')}`;
  await adminQuery(PG_URL!, `create database ${name}`);
  cleanups.push(() => adminQuery(PG_URL!, `drop database if exists ${name} with (force)`));
  const url = new URL(PG_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Uploads a small image of a random colour; one at a time (the portal takes one image per person at once). */
function uploader(base: string, auth: Auth): () => Promise<string> {
  let previous: Promise<unknown> = Promise.resolve();
  const upload = async () => {
    const background = { r: randomInt(256), g: randomInt(256), b: randomInt(256) };
    const image = await sharp({ create: { width: 24, height: 16, channels: 3, background } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'cover.png');
    const res = await fetch(`${base}/api/FileSave/Upload`, { method: 'POST', headers: auth, body: form });
    if (res.status !== 200) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
    return ((await res.json()) as Array<{ url: string }>)[0]!.url;
  };
  return () => {
    const turn = previous.then(upload);
    previous = turn.catch(() => {});
    return turn;
  };
}

/** One writer: upload an image, then an article with it as cover; each acknowledged write is recorded. */
async function writeUntil(
  base: string,
  auth: Auth,
  upload: () => Promise<string>,
  classification: number,
  worker: number,
  acknowledged: Write[],
  stopped: () => boolean,
): Promise<void> {
  for (let n = 0; !stopped(); n++) {
    const url = await upload();
    const headLine = `Write ${worker}-${n}`;
    const added = await fetch(`${base}/Articles/AddArticle`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({
        headLine,
        description: 'backup test',
        classification,
        text: '<p>body</p>',
        picture: url,
      }),
    });
    if (added.status !== 200) throw new Error(`AddArticle answered ${added.status}: ${await added.text()}`);
    const { id } = (await added.json()) as { id: number };
    acknowledged.push({ id, headLine, picture: url });
  }
}

/** A read transaction on the database, held until closed. */
function pinWal(file: string): SQLite.Database {
  const reader = new SQLite(file, { readonly: true, fileMustExist: true });
  reader.exec('begin');
  reader.prepare('select count(*) from kysely_migration').get();
  cleanups.push(async () => reader.close());
  return reader;
}

const sha256 = (data: ArrayBuffer) => createHash('sha256').update(Buffer.from(data)).digest('hex');

async function imageHash(base: string, url: string): Promise<string | undefined> {
  const res = await fetch(`${base}${url}`);
  return res.status === 200 ? sha256(await res.arrayBuffer()) : undefined;
}

async function article(base: string, auth: Auth, id: number) {
  const res = await fetch(`${base}/Articles/GetArticle/${id}`, { headers: auth });
  return res.status === 200 ? ((await res.json()) as { headLine: string; picture: string }) : undefined;
}

describe.each(DIALECTS)('an online backup of a running portal on %s', (dialect) => {
  it('restores into a fresh folder every write acknowledged before it began, uploads included', {
    // Two portal starts, the writes, the backup and the restore.
    timeout: 2 * SERVER_START_MS + 90_000,
  }, async () => {
    // An administrator of this run's own: the restored portal remembers the codes the first one accepted,
    // but the other dialect's portals need not wait for fresh codes after them.
    const admin = { ...PORTAL_ADMIN, email: `backup-admin-${dialect}@example.com` };
    const source: Record<string, string> = { DATA_DIR: tempDir() };
    const target: Record<string, string> = { DATA_DIR: path.join(tempDir(), 'restored') };
    if (dialect === 'postgres') {
      source.DATABASE_URL = await freshDatabase();
      target.DATABASE_URL = await freshDatabase();
    }
    const first = await start(source, admin);
    // On SQLite, a reader of its own keeps every write of this test in the WAL (a checkpoint stops at the
    // oldest reader's snapshot), as recent writes are in a busy portal: a backup that copied portal.db
    // without its WAL would lose them, and the test would say so. Released once the backup is made.
    const walPin = dialect === 'sqlite' ? pinWal(path.join(source.DATA_DIR!, 'portal.db')) : undefined;
    const { auth } = await signInOverHttp(first.base, admin.email, admin.password);
    const classified = await fetch(`${first.base}/api/ArticleClassification/Edit`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ label: 'Backups', sort: 1, show: 1 }),
    });
    const { id: classification } = (await classified.json()) as { id: number };

    const acknowledged: Write[] = [];
    let stopping = false;
    const upload = uploader(first.base, auth);
    const writers = Promise.all(
      Array.from({ length: WRITERS }, (_, worker) =>
        writeUntil(first.base, auth, upload, classification, worker, acknowledged, () => stopping),
      ),
    );
    let failed: unknown;
    writers.catch((error: unknown) => {
      failed = error;
    });
    await eventually(() => {
      if (failed) throw failed;
      return acknowledged.length >= WRITES_BEFORE ? true : undefined;
    }, 60_000);

    // What the portal had acknowledged when the backup began must all be in it.
    const before = [...acknowledged];
    const backupFile = path.join(tempDir(), 'portal-backup.tar.gz');
    const backup = await runNpmScript('db:backup', [backupFile], source);
    const duringBackup = acknowledged.length - before.length;
    stopping = true;
    await writers;
    walPin?.close();
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(/Backup written: .*portal-backup\.tar\.gz .*schema \d{4}-/);
    // The portal kept acknowledging writes while the backup ran.
    expect(duringBackup).toBeGreaterThan(0);

    // A restore into the running portal's data refuses, and the portal is untouched.
    const refused =
      dialect === 'sqlite'
        ? await runCli('restore', [backupFile], source)
        : await runCli('restore', ['--force', backupFile], { ...source, DATA_DIR: tempDir() });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      dialect === 'sqlite'
        ? /^Cannot restore: a portal is running on DATA_DIR .*: stop it first/
        : /^Cannot restore: \d+ other session\(s\) are connected to the database .*: stop the portal/,
    );
    expect((await article(first.base, auth, before[0]!.id))?.headLine).toBe(before[0]!.headLine);

    const images = new Map<string, string | undefined>();
    for (const write of acknowledged) images.set(write.picture, await imageHash(first.base, write.picture));
    expect([...images.values()].every(Boolean)).toBe(true);
    expect(await first.stop()).toBe(0);

    const restore = await runNpmScript('db:restore', [backupFile], target);
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(restore.stdout).toMatch(/Restored into /);

    const second = await start(target, admin);
    const signedIn = await signInOverHttp(second.base, admin.email, admin.password);
    const missing: string[] = [];
    for (const write of before) {
      const found = await article(second.base, signedIn.auth, write.id);
      if (found?.headLine !== write.headLine || found.picture !== write.picture) missing.push(write.headLine);
      else if ((await imageHash(second.base, write.picture)) !== images.get(write.picture)) {
        missing.push(`${write.headLine}'s image`);
      }
    }
    expect(missing).toEqual([]);
    // Writes acknowledged while the backup ran may or may not be in it; each one that is has its image.
    for (const write of acknowledged.slice(before.length)) {
      if (await article(second.base, signedIn.auth, write.id)) {
        expect(await imageHash(second.base, write.picture), write.headLine).toBe(images.get(write.picture));
      }
    }
    expect(await second.stop()).toBe(0);
  });
});
