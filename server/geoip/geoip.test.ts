import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { tempDir } from '../test/databases.ts';
import { cityRecord, writeMmdb } from '../test/mmdb-writer.ts';
import { openGeoIp, regionOfRecord } from './geoip.ts';
import { MmdbError, MmdbReader } from './mmdb-reader.ts';

// The MaxMind DB reader against files written by the test writer: both tree kinds, every record size,
// nested networks, pointers to repeated strings, and broken files refused rather than misread.

const SHANGHAI = cityRecord({
  country: { iso: 'CN', en: 'China', zh: '中国' },
  subdivision: { en: 'Shanghai', zh: '上海' },
  city: { en: 'Shanghai', zh: '上海' },
});
const LONDON = cityRecord({
  country: { iso: 'GB', en: 'United Kingdom', zh: '英国' },
  subdivision: { en: 'England', zh: '英格兰' },
  city: { en: 'London', zh: '伦敦' },
});
const NETWORKS = [
  { network: '81.2.0.0/16', data: cityRecord({ country: { iso: 'GB', en: 'United Kingdom', zh: '英国' } }) },
  // Splits the /16 above: the rest of it keeps the country-only record.
  { network: '81.2.69.0/24', data: LONDON },
  { network: '101.80.0.0/13', data: SHANGHAI },
  {
    network: '203.0.113.7/32',
    data: { flag: true, score: -5, ratio: 0.25, big: 5_000_000_000, tags: ['a', 'b'] },
  },
];

describe('MmdbReader', () => {
  for (const ipVersion of [4, 6] as const)
    for (const recordSize of [24, 28, 32] as const)
      it(`finds the longest matching network (IPv${ipVersion} tree, ${recordSize}-bit records)`, () => {
        const reader = new MmdbReader(writeMmdb({ networks: NETWORKS, ipVersion, recordSize }));
        expect(reader.metadata).toMatchObject({ ipVersion, recordSize, databaseType: 'GeoLite2-City' });
        expect(reader.metadata.languages).toEqual(['en', 'zh-CN']);
        expect(reader.get('81.2.69.160')).toEqual(LONDON);
        expect(reader.get('81.2.70.1')).toMatchObject({ country: { iso_code: 'GB' } });
        expect(reader.get('81.2.70.1')).not.toHaveProperty('city');
        expect(reader.get('101.87.255.255')).toEqual(SHANGHAI);
        expect(reader.get('101.88.0.0')).toBeUndefined();
        expect(reader.get('10.0.0.1')).toBeUndefined();
        // Node reports IPv4 clients of a dual-stack socket this way.
        expect(reader.get('::ffff:81.2.69.160')).toEqual(LONDON);
        expect(reader.get('203.0.113.7')).toEqual({
          flag: true,
          score: -5,
          ratio: 0.25,
          big: 5_000_000_000,
          tags: ['a', 'b'],
        });
        expect(reader.get('2001:db8::1')).toBeUndefined();
        expect(reader.get('not an address')).toBeUndefined();
      });

  it('refuses a file that is not a MaxMind DB, or whose tree runs past its data', () => {
    expect(() => new MmdbReader(Buffer.from('hello'))).toThrow(MmdbError);
    const file = writeMmdb({ networks: NETWORKS });
    // Cut out the middle: the tree and data no longer fit before the metadata.
    const marker = file.indexOf(Buffer.from('MaxMind.com')) - 3;
    expect(() => new MmdbReader(Buffer.concat([file.subarray(0, 10), file.subarray(marker)]))).toThrow(
      MmdbError,
    );
  });

  it('stops at a pointer loop instead of following it for ever', () => {
    const file = writeMmdb({ networks: [{ network: '1.2.3.0/24', data: 'x' }] });
    const reader = new MmdbReader(file);
    const dataStart = reader.metadata.nodeCount * 6 + 16;
    // The record's data becomes a pointer to itself.
    file[dataStart] = 0x20;
    file[dataStart + 1] = 0x00;
    expect(() => new MmdbReader(file).get('1.2.3.4')).toThrow(MmdbError);
  });
});

describe('regions', () => {
  it('names city, subdivision and country once each, largest first in Chinese', () => {
    expect(regionOfRecord(LONDON)).toEqual({ en: 'London, England, United Kingdom', zh: '英国 英格兰 伦敦' });
    expect(regionOfRecord(SHANGHAI)).toEqual({ en: 'Shanghai, China', zh: '中国 上海' });
    expect(regionOfRecord({ country: { names: { en: 'Japan' } } })).toEqual({ en: 'Japan', zh: 'Japan' });
    expect(regionOfRecord({ location: { latitude: 1 } })).toBeNull();
    expect(regionOfRecord(undefined)).toBeNull();
  });

  it('reads a database file once and answers null for what it does not know', () => {
    const file = path.join(tempDir('geoip-'), 'GeoLite2-City.mmdb');
    writeFileSync(file, writeMmdb({ networks: NETWORKS, ipVersion: 6, recordSize: 28 }));
    const geoip = openGeoIp(file);
    expect(openGeoIp(file)).toBe(geoip);
    expect(geoip.regionOf('101.80.1.1')).toEqual({ en: 'Shanghai, China', zh: '中国 上海' });
    expect(geoip.regionOf('127.0.0.1')).toBeNull();
    expect(geoip.regionOf(undefined)).toBeNull();
    expect(() => openGeoIp(path.join(tempDir('geoip-'), 'missing.mmdb'))).toThrow();
  });
});

describe('GEOIP_DATABASE', () => {
  it('is resolved from the working folder and checked at start', () => {
    const cwd = tempDir('geoip-config-');
    writeFileSync(
      path.join(cwd, 'Country.mmdb'),
      writeMmdb({ networks: NETWORKS, databaseType: 'GeoLite2-Country' }),
    );
    writeFileSync(path.join(cwd, 'broken.mmdb'), 'not a database');
    expect(loadConfig({}, cwd).geoipDatabase).toBeUndefined();
    expect(loadConfig({ GEOIP_DATABASE: 'Country.mmdb' }, cwd).geoipDatabase).toBe(
      path.join(cwd, 'Country.mmdb'),
    );
    expect(() => loadConfig({ GEOIP_DATABASE: 'broken.mmdb' }, cwd)).toThrow(
      new ConfigError(
        'Invalid configuration: GEOIP_DATABASE is not a usable MaxMind DB file: no MaxMind DB metadata (got "broken.mmdb")',
      ),
    );
    expect(() => loadConfig({ GEOIP_DATABASE: 'missing.mmdb' }, cwd)).toThrow(
      /GEOIP_DATABASE .*cannot be read/,
    );
  });
});
