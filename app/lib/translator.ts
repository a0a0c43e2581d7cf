import type { Locale } from '#shared/constants.ts';
import type { adminResources } from './i18n-admin.ts';
import type { MemberTexts } from './texts.ts';

/**
 * The interface texts: namespaces of nested keys per language, looked up with `{{variable}}` interpolation and
 * `_one`/`_other` plural forms chosen by `Intl.PluralRules`, falling back to the default language, then to the
 * key. It is the part of i18next the portal used, in a few hundred bytes instead of 13 KB on every first load
 * (docs/decisions.md, "The interface texts without i18next").
 */

export type Resources = MemberTexts & (typeof adminResources)['zh'];
export type Namespace = keyof Resources;

type PluralSuffix = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';
type Leaf<K extends string> = K extends `${infer Base}_${PluralSuffix}` ? Base : K;
/** The keys of a bundle as `a.b.c` paths, plural forms under their base key. */
type Keys<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${Leaf<K>}` : Keys<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

export type TKey<N extends Namespace> = Keys<Resources[N]>;
export type TOptions = {
  /** Chooses the plural form and fills `{{count}}`. */
  count?: number;
  /** The text when the key has none in either language. */
  defaultValue?: string;
  [variable: string]: unknown;
};
export type TFunction<N extends Namespace = 'common'> = (key: TKey<N>, options?: TOptions) => string;

type Bundle = { [key: string]: unknown };
type Listener = (language: Locale) => void;
/** Downloads one namespace of one language. */
export type NamespaceLoader = (language: Locale, namespace: string) => Promise<Bundle>;

const PLACEHOLDER = /\{\{\s*([^{}\s]+)\s*\}\}/g;

function deepMerge(target: Bundle, source: Bundle, overwrite: boolean): Bundle {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    if (isBundle(existing) && isBundle(value)) deepMerge(existing, value, overwrite);
    else if (overwrite || existing === undefined) target[key] = value;
  }
  return target;
}

function isBundle(value: unknown): value is Bundle {
  return typeof value === 'object' && value !== null;
}

function lookup(bundle: Bundle | undefined, path: string): string | undefined {
  let node: unknown = bundle;
  for (const part of path.split('.')) {
    if (!isBundle(node)) return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** `{{name}}` → the option's value; a variable that was not given stays as written, as it did with i18next. */
function interpolate(text: string, options: TOptions | undefined): string {
  if (!options || !text.includes('{{')) return text;
  return text.replace(PLACEHOLDER, (placeholder, name: string) => {
    const value = options[name];
    if (value === undefined) return placeholder;
    return value === null ? '' : String(value);
  });
}

export class Translator {
  private readonly store = new Map<Locale, Map<string, Bundle>>();
  private readonly listeners = new Set<Listener>();
  private readonly pluralRules = new Map<Locale, Intl.PluralRules>();
  private readonly loading = new Map<string, Promise<void>>();
  private readonly fallbackLanguage: Locale;
  private readonly loader: NamespaceLoader | undefined;
  /** The language the texts are shown in. */
  language: Locale;

  constructor(language: Locale, fallbackLanguage: Locale, loader?: NamespaceLoader) {
    this.language = language;
    this.fallbackLanguage = fallbackLanguage;
    this.loader = loader;
  }

  /**
   * Downloads the namespaces of a language that are not there yet, each once however often it is asked for
   * (the same promise until it settles; a failed download is tried again at the next call). A copy of each
   * is kept, so later bundles merged into it leave the loaded module as written.
   */
  loadNamespace(language: Locale, namespace: string): Promise<void> {
    const key = `${language}/${namespace}`;
    let loading = this.loading.get(key);
    if (!loading) {
      const loader = this.loader;
      loading =
        this.hasResourceBundle(language, namespace) || !loader
          ? Promise.resolve()
          : loader(language, namespace).then(
              (bundle) => this.addResourceBundle(language, namespace, structuredClone(bundle)),
              (error: unknown) => {
                this.loading.delete(key);
                throw error;
              },
            );
      this.loading.set(key, loading);
    }
    return loading;
  }

  loadNamespaces(language: Locale, namespaces: readonly string[]): Promise<void> {
    return Promise.all(namespaces.map((namespace) => this.loadNamespace(language, namespace))).then(() => {});
  }

  /** The namespaces there are texts of in a language. */
  namespacesOf(language: Locale): string[] {
    return [...(this.store.get(language)?.keys() ?? [])];
  }

  addResourceBundle(
    language: Locale,
    namespace: string,
    bundle: Bundle,
    deep = true,
    overwrite = true,
  ): void {
    let namespaces = this.store.get(language);
    if (!namespaces) {
      namespaces = new Map();
      this.store.set(language, namespaces);
    }
    const existing = namespaces.get(namespace);
    if (existing && deep) deepMerge(existing, bundle, overwrite);
    else if (!existing || overwrite) namespaces.set(namespace, bundle);
  }

  getResourceBundle(language: Locale, namespace: string): Bundle | undefined {
    return this.store.get(language)?.get(namespace);
  }

  hasResourceBundle(language: Locale, namespace: string): boolean {
    return this.getResourceBundle(language, namespace) !== undefined;
  }

  changeLanguage(language: Locale): Promise<void> {
    this.language = language;
    for (const listener of this.listeners) listener(language);
    return Promise.resolve();
  }

  /** Calls `listener` after each language change; returns the call that stops it. */
  onLanguageChanged(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A text of the default namespace in the current language. */
  t(key: TKey<'common'>, options?: TOptions): string {
    return this.translate(this.language, 'common', key, options);
  }

  /** The texts of one namespace in one language (`null`: the current language at each call). */
  getFixedT<N extends Namespace>(language: Locale | null, namespace: N): TFunction<N> {
    return (key, options) => this.translate(language ?? this.language, namespace, key, options);
  }

  translate(language: Locale, namespace: string, key: string, options?: TOptions): string {
    const count = options?.count;
    for (const lng of language === this.fallbackLanguage ? [language] : [language, this.fallbackLanguage]) {
      const bundle = this.getResourceBundle(lng, namespace);
      for (const candidate of typeof count === 'number' ? this.pluralKeys(lng, key, count) : [key]) {
        const text = lookup(bundle, candidate);
        if (text !== undefined) return interpolate(text, options);
      }
    }
    return interpolate(options?.defaultValue ?? key, options);
  }

  private pluralKeys(language: Locale, key: string, count: number): string[] {
    let rules = this.pluralRules.get(language);
    if (!rules) {
      rules = new Intl.PluralRules(language);
      this.pluralRules.set(language, rules);
    }
    const keys = [`${key}_${rules.select(count)}`, key];
    if (count === 0) keys.unshift(`${key}_zero`);
    return keys;
  }
}
