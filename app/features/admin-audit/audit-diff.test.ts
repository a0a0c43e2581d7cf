import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { diffRows, formatValue } from './audit-diff.ts';

describe('the before and after of an audit entry', () => {
  it('lines up the fields of both sides, nested ones by path, and marks what changed', () => {
    expect(
      diffRows(
        { keyName: 'A', limits: { daily: 1, weekly: 5 }, tags: ['x'] },
        { keyName: 'B', limits: { daily: 1, weekly: 6 }, tags: ['x'], isActive: true },
      ),
    ).toEqual([
      { field: 'keyName', before: 'A', after: 'B', changed: true },
      { field: 'limits.daily', before: 1, after: 1, changed: false },
      { field: 'limits.weekly', before: 5, after: 6, changed: true },
      { field: 'tags', before: ['x'], after: ['x'], changed: false },
      { field: 'isActive', before: undefined, after: true, changed: true },
    ]);
  });

  it('shows a creation or a deletion with one side empty, and plain values as one row', () => {
    expect(diffRows(null, { name: 'n' })).toEqual([
      { field: 'name', before: undefined, after: 'n', changed: true },
    ]);
    expect(diffRows({ name: 'n' }, null)).toEqual([
      { field: 'name', before: 'n', after: undefined, changed: true },
    ]);
    expect(diffRows(3, 4)).toEqual([{ field: '', before: 3, after: 4, changed: true }]);
  });

  it('writes values as a person reads them', () => {
    expect(formatValue(['StandardUser', 'Gold'])).toBe('StandardUser, Gold');
    expect(formatValue([])).toBe('[]');
    expect(formatValue(null)).toBe('—');
    expect(formatValue(false)).toBe('false');
    expect(formatValue([{ a: 1 }])).toBe('[{"a":1}]');
    expect(formatValue(undefined)).toBe('');
    expect(formatValue('2025-03-01T08:00:00.000Z')).toBe(
      dayjs('2025-03-01T08:00:00.000Z').format('YYYY-MM-DD HH:mm:ss'),
    );
    expect(formatValue('2025-03-01')).toBe('2025-03-01');
  });
});
