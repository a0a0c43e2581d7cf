import ipaddr from 'ipaddr.js';

// A small reader of the MaxMind DB format (maxmind.github.io/MaxMind-DB): the binary search tree over the
// address bits, the data section's typed values and the metadata at the end of the file. Lookups only; the
// whole file is read into memory once. A malformed file fails with MmdbError, never with a hang: every read
// is bounds-checked and pointers and nesting are followed to a fixed depth.

const METADATA_MARKER = Buffer.concat([Buffer.from([0xab, 0xcd, 0xef]), Buffer.from('MaxMind.com')]);
/** The metadata lies within the file's last 128 KiB. */
const METADATA_MAX_SIZE = 128 * 1024;
/** 16 zero bytes separate the search tree from the data section. */
const DATA_SECTION_SEPARATOR = 16;
/** Pointers and containers nested deeper than this are refused (a loop in a broken file). */
const MAX_DEPTH = 32;

export class MmdbError extends Error {
  override name = 'MmdbError';
}

export type MmdbValue =
  | string
  | number
  | bigint
  | boolean
  | Buffer
  | MmdbValue[]
  | { [key: string]: MmdbValue }
  | null;

export type MmdbMetadata = {
  nodeCount: number;
  recordSize: 24 | 28 | 32;
  ipVersion: 4 | 6;
  databaseType: string;
  languages: string[];
  buildEpoch: number;
};

/** Decodes the data section's values (spec "Output Data Section"); pointers count from `base`. */
class Decoder {
  private readonly buffer: Buffer;
  private readonly base: number;
  private readonly end: number;

  constructor(buffer: Buffer, base: number, end: number) {
    this.buffer = buffer;
    this.base = base;
    this.end = end;
  }

  private need(offset: number, size: number): void {
    if (offset < 0 || size < 0 || offset + size > this.end) throw new MmdbError('data runs past its section');
  }

  private byte(offset: number): number {
    this.need(offset, 1);
    return this.buffer[offset]!;
  }

  private unsigned(offset: number, size: number): number | bigint {
    this.need(offset, size);
    if (size === 0) return 0;
    if (size <= 6) return this.buffer.readUIntBE(offset, size);
    let value = 0n;
    for (let i = 0; i < size; i++) value = (value << 8n) | BigInt(this.buffer[offset + i]!);
    return value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value;
  }

  /** The value at `offset` and the offset just after it. */
  decode(offset: number, depth = 0): [MmdbValue, number] {
    if (depth > MAX_DEPTH) throw new MmdbError('data nested too deeply');
    const control = this.byte(offset++);
    let type = control >> 5;
    if (type === 1) {
      // A pointer: 1 to 4 more bytes, the value is decoded where it points.
      const sizeBits = (control >> 3) & 0x3;
      const high = control & 0x7;
      let pointer: number;
      if (sizeBits === 0) pointer = (high << 8) | this.byte(offset);
      else if (sizeBits === 1) pointer = ((high << 16) | (this.unsigned(offset, 2) as number)) + 2048;
      else if (sizeBits === 2) pointer = high * 0x1000000 + (this.unsigned(offset, 3) as number) + 526336;
      else pointer = this.unsigned(offset, 4) as number;
      const [value] = this.decode(this.base + pointer, depth + 1);
      return [value, offset + sizeBits + 1];
    }
    if (type === 0) type = 7 + this.byte(offset++);
    let size = control & 0x1f;
    if (size === 29) size = 29 + this.byte(offset++);
    else if (size === 30) {
      size = 285 + (this.unsigned(offset, 2) as number);
      offset += 2;
    } else if (size === 31) {
      size = 65821 + (this.unsigned(offset, 3) as number);
      offset += 3;
    }
    switch (type) {
      case 2: // UTF-8 string
        this.need(offset, size);
        return [this.buffer.toString('utf8', offset, offset + size), offset + size];
      case 3: // double
        if (size !== 8) throw new MmdbError('a double must have 8 bytes');
        this.need(offset, 8);
        return [this.buffer.readDoubleBE(offset), offset + 8];
      case 4: // bytes
        this.need(offset, size);
        return [Buffer.from(this.buffer.subarray(offset, offset + size)), offset + size];
      case 5: // uint16
      case 6: // uint32
      case 9: // uint64
      case 10: // uint128
        if (size > { 5: 2, 6: 4, 9: 8, 10: 16 }[type]!) throw new MmdbError('integer too long');
        return [this.unsigned(offset, size), offset + size];
      case 8: {
        // int32: two's complement in 4 bytes; fewer bytes are a positive number.
        if (size > 4) throw new MmdbError('integer too long');
        const value = this.unsigned(offset, size) as number;
        return [size === 4 ? value | 0 : value, offset + size];
      }
      case 7: {
        const map: { [key: string]: MmdbValue } = {};
        for (let i = 0; i < size; i++) {
          const [key, afterKey] = this.decode(offset, depth + 1);
          if (typeof key !== 'string') throw new MmdbError('a map key must be a string');
          const [value, afterValue] = this.decode(afterKey, depth + 1);
          map[key] = value;
          offset = afterValue;
        }
        return [map, offset];
      }
      case 11: {
        const list: MmdbValue[] = [];
        for (let i = 0; i < size; i++) {
          const [value, next] = this.decode(offset, depth + 1);
          list.push(value);
          offset = next;
        }
        return [list, offset];
      }
      case 14: // boolean: the size is the value
        return [size !== 0, offset];
      case 15: // float
        if (size !== 4) throw new MmdbError('a float must have 4 bytes');
        this.need(offset, 4);
        return [this.buffer.readFloatBE(offset), offset + 4];
      default:
        throw new MmdbError(`unknown data type ${type}`);
    }
  }
}

