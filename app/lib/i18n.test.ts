import { afterEach, describe, expect, it } from 'vitest';
import { texts as enTexts } from '../locales/en/index.ts';
import { texts as zhTexts } from '../locales/zh/index.ts';
import { dayjs } from './dayjs.ts';
import { changeLocale, currentLocale, i18n, loadAdminTexts, loadTexts } from './i18n.ts';
import { adminResources } from './i18n-admin.ts';
import { LOCALE_STORAGE_KEY } from './locale.ts';
import { firstLoadNamespaces, importNamespace, MEMBER_NAMESPACES, SHELL_NAMESPACES } from './texts.ts';

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

  it('keeps the later of two quick choices, and says the earlier one was overtaken', async () => {
    // English first (its texts are there at once), then Chinese: both are downloaded, the later one stays.
    const [first, second] = await Promise.all([changeLocale('en'), changeLocale('zh')]);
    expect(first).toBe(false);
    expect(second).toBe(true);
    expect(currentLocale()).toBe('zh');
    expect(window.localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('zh');
    const [third, fourth] = await Promise.all([changeLocale('zh'), changeLocale('en')]);
    expect([third, fourth]).toEqual([false, true]);
    expect(currentLocale()).toBe('en');
  });

  it('leaves the language as it was when the texts cannot be downloaded', async () => {
    // Texts Chinese has and English has none of: switching must download them, and cannot.
    i18n.addResourceBundle('zh', 'only-in-chinese', { probe: '探针' });
    try {
      await expect(changeLocale('en')).rejects.toThrow('No texts for en/only-in-chinese');
      expect(currentLocale()).toBe('zh');
      expect(document.documentElement.lang).toBe('zh-CN');
      expect(window.localStorage.getItem(LOCALE_STORAGE_KEY)).not.toBe('en');
      // A failure overtaken by a later choice is not reported: that choice decides.
      const [failed, kept] = await Promise.all([changeLocale('en'), changeLocale('zh')]);
      expect([failed, kept]).toEqual([false, true]);
      expect(currentLocale()).toBe('zh');
    } finally {
      i18n.addResourceBundle('en', 'only-in-chinese', { probe: 'probe' });
    }
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
  it('are given to the translator as copies (the modules stay as written)', async () => {
    await loadTexts('en');
    expect(i18n.getResourceBundle('en', 'common')).toEqual(enTexts.common);
    expect(i18n.getResourceBundle('en', 'common')).not.toBe(enTexts.common);
  });

  it('are one file per namespace and language, each of them there for the loader', async () => {
    for (const namespace of MEMBER_NAMESPACES) {
      expect(await importNamespace('zh', namespace)).toEqual(zhTexts[namespace]);
      expect(await importNamespace('en', namespace)).toEqual(enTexts[namespace]);
    }
    expect([...MEMBER_NAMESPACES].sort()).toEqual(Object.keys(zhTexts).sort());
    await expect(importNamespace('zh', 'admin')).rejects.toThrow('No texts for zh/admin');
  });

  it("that a first load asks for are the shell's and the page's", () => {
    const first = (url: string) => firstLoadNamespaces(new URL(url, 'https://portal.test'));
    expect(first('/')).toEqual([...SHELL_NAMESPACES, 'home']);
    expect(first('/?type=2')).toEqual([...SHELL_NAMESPACES, 'trading', 'advisories']);
    expect(first('/?type=1')).toEqual([...SHELL_NAMESPACES, 'trading']);
    expect(first('/notice')).toEqual([...SHELL_NAMESPACES, 'advisories']);
    expect(first('/pressure')).toEqual([...SHELL_NAMESPACES, 'pressure']);
    expect(first('/media')).toEqual([...SHELL_NAMESPACES, 'media']);
    expect(first('/personal/engagement')).toEqual([...SHELL_NAMESPACES, 'personal', 'advisories']);
    expect(first('/personal/subscribe')).toEqual([...SHELL_NAMESPACES, 'personal', 'advisories']);
    expect(first('/teach')).toContain('teach');
    expect(first('/teach-detail?id=3')).toContain('teach');
    expect(first('/Account/Login')).toContain('auth');
    expect(first('/authentication/register')).toEqual([...SHELL_NAMESPACES, 'auth', 'invitation']);
    expect(first('/?type=9')).toEqual([...SHELL_NAMESPACES, 'home']);
    expect(first('/strategy/7')).toContain('quant');
    expect(first('/tool')).toContain('tools');
    expect(first('/monitoring')).toContain('onchain');
    expect(first('/personal/invitation')).toContain('invitation');
    expect(first('/personal/article/add')).toContain('teach');
    expect(first('/personal/info')).toEqual([...SHELL_NAMESPACES, 'personal']);
    expect(first('/admin/content/teach').sort()).toEqual([...MEMBER_NAMESPACES].sort());
    expect(first('/no-such-page')).toEqual([...SHELL_NAMESPACES]);
    for (const namespace of SHELL_NAMESPACES) expect(MEMBER_NAMESPACES).toContain(namespace);
  });
});
