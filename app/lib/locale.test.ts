import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  dayjsLocaleFor,
  detectLocale,
  htmlLangFor,
  LOCALE_STORAGE_KEY,
  localeFromLanguageTag,
  resolveLocale,
} from './locale.ts';

describe('resolveLocale', () => {
  it('prefers a valid saved choice over the browser languages', () => {
    expect(resolveLocale('en', ['zh-CN'])).toBe('en');
    expect(resolveLocale('zh', ['en-US', 'en'])).toBe('zh');
  });

  it('ignores an invalid saved value and falls back to the browser', () => {
    expect(resolveLocale('fr', ['en-GB'])).toBe('en');
    expect(resolveLocale('', ['en-GB'])).toBe('en');
    expect(resolveLocale(null, ['en-GB'])).toBe('en');
    expect(resolveLocale(undefined, ['zh-TW'])).toBe('zh');
  });

  it('maps any en-* or zh-* browser language', () => {
    expect(resolveLocale(null, ['en'])).toBe('en');
    expect(resolveLocale(null, ['en-AU'])).toBe('en');
    expect(resolveLocale(null, ['zh'])).toBe('zh');
    expect(resolveLocale(null, ['zh-Hant-HK'])).toBe('zh');
    expect(resolveLocale(null, ['EN_us'])).toBe('en');
  });

  it('takes the first supported language in the preference list', () => {
    expect(resolveLocale(null, ['fr-FR', 'de', 'en-US', 'zh-CN'])).toBe('en');
    expect(resolveLocale(null, ['ja', 'zh-CN', 'en'])).toBe('zh');
  });

  it('defaults to Chinese when nothing is supported or known', () => {
    expect(resolveLocale(null, [])).toBe('zh');
    expect(resolveLocale(null, ['fr-FR', 'ja-JP'])).toBe('zh');
    expect(resolveLocale(null, ['english'])).toBe('zh');
  });
});

describe('locale helpers', () => {
  it('parses language tags', () => {
    expect(localeFromLanguageTag('en-US')).toBe('en');
    expect(localeFromLanguageTag(' zh ')).toBe('zh');
    expect(localeFromLanguageTag('pt-BR')).toBeNull();
  });

  it('gives the html lang and dayjs locale of each locale', () => {
    expect(htmlLangFor('zh')).toBe('zh-CN');
    expect(htmlLangFor('en')).toBe('en');
    expect(dayjsLocaleFor('zh')).toBe('zh-cn');
    expect(dayjsLocaleFor('en')).toBe('en');
  });
});

describe('detectLocale', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('reads the saved setting first, then navigator.languages', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US', 'en']);
    expect(detectLocale()).toBe('en');
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'zh');
    expect(detectLocale()).toBe('zh');
  });

  it('survives storage that throws', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['zh-CN']);
    expect(detectLocale()).toBe('zh');
  });
});
