// A tiny writer of MaxMind DB files (maxmind.github.io/MaxMind-DB), for tests: a search tree over the
// networks given, a data section (repeated strings written once and pointed to, as MaxMind's files do) and
// the metadata. IPv4 networks, in an IPv4 tree or in an IPv6 one (under ::/96, where GeoLite2 keeps them).

export type MmdbWriterValue =
  | string
  | number
  | boolean
  | Buffer
  | MmdbWriterValue[]
  | { [key: string]: MmdbWriterValue };

export type MmdbNetwork = { network: string; data: MmdbWriterValue };

type RecordValue = { kind: 'empty' } | { kind: 'node'; index: number } | { kind: 'data'; index: number };

const MARKER = Buffer.concat([Buffer.from([0xab, 0xcd, 0xef]), Buffer.from('MaxMind.com')]);

function sizeHeader(type: number, size: number): number[] {
  let sizeBits: number;
  let extra: number[] = [];
  if (size < 29) sizeBits = size;
  else if (size < 285) {
    sizeBits = 29;
    extra = [size - 29];
  } else if (size < 65_821) {
    sizeBits = 30;
    extra = [(size - 285) >> 8, (size - 285) & 0xff];
  } else {
    sizeBits = 31;
    const rest = size - 65_821;
    extra = [(rest >> 16) & 0xff, (rest >> 8) & 0xff, rest & 0xff];
  }
  return type <= 7 ? [(type << 5) | sizeBits, ...extra] : [sizeBits, type - 7, ...extra];
}

function uintBytes(value: number | bigint): number[] {
  const bytes: number[] = [];
  let rest = BigInt(value);
  while (rest > 0n) {
    bytes.unshift(Number(rest & 0xffn));
    rest >>= 8n;
  }
  return bytes;
}

/** Encodes values into one section; strings seen before become pointers into it. */
class Encoder {
  readonly bytes: number[] = [];
  private readonly strings = new Map<string, number>();
  private readonly usePointers: boolean;

  constructor(usePointers: boolean) {
    this.usePointers = usePointers;
  }

  private pointer(offset: number) {
    if (offset < 2048) this.bytes.push(0x20 | (offset >> 8), offset & 0xff);
    else if (offset < 2048 + 2 ** 19) {
      const v = offset - 2048;
      this.bytes.push(0x28 | (v >> 16), (v >> 8) & 0xff, v & 0xff);
    } else {
      const v = offset - 526_336;
      this.bytes.push(0x30 | ((v >> 24) & 0x7), (v >> 16) & 0xff, (v >> 8) & 0xff, v & 0xff);
    }
  }

  /** Writes a value; returns its offset. `uint` picks an unsigned type for a whole number (5, 6 or 9). */
  write(value: MmdbWriterValue, uint?: 5 | 6 | 9): number {
    const at = this.bytes.length;
    if (typeof value === 'string') {
      const seen = this.strings.get(value);
      if (this.usePointers && seen !== undefined) {
        this.pointer(seen);
        return at;
      }
      const utf8 = Buffer.from(value, 'utf8');
      this.bytes.push(...sizeHeader(2, utf8.length), ...utf8);
      this.strings.set(value, at);
    } else if (typeof value === 'boolean') {
      this.bytes.push(...sizeHeader(14, value ? 1 : 0));
    } else if (typeof value === 'number') {
      if (Number.isInteger(value) && value >= 0) {
        const type = uint ?? (value < 2 ** 16 ? 5 : value < 2 ** 32 ? 6 : 9);
        const bytes = uintBytes(value);
        this.bytes.push(...sizeHeader(type, bytes.length), ...bytes);
      } else if (Number.isInteger(value) && value >= -(2 ** 31)) {
        const bytes = Buffer.alloc(4);
        bytes.writeInt32BE(value);
        this.bytes.push(...sizeHeader(8, 4), ...bytes);
      } else {
        const bytes = Buffer.alloc(8);
        bytes.writeDoubleBE(value);
        this.bytes.push(...sizeHeader(3, 8), ...bytes);
      }
    } else if (Buffer.isBuffer(value)) {
      this.bytes.push(...sizeHeader(4, value.length), ...value);
    } else if (Array.isArray(value)) {
      this.bytes.push(...sizeHeader(11, value.length));
      for (const item of value) this.write(item);
    } else {
      const entries = Object.entries(value);
      this.bytes.push(...sizeHeader(7, entries.length));
      for (const [key, item] of entries) {
        this.write(key);
        this.write(item);
      }
    }
    return at;
  }
}

