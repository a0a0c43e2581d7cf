import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn.js';
import localizedFormat from 'dayjs/plugin/localizedFormat.js';
import { afterEach, describe, expect, it } from 'vitest';
import { localDateTime, readableDate } from './date-format.ts';
import { changeLocale } from './i18n.ts';

dayjs.extend(localizedFormat);

const DATES = [
  '2025-05-02T08:30:00.000Z',
  '2024-12-31T23:59:59.999Z',
  '2025-01-01T00:00:00+08:00',
  '2025-03-09T07:05:00Z',
];

describe('date formats without dayjs', () => {
  afterEach(async () => {
    await changeLocale('zh');
  });

  it('writes the local date and time as YYYY-MM-DD HH:mm, as dayjs did', () => {
    for (const iso of DATES) expect(localDateTime(iso), iso).toBe(dayjs(iso).format('YYYY-MM-DD HH:mm'));
  });

  it('writes a readable date in the interface language, as dayjs did with LL', async () => {
    await changeLocale('zh');
    expect(readableDate('2025-03-05T04:00:00Z')).toBe('2025年3月5日');
    for (const iso of DATES) expect(readableDate(iso), iso).toBe(dayjs(iso).locale('zh-cn').format('LL'));
    await changeLocale('en');
    expect(readableDate('2025-03-05T04:00:00Z')).toBe('March 5, 2025');
    for (const iso of DATES) expect(readableDate(iso), iso).toBe(dayjs(iso).locale('en').format('LL'));
  });

  it('says so for a date it cannot read', () => {
    expect(localDateTime('not a date')).toBe('Invalid Date');
    expect(readableDate('not a date')).toBe('Invalid Date');
  });
});
