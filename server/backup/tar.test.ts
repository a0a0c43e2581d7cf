import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test/databases.ts';
import { findProgram } from './postgres.ts';
import { readTar, TarError, TarWriter } from './tar.ts';

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** Writes `files` (name -> content) into a .tar.gz, the way a backup does: a few from disk, the rest from memory. */
async function archive(
  files: Record<string, Buffer>,
): Promise<{ file: string; written: Record<string, string> }> {
  const dir = tempDir();
  const file = path.join(dir, 'test.tar.gz');
  const gzip = createGzip();
  const done = pipeline(gzip, createWriteStream(file));
  const tar = new TarWriter(gzip);
  const written: Record<string, string> = {};
  let n = 0;
  for (const [name, data] of Object.entries(files)) {
    if (n++ % 2) {
      const source = path.join(dir, `source-${n}`);
      writeFileSync(source, data);
      written[name] = (await tar.addFile(name, source)).sha256;
    } else {
      written[name] = (await tar.addBuffer(name, data)).sha256;
    }
  }
  await tar.finish();
  gzip.end();
  await done;
  return { file, written };
}

async function readAll(input: AsyncIterable<Buffer>): Promise<Record<string, Buffer>> {
  const out: Record<string, Buffer> = {};
  await readTar(input, async (entry, body) => {
    const parts: Buffer[] = [];
    for await (const piece of body) parts.push(piece);
    if (entry.type === 'file') out[entry.path] = Buffer.concat(parts);
  });
  return out;
}

const gunzipped = (file: string) => createReadStream(file).pipe(createGunzip());

const FILES: Record<string, Buffer> = {
  'manifest.json': Buffer.from('{"a":1}\n'),
  empty: Buffer.alloc(0),
  'block/exactly-512': randomBytes(512),
  [`uploads/images/${'a'.repeat(120)}.webp`]: randomBytes(1000),
  'uploads/图片/封面.webp': randomBytes(700),
  'database/portal.db': randomBytes(3 * 1024 * 1024 + 17),
};

describe('the backup archive (tar.gz)', () => {
  it('reads back every file written, long and non-ASCII names included, with the checksums it gave', async () => {
    const { file, written } = await archive(FILES);
    const read = await readAll(gunzipped(file));
    expect(Object.keys(read)).toEqual(Object.keys(FILES));
    for (const [name, data] of Object.entries(FILES)) {
      expect(read[name]?.equals(data), name).toBe(true);
      expect(written[name]).toBe(sha256(data));
    }
  });

  it.runIf(findProgram('tar'))('is a .tar.gz that tar lists and extracts', async () => {
    const { file } = await archive(FILES);
    const listed = spawnSync('tar', ['-tzf', file], { encoding: 'utf8' });
    expect(listed.status).toBe(0);
    expect(listed.stdout.trim().split('\n')).toEqual(Object.keys(FILES));
    const into = tempDir();
    expect(spawnSync('tar', ['-xzf', file, '-C', into]).status).toBe(0);
    for (const [name, data] of Object.entries(FILES)) {
      expect(readFileSync(path.join(into, name)).equals(data), name).toBe(true);
    }
  });

  it.runIf(findProgram('tar'))('reads what tar writes in the pax format', async () => {
    const dir = tempDir();
    mkdirSync(path.join(dir, 'uploads', 'images'), { recursive: true });
    const long = `uploads/images/${'b'.repeat(130)}.webp`;
    const content = { 'manifest.json': Buffer.from('{}'), [long]: randomBytes(2000) };
    for (const [name, data] of Object.entries(content)) writeFileSync(path.join(dir, name), data);
    const file = path.join(tempDir(), 'gnu.tar.gz');
    const made = spawnSync('tar', ['--format=pax', '-czf', file, '-C', dir, 'manifest.json', 'uploads'], {
      encoding: 'utf8',
    });
    expect(made.status, made.stderr).toBe(0);
    const read = await readAll(gunzipped(file));
    expect(Object.keys(read).sort()).toEqual(Object.keys(content).sort());
    expect(read[long]?.equals(content[long]!)).toBe(true);
  });

  it('refuses a damaged header, a cut archive and a link', async () => {
    const { file } = await archive({ a: randomBytes(2000), b: randomBytes(10) });
    const raw = await bytesOf(gunzipped(file));

    const damaged = Buffer.from(raw);
    damaged[2048 + 512 + 10] = damaged[2048 + 512 + 10]! ^ 0xff; // b's header: a's is 512 + 2048 bytes
    await expect(readAll(Readable.from([damaged]))).rejects.toThrow(/damaged \(bad checksum\)/);

    await expect(readAll(Readable.from([raw.subarray(0, 1500)]))).rejects.toThrow(
      /ends in the middle of a file: it is truncated/,
    );

    const link = Buffer.from(raw);
    link[156] = '2'.charCodeAt(0);
    let sum = 0;
    link.fill(' ', 148, 156);
    for (let i = 0; i < 512; i++) sum += link[i]!;
    link.write(`${sum.toString(8).padStart(6, '0')}\u0000 `, 148, 'ascii');
    await expect(readAll(Readable.from([link]))).rejects.toThrow(TarError);
    await expect(readAll(Readable.from([link]))).rejects.toThrow(/not a regular file or folder/);
  });

  it('refuses data after the end of the archive', async () => {
    const { file } = await archive({ a: randomBytes(10) });
    const raw = await bytesOf(gunzipped(file));
    await expect(readAll(Readable.from([Buffer.concat([raw, Buffer.from('trailing')])]))).rejects.toThrow(
      /unexpected data after the end/,
    );
  });

  it('keeps to the back-pressure of the stream it writes to, losing nothing', async () => {
    // A stream that holds little: the writer must wait for 'drain' as it goes.
    const out = new PassThrough({ highWaterMark: 1024 });
    const tar = new TarWriter(out);
    const collected = bytesOf(out);
    const big = randomBytes(256 * 1024);
    await tar.addBuffer('big', big);
    await tar.finish();
    out.end();
    const read = await readAll(Readable.from([await collected]));
    expect(read.big?.equals(big)).toBe(true);
  });
});

async function bytesOf(stream: AsyncIterable<Buffer>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const piece of stream) parts.push(piece);
  return Buffer.concat(parts);
}
