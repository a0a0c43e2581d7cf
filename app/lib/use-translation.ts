import { useMemo, useSyncExternalStore } from 'react';
import { i18n } from './i18n.ts';
import type { Namespace, TFunction, Translator } from './translator.ts';

const subscribe = (changed: () => void) => i18n.onLanguageChanged(changed);
const currentLanguage = () => i18n.language;

/**
 * The texts of one namespace (`common` when none is named) in the current language. The component draws
 * again when the language changes, and `t` is then a new function, so memos that depend on it follow.
 */
export function useTranslation<N extends Namespace = 'common'>(
  namespace?: N,
): { t: TFunction<N>; i18n: Translator } {
  const language = useSyncExternalStore(subscribe, currentLanguage, currentLanguage);
  const ns = (namespace ?? 'common') as N;
  const t = useMemo(() => i18n.getFixedT(language, ns), [language, ns]);
  return { t, i18n };
}
