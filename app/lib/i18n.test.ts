import dayjs from 'dayjs';
import { afterEach, describe, expect, it } from 'vitest';
import { texts as enTexts } from '../locales/en/index.ts';
import { texts as zhTexts } from '../locales/zh/index.ts';
import { changeLocale, currentLocale, i18n, loadAdminTexts, loadTexts } from './i18n.ts';
import { adminResources } from './i18n-admin.ts';
import { LOCALE_STORAGE_KEY } from './locale.ts';

describe('changeLocale', () => {
  afterEach(async () => {
    await changeLocale('zh');
  });

  it('switches the language, remembers it and updates <html lang> and dayjs', async () => {
    await changeLocale('en');
    expect(currentLocale()).toBe('en');
    expect(i18n.t('nav.tutorials')).toBe('Tutorials');
    expect(window.localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(dayjs.locale()).toBe('en');
    expect(dayjs('2024-03-05').format('LL')).toBe('March 5, 2024');

    await changeLocale('zh');
    expect(currentLocale()).toBe('zh');
    expect(i18n.t('nav.tutorials')).toBe('教学');
    expect(window.localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('zh');
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(dayjs.locale()).toBe('zh-cn');
    expect(dayjs('2024-03-05').format('LL')).toBe('2024年3月5日');
  });

  it('has every Chinese key translated to English', () => {
    const zh = i18n.getResourceBundle('zh', 'common') ?? {};
    const en = i18n.getResourceBundle('en', 'common') ?? {};
    const keys = (value: object, prefix = ''): string[] =>
      Object.entries(value).flatMap(([key, child]) =>
        typeof child === 'object' && child !== null ? keys(child, `${prefix}${key}.`) : [`${prefix}${key}`],
      );
    expect(Object.keys(enTexts)).toEqual(Object.keys(zhTexts));
    expect(Object.keys(adminResources.en)).toEqual(Object.keys(adminResources.zh));
    for (const namespace of [...Object.keys(zhTexts), ...Object.keys(adminResources.zh)]) {
      const zhKeys = keys(i18n.getResourceBundle('zh', namespace) ?? {});
      expect(keys(i18n.getResourceBundle('en', namespace) ?? {})).toEqual(zhKeys);
    }
    expect(zh.product).toBeDefined();
    expect(zh.product).not.toEqual(en.product);
  });
});

describe('the back office texts', () => {
  it("are not bundled with the members' texts, and are there in both languages once loaded", async () => {
    expect(Object.keys(zhTexts)).not.toContain('admin');
    await loadAdminTexts();
    await loadAdminTexts();
    expect(i18n.getResourceBundle('zh', 'admin')).toEqual(adminResources.zh.admin);
    expect(i18n.getResourceBundle('en', 'adminUsers')).toEqual(adminResources.en.adminUsers);
  });
});

describe("the members' texts", () => {
  it('are loaded once per language, and a copy is given to the translator (the module stays as written)', async () => {
    const first = loadTexts('en');
    expect(loadTexts('en')).toBe(first);
    await first;
    expect(i18n.getResourceBundle('en', 'common')).toEqual(enTexts.common);
    expect(i18n.getResourceBundle('en', 'common')).not.toBe(enTexts.common);
  });
});