function networkBits(network: string, ipVersion: 4 | 6): number[] {
  const [address = '', prefixText] = network.split('/');
  const octets = address.split('.').map(Number);
  if (octets.length !== 4 || octets.some((o) => !Number.isInteger(o) || o < 0 || o > 255))
    throw new Error(`not an IPv4 network: ${network}`);
  const prefix = Number(prefixText ?? 32);
  const bits: number[] = [];
  for (let i = 0; i < prefix; i++) bits.push((octets[i >> 3]! >> (7 - (i & 7))) & 1);
  return ipVersion === 6 ? [...new Array<number>(96).fill(0), ...bits] : bits;
}

/** A MaxMind DB file holding `networks` (IPv4, such as '81.2.69.0/24'; a later, longer one splits an earlier). */
export function writeMmdb(options: {
  networks: MmdbNetwork[];
  ipVersion?: 4 | 6;
  recordSize?: 24 | 28 | 32;
  databaseType?: string;
  languages?: string[];
}): Buffer {
  const ipVersion = options.ipVersion ?? 4;
  const recordSize = options.recordSize ?? 24;
  const nodes: [RecordValue, RecordValue][] = [[{ kind: 'empty' }, { kind: 'empty' }]];
  const newNode = (fill: RecordValue) => nodes.push([fill, fill]) - 1;

  options.networks.forEach((entry, dataIndex) => {
    const bits = networkBits(entry.network, ipVersion);
    if (bits.length === 0) throw new Error('a network needs at least one bit');
    let node = 0;
    bits.forEach((bit, depth) => {
      const records = nodes[node]!;
      if (depth === bits.length - 1) {
        records[bit] = { kind: 'data', index: dataIndex };
        return;
      }
      const next = records[bit]!;
      if (next.kind === 'node') node = next.index;
      else {
        // Empty, or a shorter network's data that this one splits: both halves keep what was there.
        const index = newNode(next);
        records[bit] = { kind: 'node', index };
        node = index;
      }
    });
  });

  const data = new Encoder(true);
  const offsets = options.networks.map((entry) => data.write(entry.data));
  const nodeCount = nodes.length;
  const recordValue = (record: RecordValue) =>
    record.kind === 'empty'
      ? nodeCount
      : record.kind === 'node'
        ? record.index
        : nodeCount + 16 + offsets[record.index]!;

  const nodeBytes = recordSize / 4;
  const tree = Buffer.alloc(nodeCount * nodeBytes);
  nodes.forEach(([left, right], index) => {
    const at = index * nodeBytes;
    const l = recordValue(left);
    const r = recordValue(right);
    if (recordSize === 24) {
      tree.writeUIntBE(l, at, 3);
      tree.writeUIntBE(r, at + 3, 3);
    } else if (recordSize === 28) {
      tree.writeUIntBE(l & 0xffffff, at, 3);
      tree[at + 3] = (((l >> 24) & 0xf) << 4) | ((r >> 24) & 0xf);
      tree.writeUIntBE(r & 0xffffff, at + 4, 3);
    } else {
      tree.writeUInt32BE(l, at);
      tree.writeUInt32BE(r, at + 4);
    }
  });

  const metadata = new Encoder(false);
  const entries: Array<[string, MmdbWriterValue, (5 | 6 | 9)?]> = [
    ['binary_format_major_version', 2, 5],
    ['binary_format_minor_version', 0, 5],
    ['build_epoch', 1_700_000_000, 9],
    ['database_type', options.databaseType ?? 'GeoLite2-City'],
    ['description', { en: 'test database' }],
    ['ip_version', ipVersion, 5],
    ['languages', options.languages ?? ['en', 'zh-CN']],
    ['node_count', nodeCount, 6],
    ['record_size', recordSize, 5],
  ];
  metadata.bytes.push(...sizeHeader(7, entries.length));
  for (const [key, value, uint] of entries) {
    metadata.write(key);
    metadata.write(value, uint);
  }

  return Buffer.concat([
    tree,
    Buffer.alloc(16),
    Buffer.from(data.bytes),
    MARKER,
    Buffer.from(metadata.bytes),
  ]);
}

/** A GeoLite2-City-like record: names in English and Chinese of the country, a subdivision and a city. */
export function cityRecord(place: {
  country: { iso: string; en: string; zh: string };
  subdivision?: { en: string; zh: string };
  city?: { en: string; zh: string };
}): MmdbWriterValue {
  const names = (n: { en: string; zh: string }) => ({ names: { en: n.en, 'zh-CN': n.zh } });
  return {
    ...(place.city ? { city: { geoname_id: 1_796_236, ...names(place.city) } } : {}),
    continent: { code: 'AS', names: { en: 'Asia', 'zh-CN': '亚洲' } },
    country: { geoname_id: 1_814_991, iso_code: place.country.iso, ...names(place.country) },
    location: { latitude: 31.2222, longitude: 121.4581, accuracy_radius: 50 },
    ...(place.subdivision ? { subdivisions: [{ iso_code: 'SH', ...names(place.subdivision) }] } : {}),
  };
}
