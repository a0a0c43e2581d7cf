import { DEFAULT_LOCALE, LOCALES, type Locale } from '#shared/constants.ts';

/** localStorage key holding the interface language the user chose. */
export const LOCALE_STORAGE_KEY = 'locale';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Maps a BCP 47 tag (`en-GB`, `zh-Hant-TW`, `ZH`) to a supported locale, or null when unsupported. */
export function localeFromLanguageTag(tag: string): Locale | null {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  return isLocale(primary) ? primary : null;
}

/**
 * The interface language: the saved choice when it is valid, else the first supported language
 * in the browser's preference list, else the default (zh).
 */
export function resolveLocale(saved: string | null | undefined, browserLanguages: readonly string[]): Locale {
  if (isLocale(saved)) return saved;
  for (const tag of browserLanguages) {
    const locale = localeFromLanguageTag(tag);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}

/** The value for `<html lang>`. */
export function htmlLangFor(locale: Locale): string {
  return locale === 'zh' ? 'zh-CN' : 'en';
}

/** The dayjs locale name. */
export function dayjsLocaleFor(locale: Locale): string {
  return locale === 'zh' ? 'zh-cn' : 'en';
}

export function readSavedLocale(): string | null {
  try {
    return window.localStorage.getItem(LOCALE_STORAGE_KEY);
  } catch {
    // Storage can be disabled (privacy mode, sandboxed frames); fall back to the browser language.
    return null;
  }
}

export function saveLocale(locale: Locale): void {
  try {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Not persisting is acceptable: the switch still applies to this page.
  }
}

export function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  if (navigator.languages && navigator.languages.length > 0) return navigator.languages;
  return navigator.language ? [navigator.language] : [];
}

export function detectLocale(): Locale {
  return resolveLocale(readSavedLocale(), browserLanguages());
}
