import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat.js';
import 'dayjs/locale/zh-cn.js';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '#shared/constants.ts';
import { advisories as enAdvisories } from '../locales/en/advisories.ts';
import { auth as enAuth } from '../locales/en/auth.ts';
import { common as enCommon } from '../locales/en/common.ts';
import { home as enHome } from '../locales/en/home.ts';
import { personal as enPersonal } from '../locales/en/personal.ts';
import { pressure as enPressure } from '../locales/en/pressure.ts';
import { quant as enQuant } from '../locales/en/quant.ts';
import { teach as enTeach } from '../locales/en/teach.ts';
import { tools as enTools } from '../locales/en/tools.ts';
import { trading as enTrading } from '../locales/en/trading.ts';
import { advisories as zhAdvisories } from '../locales/zh/advisories.ts';
import { auth as zhAuth } from '../locales/zh/auth.ts';
import { common as zhCommon } from '../locales/zh/common.ts';
import { home as zhHome } from '../locales/zh/home.ts';
import { personal as zhPersonal } from '../locales/zh/personal.ts';
import { pressure as zhPressure } from '../locales/zh/pressure.ts';
import { quant as zhQuant } from '../locales/zh/quant.ts';
import { teach as zhTeach } from '../locales/zh/teach.ts';
import { tools as zhTools } from '../locales/zh/tools.ts';
import { trading as zhTrading } from '../locales/zh/trading.ts';
import type { adminResources } from './i18n-admin.ts';
import { dayjsLocaleFor, detectLocale, htmlLangFor, isLocale, saveLocale } from './locale.ts';

dayjs.extend(localizedFormat);

export const resources = {
  zh: {
    common: zhCommon,
    home: zhHome,
    personal: zhPersonal,
    advisories: zhAdvisories,
    auth: zhAuth,
    teach: zhTeach,
    trading: zhTrading,
    tools: zhTools,
    pressure: zhPressure,
    quant: zhQuant,
  },
  en: {
    common: enCommon,
    home: enHome,
    personal: enPersonal,
    advisories: enAdvisories,
    auth: enAuth,
    teach: enTeach,
    trading: enTrading,
    tools: enTools,
    pressure: enPressure,
    quant: enQuant,
  },
} as const;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: (typeof resources)['zh'] & (typeof adminResources)['zh'];
  }
}

/** Reflects the active locale outside React: `<html lang>` and dayjs. antd follows through the providers. */
function applyLocale(locale: Locale): void {
  dayjs.locale(dayjsLocaleFor(locale));
  if (typeof document !== 'undefined') document.documentElement.lang = htmlLangFor(locale);
}

export const i18n = i18next.createInstance();

i18n.on('languageChanged', (language) => {
  applyLocale(isLocale(language) ? language : DEFAULT_LOCALE);
});

void i18n.use(initReactI18next).init({
  // Copies: i18next adds later bundles (the back office's) into the object it is given.
  resources: { zh: { ...resources.zh }, en: { ...resources.en } },
  lng: detectLocale(),
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: LOCALES,
  ns: Object.keys(resources.zh),
  // The back office's namespaces arrive with the admin layout (loadAdminTexts).
  partialBundledLanguages: true,
  defaultNS: 'common',
  // Resources are bundled, so initialisation is synchronous and the first render is already translated.
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

export function currentLocale(): Locale {
  const language = i18n.resolvedLanguage ?? i18n.language;
  return isLocale(language) ? language : DEFAULT_LOCALE;
}

/** Switches the interface language and remembers the choice for the next visit. */
export async function changeLocale(locale: Locale): Promise<void> {
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
