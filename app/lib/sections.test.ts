import { describe, expect, it } from 'vitest';
import { activeSectionKey, SECTIONS } from './sections.ts';

describe('public sections', () => {
  it('lists the top menu of the spec in order', () => {
    expect(SECTIONS.map((section) => section.path)).toEqual([
      '/teach',
      '/',
      '/pressure',
      '/monitoring',
      '/media',
      '/strategy',
      '/tool',
      '/notice',
    ]);
    expect(SECTIONS.filter((section) => !section.membersOnly).map((section) => section.key)).toEqual([
      'tutorials',
    ]);
  });

  it('highlights the entry of the current location', () => {
    expect(activeSectionKey('/', '')).toBeNull();
    expect(activeSectionKey('/', '?type=1')).toBe('tradingLive');
    expect(activeSectionKey('/', '?type=2')).toBe('tradingStrategy');
    expect(activeSectionKey('/', '?type=9')).toBeNull();
    expect(activeSectionKey('/teach', '')).toBe('tutorials');
    expect(activeSectionKey('/teach-detail', '?id=3')).toBe('tutorials');
    expect(activeSectionKey('/strategy', '')).toBe('quant');
    expect(activeSectionKey('/notice/12', '')).toBe('notices');
    expect(activeSectionKey('/tools', '')).toBeNull();
    expect(activeSectionKey('/personal/info', '')).toBeNull();
  });
});
