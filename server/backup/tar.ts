import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { open } from 'node:fs/promises';
import type { Writable } from 'node:stream';

// A small tar (POSIX ustar, with pax headers for long names and large sizes) writer and reader: the backup
// file is a plain .tar.gz that `tar -xzf` also opens, made without a dependency. Only regular files are
// written; the reader accepts regular files and folders and refuses anything else (links, devices).

const BLOCK = 512;
const ZEROS = Buffer.alloc(BLOCK * 2);
/** The largest size an ustar header's 11 octal digits hold; larger files get a pax `size` record. */
const MAX_OCTAL_SIZE = 0o77777777777;

/** The archive is not a tar this reader accepts, or ends early. */
export class TarError extends Error {
  override name = 'TarError';
}

export type WrittenFile = { path: string; size: number; sha256: string };

/**
 * Writes entries to `out` (a gzip stream, usually), waiting for it to drain. Each file's SHA-256 is taken
 * over the bytes actually written.
 */
export class TarWriter {
  private readonly out: Writable;

  constructor(out: Writable) {
    this.out = out;
  }

  /** A file from memory. */
  async addBuffer(path: string, data: Buffer, mode = 0o644): Promise<WrittenFile> {
    await this.write(header(path, data.length, mode, Date.now()));
    await this.write(data);
    await this.pad(data.length);
    return { path, size: data.length, sha256: createHash('sha256').update(data).digest('hex') };
  }

  /**
   * A file from disk, streamed. Its size is taken when it is opened and exactly that many bytes are written:
   * a file that shrinks meanwhile fails the archive, one that grows is cut at that size.
   */
  async addFile(path: string, source: string, mode = 0o644): Promise<WrittenFile> {
    const handle = await open(source, 'r');
    try {
      const { size, mtimeMs } = await handle.stat();
      await this.write(header(path, size, mode, mtimeMs));
      const hash = createHash('sha256');
      const chunk = Buffer.allocUnsafe(256 * 1024);
      let written = 0;
      while (written < size) {
        const { bytesRead } = await handle.read(chunk, 0, Math.min(chunk.length, size - written), written);
        if (bytesRead === 0) throw new TarError(`${source} became shorter while it was being read`);
        const piece = Buffer.from(chunk.subarray(0, bytesRead));
        hash.update(piece);
        await this.write(piece);
        written += bytesRead;
      }
      await this.pad(size);
      return { path, size, sha256: hash.digest('hex') };
    } finally {
      await handle.close();
    }
  }

  /** The end-of-archive marker; the caller then ends `out`. */
  async finish(): Promise<void> {
    await this.write(ZEROS);
  }

  private async pad(size: number): Promise<void> {
    const rest = size % BLOCK;
    if (rest) await this.write(Buffer.alloc(BLOCK - rest));
  }

  private async write(data: Buffer): Promise<void> {
    if (this.out.destroyed) throw new TarError('the archive stream was closed');
    if (!this.out.write(data)) await once(this.out, 'drain');
  }
}

/** The header block(s) of one regular file: a pax header first when the name or size needs one. */
function header(path: string, size: number, mode: number, mtimeMs: number): Buffer {
  const records: string[] = [];
  const name = Buffer.from(path, 'utf8');
  if (name.length > 100 || !/^[\x20-\x7e]+$/.test(path)) records.push(paxRecord('path', path));
  if (size > MAX_OCTAL_SIZE) records.push(paxRecord('size', String(size)));
  const mtime = Math.floor(mtimeMs / 1000);
  const main = ustarBlock(records.length ? name.subarray(0, 100) : name, size, mode, mtime, '0');
  if (!records.length) return main;
  const body = Buffer.from(records.join(''), 'utf8');
  const extended = ustarBlock(Buffer.from('PaxHeader', 'ascii'), body.length, 0o644, mtime, 'x');
  const padding = Buffer.alloc((BLOCK - (body.length % BLOCK)) % BLOCK);
  return Buffer.concat([extended, body, padding, main]);
}

/** "<length> <key>=<value>\n", the length counting itself. */
function paxRecord(key: string, value: string): string {
  const rest = ` ${key}=${value}\n`;
  const restBytes = Buffer.byteLength(rest);
  let length = restBytes + 1;
  while (String(length).length + restBytes !== length) length = String(length).length + restBytes;
  return `${length}${rest}`;
}

