import { use, useMemo, useSyncExternalStore } from 'react';
import { i18n } from './i18n.ts';
import type { Namespace, TFunction, Translator } from './translator.ts';

const subscribe = (changed: () => void) => i18n.onLanguageChanged(changed);
const currentLanguage = () => i18n.language;

/**
 * The texts of one namespace (`common` when none is named) in the current language. The component draws
 * again when the language changes, and `t` is then a new function, so memos that depend on it follow. A
 * namespace that is not there yet is downloaded while the component suspends (routes ask for their pages'
 * texts beforehand, lib/texts.ts; this is what keeps a key from ever being shown instead of its text).
 */
export function useTranslation<N extends Namespace = 'common'>(
  namespace?: N,
): { t: TFunction<N>; i18n: Translator } {
  const language = useSyncExternalStore(subscribe, currentLanguage, currentLanguage);
  const ns = (namespace ?? 'common') as N;
  if (!i18n.hasResourceBundle(language, ns)) use(i18n.loadNamespace(language, ns));
  const t = useMemo(() => i18n.getFixedT(language, ns), [language, ns]);
  return { t, i18n };
}
