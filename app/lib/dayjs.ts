import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat.js';
import 'dayjs/locale/zh-cn.js';
import type { Locale } from '#shared/constants.ts';
import { i18n } from './i18n.ts';
import { dayjsLocaleFor } from './locale.ts';

// dayjs for the app, in the interface language (antd's date pickers read its global locale too). The app
// imports it from here, never from 'dayjs' (scripts/boundaries.ts): the first pages format their dates with
// Intl and do not download it; the pages that use it bring it, set to the language, with them.

dayjs.extend(localizedFormat);

const applyLocale = (locale: Locale) => {
  dayjs.locale(dayjsLocaleFor(locale));
};
applyLocale(i18n.language);
i18n.onLanguageChanged(applyLocale);

export type { Dayjs } from 'dayjs';
export { dayjs };