function ustarBlock(name: Buffer, size: number, mode: number, mtime: number, type: string): Buffer {
  const block = Buffer.alloc(BLOCK);
  name.copy(block, 0, 0, Math.min(name.length, 100));
  octal(block, 100, 8, mode);
  octal(block, 108, 8, 0); // uid
  octal(block, 116, 8, 0); // gid
  octal(block, 124, 12, Math.min(size, MAX_OCTAL_SIZE));
  octal(block, 136, 12, mtime);
  block.write(type, 156, 'ascii');
  block.write('ustar\u000000', 257, 'ascii');
  block.fill(' ', 148, 156);
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\u0000 `, 148, 'ascii');
  return block;
}

function octal(block: Buffer, offset: number, length: number, value: number): void {
  block.write(`${value.toString(8).padStart(length - 1, '0')}\u0000`, offset, 'ascii');
}

export type TarEntry = { path: string; type: 'file' | 'directory'; size: number };

/**
 * Reads a tar stream (already decompressed) entry by entry: `onEntry` gets each entry with its body, which
 * it may read or leave (the rest is skipped). Reads `input` to its end, so that a compressed stream's own
 * check at its end is made. Throws TarError on anything malformed or truncated.
 */
export async function readTar(
  input: AsyncIterable<Buffer>,
  onEntry: (entry: TarEntry, body: AsyncIterable<Buffer>) => Promise<void>,
): Promise<void> {
  const bytes = new ByteReader(input);
  let pax: Record<string, string> = {};
  for (;;) {
    const block = await bytes.read(BLOCK, 'a header');
    if (block.every((byte) => byte === 0)) break;
    if (!checksumMatches(block)) throw new TarError('an entry header is damaged (bad checksum)');
    const type = String.fromCharCode(block[156]!);
    let size = readOctal(block, 124, 12);
    if (type === 'x' || type === 'g') {
      const records = parsePax((await bytes.read(size, 'a pax header')).toString('utf8'));
      await bytes.skip(padding(size));
      if (type === 'x') pax = records;
      continue;
    }
    const name = readString(block, 0, 100);
    const prefix = block.subarray(257, 263).toString('ascii').startsWith('ustar')
      ? readString(block, 345, 155)
      : '';
    const path = pax.path ?? (prefix ? `${prefix}/${name}` : name);
    if (pax.size !== undefined) size = Number(pax.size);
    pax = {};
    if (!Number.isSafeInteger(size) || size < 0) throw new TarError(`${path} has an invalid size`);
    if (type !== '0' && type !== '\u0000' && type !== '5') {
      throw new TarError(`${path} is not a regular file or folder (tar type "${type}")`);
    }
    const entry: TarEntry = { path, type: type === '5' ? 'directory' : 'file', size };
    const body = bytes.take(size);
    await onEntry(entry, body);
    await bytes.skip(body.remaining() + padding(size));
  }
  // What follows the end marker is zero padding; read it all (and so the compressed stream's end).
  await bytes.drain();
}

const padding = (size: number) => (BLOCK - (size % BLOCK)) % BLOCK;

function checksumMatches(block: Buffer): boolean {
  const stored = readOctal(block, 148, 8);
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : block[i]!;
  return stored === sum;
}

function readString(block: Buffer, offset: number, length: number): string {
  const field = block.subarray(offset, offset + length);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? length : end).toString('utf8');
}

function readOctal(block: Buffer, offset: number, length: number): number {
  const text = readString(block, offset, length).trim();
  if (!/^[0-7]*$/.test(text)) throw new TarError('an entry header is damaged (bad number)');
  return text ? Number.parseInt(text, 8) : 0;
}

function parsePax(text: string): Record<string, string> {
  const records: Record<string, string> = {};
  let rest = Buffer.from(text, 'utf8');
  while (rest.length) {
    const space = rest.indexOf(0x20);
    const length = Number(rest.subarray(0, space).toString('ascii'));
    if (space < 1 || !Number.isInteger(length) || length <= space || length > rest.length) {
      throw new TarError('a pax header is damaged');
    }
    const record = rest.subarray(space + 1, length - 1).toString('utf8');
    const equals = record.indexOf('=');
    if (equals > 0) records[record.slice(0, equals)] = record.slice(equals + 1);
    rest = rest.subarray(length);
  }
  return records;
}

type Body = AsyncIterable<Buffer> & { remaining(): number };

/** Exact-size reads over a stream of chunks. */
class ByteReader {
  private readonly iterator: AsyncIterator<Buffer>;
  private pending: Buffer = Buffer.alloc(0);

  constructor(input: AsyncIterable<Buffer>) {
    this.iterator = input[Symbol.asyncIterator]();
  }

  /** The next `n` bytes; TarError naming `what` if the stream ends first. */
  async read(n: number, what: string): Promise<Buffer> {
    while (this.pending.length < n) {
      const next = await this.iterator.next();
      if (next.done) throw new TarError(`the archive ends in the middle of ${what}: it is truncated`);
      this.pending = this.pending.length ? Buffer.concat([this.pending, next.value]) : next.value;
    }
    const out = this.pending.subarray(0, n);
    this.pending = this.pending.subarray(n);
    return out;
  }

  /** Up to `n` bytes as they come, without gathering them. */
  take(n: number): Body {
    let left = n;
    const reader = this;
    return {
      remaining: () => left,
      async *[Symbol.asyncIterator]() {
        while (left > 0) {
          if (!reader.pending.length) {
            const next = await reader.iterator.next();
            if (next.done) throw new TarError('the archive ends in the middle of a file: it is truncated');
            reader.pending = next.value;
          }
          const piece = reader.pending.subarray(0, Math.min(left, reader.pending.length));
          reader.pending = reader.pending.subarray(piece.length);
          left -= piece.length;
          yield piece;
        }
      },
    };
  }

  async skip(n: number): Promise<void> {
    for await (const _ of this.take(n));
  }

  async drain(): Promise<void> {
    if (this.pending.some((byte) => byte !== 0))
      throw new TarError('unexpected data after the end of the archive');
    for (;;) {
      const next = await this.iterator.next();
      if (next.done) return;
      if (next.value.some((byte) => byte !== 0))
        throw new TarError('unexpected data after the end of the archive');
    }
  }
}
