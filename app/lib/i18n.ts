import { DEFAULT_LOCALE, LOCALES, type Locale } from '#shared/constants.ts';
import { detectLocale, htmlLangFor, saveLocale } from './locale.ts';
import { firstLoadNamespaces, importNamespace, MEMBER_NAMESPACES, pageNamespaces } from './texts.ts';
import { Translator } from './translator.ts';

/**
 * Reflects the active locale outside React: `<html lang>`. antd follows through the providers, dayjs where a
 * page uses it (lib/dayjs.ts).
 */
function applyLocale(locale: Locale): void {
  if (typeof document !== 'undefined') document.documentElement.lang = htmlLangFor(locale);
}

/**
 * The interface texts. None yet: the first page's arrive with startI18n, which the app awaits before its
 * first render. A text missing in English falls back to Chinese when the Chinese namespace is there.
 */
export const i18n = new Translator(detectLocale(), DEFAULT_LOCALE, importNamespace);

applyLocale(i18n.language);
i18n.onLanguageChanged(applyLocale);

/**
 * Adds namespaces of a language's member texts (all of them unless named), each downloaded once. Tests and
 * the back office load them all; a page asks for its own (routes and startI18n).
 */
export function loadTexts(locale: Locale, namespaces: readonly string[] = MEMBER_NAMESPACES): Promise<void> {
  return i18n.loadNamespaces(locale, namespaces);
}

/**
 * Loads the texts the first page needs in the visitor's language (the shell's and the page's, by address)
 * and settles on it: awaited before the first render. Other pages' texts come with their routes.
 */
export async function startI18n(): Promise<void> {
  const locale = currentLocale();
  await loadTexts(
    locale,
    typeof window === 'undefined' ? MEMBER_NAMESPACES : firstLoadNamespaces(window.location),
  );
  await i18n.changeLanguage(locale);
}

/**
 * Downloads the texts of the page at `url` in the current language (the root route's loader, so beside the
 * page's code). A failure is left to the page: its components ask again, and show the route's error if that
 * fails too.
 */
export function loadPageTexts(url: { pathname: string; search: string }): Promise<null> {
  return loadTexts(i18n.language, pageNamespaces(url.pathname, url.search)).then(
    () => null,
    () => null,
  );
}

/** Whether the texts of the page at `url` are there in the current language. */
export function hasPageTexts(url: { pathname: string; search: string }): boolean {
  return pageNamespaces(url.pathname, url.search).every((namespace) =>
    i18n.hasResourceBundle(i18n.language, namespace),
  );
}

export function currentLocale(): Locale {
  return i18n.language;
}

/** Counts language choices: of two made quickly, the later one is kept whichever downloads first. */
let localeChoices = 0;

/**
 * Switches the interface language and remembers the choice for the next visit, once the new language has
 * every namespace the current one has (the page does not change, only its texts). Answers false when a later
 * choice was made meanwhile (that one decides); rejects, leaving the language as it was, when the texts
 * cannot be downloaded.
 */
export async function changeLocale(locale: Locale): Promise<boolean> {
  const choice = ++localeChoices;
  try {
    await loadTexts(locale, i18n.namespacesOf(i18n.language));
  } catch (error) {
    // A choice made since decides: this one's failure is not news any more.
    if (choice !== localeChoices) return false;
    throw error;
  }
  if (choice !== localeChoices) return false;
  saveLocale(locale);
  await i18n.changeLanguage(locale);
  return true;
}

let adminTexts: Promise<void> | undefined;

/**
 * Adds the back office's texts (both languages), with every member namespace of the current language (its
 * pages show members' texts too), loaded once on first use: the admin layout's route waits for them, so that
 * members' pages never carry them.
 */
export function loadAdminTexts(): Promise<void> {
  adminTexts ??= Promise.all([import('./i18n-admin.ts'), loadTexts(currentLocale())]).then(
    ([{ adminResources: texts }]) => {
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
