import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, statSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { z } from 'zod';
import { ARCHIVE, BACKUP_FORMAT_VERSION, BackupError, type Manifest, manifestSchema } from './manifest.ts';
import { readTar, TarError } from './tar.ts';

/** More than the manifest of any real backup (about 150 bytes a file). */
const MAX_MANIFEST_BYTES = 256 * 1024 * 1024;

/**
 * Reads a backup file through, checking it: every entry a name a backup has, the manifest last, of a format
 * this code knows, and every file's size and SHA-256 as the manifest lists them. With `into`, the files are
 * written there as they are read (the caller removes the folder if this throws); without, only checked.
 */
export async function readBackup(file: string, into?: string): Promise<Manifest> {
  if (!existsSync(file) || !statSync(file).isFile()) throw new BackupError(`${file} is not a file`);
  const found = new Map<string, { size: number; sha256: string }>();
  let manifestText: string | undefined;
  const damaged = (reason: string) =>
    new BackupError(`${file} is not a portal backup or is damaged: ${reason}`);

  const source = createReadStream(file);
  const gunzip = createGunzip();
  source.on('error', (error) => gunzip.destroy(error));
  try {
    await readTar(source.pipe(gunzip), async (entry, body) => {
      if (manifestText !== undefined) throw damaged(`${entry.path} comes after the manifest`);
      const name = checkedName(entry.path, entry.type);
      if (!name) throw damaged(`unexpected entry "${entry.path}"`);
      if (entry.type === 'directory') return;
      if (found.has(name)) throw damaged(`${name} is in it twice`);
      if (name === ARCHIVE.manifest) {
        if (entry.size > MAX_MANIFEST_BYTES) throw damaged('the manifest is too large');
        const parts: Buffer[] = [];
        for await (const piece of body) parts.push(piece);
        manifestText = Buffer.concat(parts).toString('utf8');
        return;
      }
      const hash = createHash('sha256');
      let size = 0;
      const hashed = (async function* () {
        for await (const piece of body) {
          hash.update(piece);
          size += piece.length;
          yield piece;
        }
      })();
      if (into) {
        const target = path.join(into, ...name.split('/'));
        await mkdir(path.dirname(target), { recursive: true, mode: 0o755 });
        const secret = name === ARCHIVE.appSecret || name.startsWith('database/');
        await pipeline(
          hashed,
          createWriteStream(target, { flags: 'wx', mode: secret ? 0o600 : 0o644, flush: true }),
        );
      } else {
        for await (const _piece of hashed);
      }
      found.set(name, { size, sha256: hash.digest('hex') });
    });
  } catch (error) {
    if (error instanceof BackupError) throw error;
    if (error instanceof TarError) throw damaged(error.message);
    const code = (error as NodeJS.ErrnoException).code;
    // zlib's errors: not gzip at all, or damaged or cut compressed data.
    if (typeof code === 'string' && code.startsWith('Z_')) throw damaged(`${(error as Error).message}`);
    throw error;
  }

  if (manifestText === undefined) {
    throw damaged('it has no manifest (a backup that was interrupted has none)');
  }
  const manifest = parseManifest(manifestText, damaged);
  const listed = new Set<string>();
  for (const entry of manifest.files) {
    listed.add(entry.path);
    const got = found.get(entry.path);
    if (!got) throw damaged(`${entry.path} is listed in the manifest but missing`);
    if (got.size !== entry.size || got.sha256 !== entry.sha256) {
      throw damaged(`${entry.path} does not match its checksum in the manifest`);
    }
  }
  for (const name of found.keys()) {
    if (!listed.has(name)) throw damaged(`${name} is not listed in the manifest`);
  }
  if (!found.has(manifest.database.file)) throw damaged('it holds no database');
  if (manifest.appSecret.source === 'file' && !found.has(ARCHIVE.appSecret)) {
    throw damaged('its manifest says it holds the app secret, but it does not');
  }
  return manifest;
}

const versionOnly = z.object({ format: z.literal('portal-backup'), formatVersion: z.number().int() });

function parseManifest(text: string, damaged: (reason: string) => BackupError): Manifest {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw damaged('its manifest is not JSON');
  }
  const version = versionOnly.safeParse(json);
  if (!version.success) throw damaged('its manifest is not a portal backup manifest');
  if (version.data.formatVersion > BACKUP_FORMAT_VERSION) {
    throw new BackupError(
      `the backup is in format ${version.data.formatVersion}, newer than this portal reads (${BACKUP_FORMAT_VERSION}): restore it with the portal version that made it, or a newer one`,
    );
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    throw damaged(`its manifest is incomplete (${parsed.error.issues[0]?.path.join('.') ?? '?'})`);
  }
  return parsed.data;
}

/**
 * The entry's name if a backup may hold it: the manifest, the database, the app secret, and files and
 * folders under uploads/; never an absolute path or one that climbs out with "..".
 */
function checkedName(name: string, type: 'file' | 'directory'): string | undefined {
  const clean = name.replace(/^\.\//, '').replace(/\/$/, '');
  const parts = clean.split('/');
  if (!clean || clean.startsWith('/') || clean.includes('\\')) return undefined;
  if (parts.some((part) => part === '' || part === '.' || part === '..')) return undefined;
  if (type === 'directory')
    return clean === 'database' || clean === 'uploads' || clean.startsWith(ARCHIVE.uploads)
      ? clean
      : undefined;
  if (
    clean === ARCHIVE.manifest ||
    clean === ARCHIVE.sqlite ||
    clean === ARCHIVE.postgres ||
    clean === ARCHIVE.appSecret
  ) {
    return clean;
  }
  return clean.startsWith(ARCHIVE.uploads) && parts.length > 1 ? clean : undefined;
}
