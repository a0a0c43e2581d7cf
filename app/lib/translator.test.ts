import { describe, expect, it } from 'vitest';
import { Translator } from './translator.ts';

function translator() {
  const texts = new Translator('zh', 'zh');
  texts.addResourceBundle('zh', 'common', {
    nav: { home: '首页', greeting: '你好，{{name}}' },
    items_other: '{{count}} 项',
    onlyChinese: '仅中文',
  });
  texts.addResourceBundle('en', 'common', {
    nav: { home: 'Home', greeting: 'Hello, {{name}}' },
    items_one: '{{count}} item',
    items_other: '{{count}} items',
    empty_zero: 'Nothing',
    empty_other: '{{count}} things',
  });
  texts.addResourceBundle('en', 'teach', { title: 'Tutorials' });
  return texts;
}

describe('Translator', () => {
  it('looks nested keys up in the current language and fills the variables', async () => {
    const texts = translator();
    expect(texts.t('nav.home' as never)).toBe('首页');
    expect(texts.t('nav.greeting' as never, { name: '阿明' })).toBe('你好，阿明');
    await texts.changeLanguage('en');
    expect(texts.t('nav.greeting' as never, { name: 'Ann', unused: 1 })).toBe('Hello, Ann');
    expect(texts.t('nav.greeting' as never, { name: null })).toBe('Hello, ');
  });

  it('leaves a variable that was not given as written', () => {
    expect(translator().t('nav.greeting' as never)).toBe('你好，{{name}}');
  });

  it("chooses the plural form by the language's rules, and _zero for none when the language has it", async () => {
    const texts = translator();
    expect(texts.t('items' as never, { count: 1 })).toBe('1 项');
    expect(texts.t('items' as never, { count: 3 })).toBe('3 项');
    await texts.changeLanguage('en');
    expect(texts.t('items' as never, { count: 1 })).toBe('1 item');
    expect(texts.t('items' as never, { count: 3 })).toBe('3 items');
    expect(texts.t('empty' as never, { count: 0 })).toBe('Nothing');
    expect(texts.t('empty' as never, { count: 2 })).toBe('2 things');
  });

  it('falls back to the default language, then to the default value, then to the key', async () => {
    const texts = translator();
    await texts.changeLanguage('en');
    expect(texts.t('onlyChinese' as never)).toBe('仅中文');
    expect(texts.t('missing.key' as never, { defaultValue: 'legacy {{x}}', x: 'y' })).toBe('legacy y');
    expect(texts.t('missing.key' as never)).toBe('missing.key');
    // A branch is not a text.
    expect(texts.t('nav' as never)).toBe('nav');
  });

  it('gives the texts of one namespace, fixed to a language or following the current one', async () => {
    const texts = translator();
    const teachEn = texts.getFixedT('en', 'teach');
    const current = texts.getFixedT(null, 'common');
    expect(teachEn('title' as never)).toBe('Tutorials');
    expect(current('nav.home' as never)).toBe('首页');
    await texts.changeLanguage('en');
    expect(current('nav.home' as never)).toBe('Home');
  });

  it('tells its listeners of each language change until they stop', async () => {
    const texts = translator();
    const heard: string[] = [];
    const stop = texts.onLanguageChanged((language) => heard.push(language));
    await texts.changeLanguage('en');
    stop();
    await texts.changeLanguage('zh');
    expect(heard).toEqual(['en']);
    expect(texts.language).toBe('zh');
  });

  it('merges a bundle added again into the one it has', () => {
    const texts = translator();
    texts.addResourceBundle('zh', 'common', { nav: { about: '关于' } });
    expect(texts.t('nav.home' as never)).toBe('首页');
    expect(texts.t('nav.about' as never)).toBe('关于');
    expect(texts.hasResourceBundle('en', 'teach')).toBe(true);
    expect(texts.hasResourceBundle('zh', 'teach')).toBe(false);
  });

  it('downloads a namespace once however often it is asked for, keeps a copy, and tries again after a failure', async () => {
    const asked: string[] = [];
    let failNext = true;
    const module = { title: 'Tools' };
    const texts = new Translator('en', 'zh', async (language, namespace) => {
      asked.push(`${language}/${namespace}`);
      if (failNext) {
        failNext = false;
        throw new Error('offline');
      }
      return module;
    });
    await expect(texts.loadNamespace('en', 'tools')).rejects.toThrow('offline');
    expect(texts.hasResourceBundle('en', 'tools')).toBe(false);
    const first = texts.loadNamespace('en', 'tools');
    expect(texts.loadNamespace('en', 'tools')).toBe(first);
    await texts.loadNamespaces('en', ['tools', 'tools']);
    expect(asked).toEqual(['en/tools', 'en/tools']);
    expect(texts.getFixedT('en', 'tools')('title' as never)).toBe('Tools');
    expect(texts.getResourceBundle('en', 'tools')).not.toBe(module);
    expect(texts.namespacesOf('en')).toEqual(['tools']);
  });

  it('does not download a namespace it was given', async () => {
    const texts = new Translator('zh', 'zh', () => Promise.reject(new Error('not expected')));
    texts.addResourceBundle('zh', 'common', { a: 'b' });
    await texts.loadNamespaces('zh', ['common']);
    expect(texts.t('a' as never)).toBe('b');
  });
});
