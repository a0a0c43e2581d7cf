import enUSModule from 'antd/es/locale/en_US.js';
import type { Locale as AntdLocale } from 'antd/es/locale/index.js';
import zhCNModule from 'antd/es/locale/zh_CN.js';
import type { Locale } from '#shared/constants.ts';
import { antdDefault } from './antd-default.ts';

const ANTD_LOCALES: Record<Locale, AntdLocale> = {
  zh: antdDefault<AntdLocale>(zhCNModule),
  en: antdDefault<AntdLocale>(enUSModule),
};

export function antdLocaleFor(locale: Locale): AntdLocale {
  return ANTD_LOCALES[locale];
}
