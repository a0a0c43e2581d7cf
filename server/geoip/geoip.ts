import { readFileSync } from 'node:fs';
import { MmdbReader, type MmdbValue } from './mmdb-reader.ts';

// The approximate region of a client address, from a GeoIP database an operator may install
// (GEOIP_DATABASE: a MaxMind DB file such as GeoLite2-City.mmdb or GeoLite2-Country.mmdb). Without one,
// every region is unknown. Behind this interface any reader fits (ours, or the mmdb-lib package).

/** A region's name in each of the portal's languages. */
export type Region = { zh: string; en: string };

export interface GeoIp {
  /** Where the address probably is; null when unknown (no database, a private address, not listed). */
  regionOf(address: string | null | undefined): Region | null;
}

export const NO_GEOIP: GeoIp = { regionOf: () => null };

type Place = { names?: Record<string, MmdbValue> } | undefined;

function placeOf(value: MmdbValue | undefined): Place {
  return value && typeof value === 'object' && !Array.isArray(value) && !Buffer.isBuffer(value)
    ? (value as Place)
    : undefined;
}

function nameOf(place: Place, language: string): string | undefined {
  const names = place?.names;
  const name = names?.[language] ?? names?.en;
  return typeof name === 'string' && name.trim() ? name.trim() : undefined;
}

/** City, first subdivision and country of a City or Country record, in both languages. */
export function regionOfRecord(record: MmdbValue | undefined): Region | null {
  const fields = placeOf(record) as Record<string, MmdbValue> | undefined;
  if (!fields) return null;
  const subdivisions = fields.subdivisions;
  const country = placeOf(fields.country) ?? placeOf(fields.registered_country) ?? placeOf(fields.continent);
  const places = [
    placeOf(fields.city),
    Array.isArray(subdivisions) ? placeOf(subdivisions[0]) : undefined,
    country,
  ];
  const names = (language: string) => [
    ...new Set(places.map((place) => nameOf(place, language)).filter((name) => name !== undefined)),
  ];
  const en = names('en');
  if (en.length === 0) return null;
  // Chinese names run from the largest place to the smallest; English ones the other way.
  return { en: en.join(', '), zh: names('zh-CN').reverse().join(' ') };
}

const opened = new Map<string, GeoIp>();

/**
 * Reads a MaxMind DB file (once per path in a process: configuration checks it, the app uses it). Throws
 * when the file cannot be read or is not a MaxMind DB.
 */
export function openGeoIp(file: string): GeoIp {
  const known = opened.get(file);
  if (known) return known;
  const reader = new MmdbReader(readFileSync(file));
  const geoip: GeoIp = {
    regionOf(address) {
      if (!address) return null;
      try {
        return regionOfRecord(reader.get(address));
      } catch {
        // A damaged part of the file costs that one answer, never a sign-in.
        return null;
      }
    },
  };
  opened.set(file, geoip);
  return geoip;
}
