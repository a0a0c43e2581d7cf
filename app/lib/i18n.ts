import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat.js';
import 'dayjs/locale/zh-cn.js';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '#shared/constants.ts';
import { dayjsLocaleFor, detectLocale, htmlLangFor, saveLocale } from './locale.ts';
import { importTexts } from './texts.ts';
import { Translator } from './translator.ts';

dayjs.extend(localizedFormat);

/** Reflects the active locale outside React: `<html lang>` and dayjs. antd follows through the providers. */
function applyLocale(locale: Locale): void {
  dayjs.locale(dayjsLocaleFor(locale));
  if (typeof document !== 'undefined') document.documentElement.lang = htmlLangFor(locale);
}

/**
 * The interface texts. None yet: each language's arrive with loadTexts, which the app awaits before its first
 * render. A text missing in English falls back to Chinese.
 */
export const i18n = new Translator(detectLocale(), DEFAULT_LOCALE);

applyLocale(i18n.language);
i18n.onLanguageChanged(applyLocale);

const loadedTexts = new Map<Locale, Promise<void>>();

/**
 * Adds a language's member texts, loaded once (the app awaits the visitor's language before its first
 * render; changeLocale loads the other on the first switch).
 */
export function loadTexts(locale: Locale): Promise<void> {
  let loading = loadedTexts.get(locale);
  if (!loading) {
    loading = importTexts(locale).then(
      ({ texts }) => {
        // Copies: the translator merges later bundles (the back office's) into the objects it is given.
        for (const [namespace, bundle] of Object.entries(texts))
          i18n.addResourceBundle(locale, namespace, structuredClone(bundle), true, true);
      },
      (error: unknown) => {
        loadedTexts.delete(locale);
        throw error;
      },
    );
    loadedTexts.set(locale, loading);
  }
  return loading;
}

/** Loads the texts of the visitor's language and settles on it: awaited before the first render. */
export async function startI18n(): Promise<void> {
  const locale = currentLocale();
  await loadTexts(locale);
  await i18n.changeLanguage(locale);
}

export function currentLocale(): Locale {
  return i18n.language;
}

/** Switches the interface language and remembers the choice for the next visit. */
export async function changeLocale(locale: Locale): Promise<void> {
  await loadTexts(locale);
  saveLocale(locale);
  await i18n.changeLanguage(locale);
}

let adminTexts: Promise<void> | undefined;

/**
 * Adds the back office's texts (both languages), loaded once on first use: the admin layout's route waits
 * for them, so that members' pages never carry them.
 */
export function loadAdminTexts(): Promise<void> {
  adminTexts ??= import('./i18n-admin.ts').then(
    ({ adminResources: texts }) => {
      for (const language of LOCALES)
        for (const [namespace, bundle] of Object.entries(texts[language]))
          i18n.addResourceBundle(language, namespace, bundle, true, true);
    },
    (error: unknown) => {
      adminTexts = undefined;
      throw error;
    },
  );
  return adminTexts;
}
