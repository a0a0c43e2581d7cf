import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_LEVEL,
  expiryIssue,
  formValuesOf,
  levelSetForm,
  levelsIssue,
  namePathOf,
} from './level-form.ts';

describe('the level set form values', () => {
  it('become the request body through the shared schema (trimmed, defaults filled, the expiry as ISO)', () => {
    const expiry = dayjs('2031-01-15T10:30:00.000Z');
    const body = levelSetForm.parse({
      ...formValuesOf(null),
      symbol: 'btcusdt',
      bias: 'bearish',
      supports: [{ price: 100, reason: '  前低 ', strength: null }],
      targets: [90],
      expiresAt: expiry,
    });
    expect(body).toEqual({
      symbol: 'BTCUSDT',
      timeframe: '4h',
      bias: 'bearish',
      supports: [{ price: 100, reason: '前低', strength: null }],
      resistances: [],
      invalidationPrice: null,
      targets: [90],
      notes: '',
      expiresAt: '2031-01-15T10:30:00.000Z',
      roleIds: [],
    });
  });

  it('name blank prices by their place in the lists, as the server does', () => {
    const result = levelSetForm.safeParse({
      ...formValuesOf(null),
      symbol: 'BTCUSDT',
      bias: 'neutral',
      resistances: [{ ...EMPTY_LEVEL }],
      targets: [null],
    });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['resistances.0.price', 'levelPriceInvalid'],
      ['targets.0', 'levelPriceInvalid'],
    ]);
  });

  it('ask for at least one level on the supports, and for an expiry in the future', () => {
    const none = formValuesOf(null);
    expect(levelsIssue(none, 'supports')).toBe('levelsRequired');
    expect(levelsIssue(none, 'resistances')).toBeNull();
    expect(levelsIssue({ ...none, resistances: [{ ...EMPTY_LEVEL }] }, 'supports')).toBeNull();
    expect(levelsIssue({ ...none, supports: Array(21).fill(EMPTY_LEVEL) }, 'supports')).toBe('tooManyLevels');

    const now = Date.parse('2030-01-01T00:00:00Z');
    expect(expiryIssue(null, now)).toBeNull();
    expect(expiryIssue(dayjs(now), now)).toBe('expiryPast');
    expect(expiryIssue(dayjs(now + 60_000), now)).toBeNull();
  });

  it('turn server field names into form name paths', () => {
    expect(namePathOf('supports.0.price')).toEqual(['supports', 0, 'price']);
    expect(namePathOf('targets.3')).toEqual(['targets', 3]);
    expect(namePathOf('symbol')).toEqual(['symbol']);
  });
});
