import enUSModule from 'antd/es/locale/en_US.js';
import type { Locale as AntdLocale } from 'antd/es/locale/index.js';
import zhCNModule from 'antd/es/locale/zh_CN.js';
import type { Locale } from '#shared/constants.ts';

// antd publishes es/ as ES modules without "type": "module", so TypeScript (nodenext) sees the CommonJS
// shape `{ default: Locale }` while the bundler hands us the locale itself. Accept both.
function unwrap(module: AntdLocale | { default: AntdLocale }): AntdLocale {
  return 'default' in module ? module.default : module;
}

const ANTD_LOCALES: Record<Locale, AntdLocale> = {
  zh: unwrap(zhCNModule),
  en: unwrap(enUSModule),
};

export function antdLocaleFor(locale: Locale): AntdLocale {
  return ANTD_LOCALES[locale];
}
