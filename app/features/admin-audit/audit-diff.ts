import { dayjs } from '../../lib/dayjs.ts';

// Before and after of a change as rows a person can compare: one row per field (nested objects as dotted
// paths, lists as a whole), in the order the fields were recorded, each marked when it changed.

export interface DiffRow {
  field: string;
  before: unknown;
  after: unknown;
  changed: boolean;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

function flatten(value: unknown, prefix: string, into: Map<string, unknown>): void {
  if (isRecord(value) && Object.keys(value).length > 0) {
    for (const [key, inner] of Object.entries(value)) flatten(inner, prefix ? `${prefix}.${key}` : key, into);
  } else {
    into.set(prefix, value);
  }
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function diffRows(before: unknown, after: unknown): DiffRow[] {
  const old = new Map<string, unknown>();
  const next = new Map<string, unknown>();
  // Nothing before (a creation) or after (a deletion): that side has no fields.
  if (before !== null && before !== undefined) flatten(before, '', old);
  if (after !== null && after !== undefined) flatten(after, '', next);
  const fields = [...new Set([...old.keys(), ...next.keys()])];
  return fields.map((field) => {
    const a = old.get(field);
    const b = next.get(field);
    return { field, before: a, after: b, changed: !same(a, b) };
  });
}

/** Nothing worth showing: no value, an empty text or an empty list. */
export const isBlank = (value: unknown): boolean =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * A recorded value as text: instants in the reader's time, lists of plain values joined, other structures
 * as JSON; undefined as ''.
 */
export function formatValue(value: unknown): string {
  if (value === undefined) return '';
  if (value === null) return '—';
  if (typeof value === 'string')
    return INSTANT.test(value) ? dayjs(value).format('YYYY-MM-DD HH:mm:ss') : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && value.every((item) => item === null || typeof item !== 'object'))
    return value.length ? value.map((item) => formatValue(item)).join(', ') : '[]';
  return JSON.stringify(value);
}
