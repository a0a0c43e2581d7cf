import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat.js';
import 'dayjs/locale/zh-cn.js';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '#shared/constants.ts';
import { admin as enAdmin } from '../locales/en/admin.ts';
import { adminUsers as enAdminUsers } from '../locales/en/admin-users.ts';
import { advisories as enAdvisories } from '../locales/en/advisories.ts';
import { advisoriesAdmin as enAdvisoriesAdmin } from '../locales/en/advisories-admin.ts';
import { auth as enAuth } from '../locales/en/auth.ts';
import { common as enCommon } from '../locales/en/common.ts';
import { home as enHome } from '../locales/en/home.ts';
import { levelsAdmin as enLevelsAdmin } from '../locales/en/levels-admin.ts';
import { marketAdmin as enMarketAdmin } from '../locales/en/market-admin.ts';
import { personal as enPersonal } from '../locales/en/personal.ts';
import { pressure as enPressure } from '../locales/en/pressure.ts';
import { quant as enQuant } from '../locales/en/quant.ts';
import { quantAdmin as enQuantAdmin } from '../locales/en/quant-admin.ts';
import { teach as enTeach } from '../locales/en/teach.ts';
import { tools as enTools } from '../locales/en/tools.ts';
import { trading as enTrading } from '../locales/en/trading.ts';
import { admin as zhAdmin } from '../locales/zh/admin.ts';
import { adminUsers as zhAdminUsers } from '../locales/zh/admin-users.ts';
import { advisories as zhAdvisories } from '../locales/zh/advisories.ts';
import { advisoriesAdmin as zhAdvisoriesAdmin } from '../locales/zh/advisories-admin.ts';
import { auth as zhAuth } from '../locales/zh/auth.ts';
import { common as zhCommon } from '../locales/zh/common.ts';
import { home as zhHome } from '../locales/zh/home.ts';
import { levelsAdmin as zhLevelsAdmin } from '../locales/zh/levels-admin.ts';
import { marketAdmin as zhMarketAdmin } from '../locales/zh/market-admin.ts';
import { personal as zhPersonal } from '../locales/zh/personal.ts';
import { pressure as zhPressure } from '../locales/zh/pressure.ts';
import { quant as zhQuant } from '../locales/zh/quant.ts';
import { quantAdmin as zhQuantAdmin } from '../locales/zh/quant-admin.ts';
import { teach as zhTeach } from '../locales/zh/teach.ts';
import { tools as zhTools } from '../locales/zh/tools.ts';
import { trading as zhTrading } from '../locales/zh/trading.ts';
import { dayjsLocaleFor, detectLocale, htmlLangFor, isLocale, saveLocale } from './locale.ts';

dayjs.extend(localizedFormat);

export const resources = {
  zh: {
    common: zhCommon,
    home: zhHome,
    personal: zhPersonal,
    advisories: zhAdvisories,
    advisoriesAdmin: zhAdvisoriesAdmin,
    marketAdmin: zhMarketAdmin,
    levelsAdmin: zhLevelsAdmin,
    quantAdmin: zhQuantAdmin,
    admin: zhAdmin,
    adminUsers: zhAdminUsers,
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
    advisoriesAdmin: enAdvisoriesAdmin,
    marketAdmin: enMarketAdmin,
    levelsAdmin: enLevelsAdmin,
    quantAdmin: enQuantAdmin,
    admin: enAdmin,
    adminUsers: enAdminUsers,
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
    resources: (typeof resources)['zh'];
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
  resources,
  lng: detectLocale(),
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: LOCALES,
  ns: Object.keys(resources.zh),
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
