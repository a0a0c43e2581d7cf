import type { Locale } from '#shared/constants.ts';
import type { texts as zhTexts } from '../locales/zh/index.ts';

/** The members' texts of one language (the namespaces; the back office's are added with its layout). */
export type MemberTexts = typeof zhTexts;

const TEXTS: Record<Locale, () => Promise<{ texts: MemberTexts }>> = {
  zh: () => import('../locales/zh/index.ts'),
  en: () => import('../locales/en/index.ts'),
};

/**
 * The chunk of one language's member texts. main.tsx asks for the visitor's language before the app's
 * code arrives, so both download side by side; lib/i18n.ts asks again (the same module, fetched once).
 */
export function importTexts(locale: Locale): Promise<{ texts: MemberTexts }> {
  return TEXTS[locale]();
}
