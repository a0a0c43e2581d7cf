import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n.ts';
import { articleStatusKind, isPending, STATUS_COLORS, STATUS_FILTERS } from './article-status.ts';

describe('article status (spec §4: 3 approved, 4 rejected, anything else pending)', () => {
  it('maps status codes to kinds', () => {
    expect(articleStatusKind(3)).toBe('approved');
    expect(articleStatusKind(4)).toBe('rejected');
    for (const other of [0, 1, 2, 5, -1, 99]) expect(articleStatusKind(other)).toBe('pending');
    expect(isPending(1)).toBe(true);
    expect(isPending(3)).toBe(false);
    expect(isPending(4)).toBe(false);
  });

  it('has a colour and a label in both languages for each kind', () => {
    expect(STATUS_COLORS).toEqual({ pending: 'gold', approved: 'green', rejected: 'red' });
    const labels = (locale: 'zh' | 'en') =>
      STATUS_FILTERS.map((filter) => i18n.getFixedT(locale, 'teach')(`status.${filter.kind}`));
    expect(labels('zh')).toEqual(['待审核', '已通过', '未通过']);
    expect(labels('en')).toEqual(['Pending review', 'Approved', 'Rejected']);
  });

  it('filters by the values FindPage understands', () => {
    expect(STATUS_FILTERS.map((filter) => filter.value)).toEqual([1, 3, 4]);
  });
});