function readMetadata(buffer: Buffer): { metadata: MmdbMetadata; start: number } {
  const at = buffer.lastIndexOf(METADATA_MARKER);
  if (at < 0 || at < buffer.length - METADATA_MAX_SIZE) throw new MmdbError('no MaxMind DB metadata');
  const start = at + METADATA_MARKER.length;
  const [raw] = new Decoder(buffer, start, buffer.length).decode(start);
  if (!raw || typeof raw !== 'object' || Array.isArray(raw) || Buffer.isBuffer(raw))
    throw new MmdbError('the metadata is not a map');
  const nodeCount = raw.node_count;
  const recordSize = raw.record_size;
  const ipVersion = raw.ip_version;
  if (raw.binary_format_major_version !== 2) throw new MmdbError('not a version 2 MaxMind DB');
  if (typeof nodeCount !== 'number' || nodeCount <= 0) throw new MmdbError('bad node count');
  if (recordSize !== 24 && recordSize !== 28 && recordSize !== 32) throw new MmdbError('bad record size');
  if (ipVersion !== 4 && ipVersion !== 6) throw new MmdbError('bad IP version');
  const languages = Array.isArray(raw.languages)
    ? raw.languages.filter((l): l is string => typeof l === 'string')
    : [];
  return {
    metadata: {
      nodeCount,
      recordSize,
      ipVersion,
      databaseType: typeof raw.database_type === 'string' ? raw.database_type : '',
      languages,
      buildEpoch: typeof raw.build_epoch === 'number' ? raw.build_epoch : 0,
    },
    start: at,
  };
}

/** The bytes of an address: IPv4-mapped IPv6 addresses (`::ffff:1.2.3.4`) read as IPv4. */
function addressBytes(address: string): number[] | undefined {
  if (!ipaddr.isValid(address)) return undefined;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.toByteArray();
}

export class MmdbReader {
  readonly metadata: MmdbMetadata;
  private readonly buffer: Buffer;
  private readonly nodeBytes: number;
  private readonly data: Decoder;
  private readonly dataStart: number;
  /** Where IPv4 lookups start: the root of an IPv4 tree, or the node after 96 zero bits of an IPv6 one. */
  private readonly ipv4Start: number;

  constructor(buffer: Buffer) {
    this.buffer = buffer;
    const { metadata, start } = readMetadata(buffer);
    this.metadata = metadata;
    this.nodeBytes = metadata.recordSize / 4;
    const treeSize = metadata.nodeCount * this.nodeBytes;
    this.dataStart = treeSize + DATA_SECTION_SEPARATOR;
    if (this.dataStart > start) throw new MmdbError('the search tree runs into the metadata');
    this.data = new Decoder(buffer, this.dataStart, start);
    let node = 0;
    if (metadata.ipVersion === 6)
      for (let i = 0; i < 96 && node < metadata.nodeCount; i++) node = this.record(node, 0);
    this.ipv4Start = node;
  }

  /** One of a node's two records (0: left, the next bit is 0). */
  private record(node: number, bit: 0 | 1): number {
    const at = node * this.nodeBytes;
    const b = this.buffer;
    switch (this.metadata.recordSize) {
      case 24:
        return b.readUIntBE(at + bit * 3, 3);
      case 28: {
        const middle = b[at + 3]!;
        return bit === 0
          ? ((middle & 0xf0) << 20) | b.readUIntBE(at, 3)
          : ((middle & 0x0f) << 24) | b.readUIntBE(at + 4, 3);
      }
      default:
        return b.readUInt32BE(at + bit * 4);
    }
  }

  /** The record of the network holding `address`, or undefined (not in the database, or not an address). */
  get(address: string): MmdbValue | undefined {
    const bytes = addressBytes(address);
    if (!bytes) return undefined;
    if (bytes.length === 16 && this.metadata.ipVersion === 4) return undefined;
    const { nodeCount } = this.metadata;
    let node = bytes.length === 4 ? this.ipv4Start : 0;
    for (let i = 0; i < bytes.length * 8 && node < nodeCount; i++)
      node = this.record(node, ((bytes[i >> 3]! >> (7 - (i & 7))) & 1) as 0 | 1);
    if (node === nodeCount) return undefined;
    if (node < nodeCount) throw new MmdbError('the search tree is deeper than an address');
    const [value] = this.data.decode(this.dataStart + node - nodeCount - DATA_SECTION_SEPARATOR);
    return value;
  }
}
