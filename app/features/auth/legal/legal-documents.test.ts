import { describe, expect, it } from 'vitest';
import type { LegalDocument } from './legal-document.ts';
import { RESTRICTED_REGIONS_NOTICE } from './restricted-regions.ts';
import { TERMS_OF_USE } from './terms-of-use.ts';

function fullText(document: LegalDocument): string {
  return [
    document.title,
    ...document.intro,
    ...document.sections.flatMap((section) => [
      section.heading,
      ...section.paragraphs,
      ...(section.items ?? []),
    ]),
  ].join('\n');
}

describe('terms of use', () => {
  it('states the facts of spec §1 in Chinese', () => {
    const text = fullText(TERMS_OF_USE.zh);
    expect(text).toContain('账户注销或关闭后，我们将继续保存您的账户资料及相关记录5年');
    expect(text).toContain('60日内');
    expect(text).toContain('年满18周岁');
    expect(text).toContain('前12个月内您实际向本平台支付的费用总额为限');
    expect(text).toContain('不构成任何金融、法律、税务或投资建议');
  });

  it('states the same facts in English', () => {
    const text = fullText(TERMS_OF_USE.en);
    expect(text).toContain('for 5 years after your account is closed');
    expect(text).toContain('within 60 days');
    expect(text).toContain('at least 18 years old');
    expect(text).toContain(
      'limited to the total fees you actually paid us in the 12 months before the event',
    );
    expect(text).toContain('not financial, legal, tax or investment advice');
  });

  it('has the same sections in both languages', () => {
    expect(TERMS_OF_USE.en.sections.map((section) => section.items?.length ?? 0)).toEqual(
      TERMS_OF_USE.zh.sections.map((section) => section.items?.length ?? 0),
    );
    expect(TERMS_OF_USE.en.sections).toHaveLength(18);
  });
});

describe('restricted-regions notice', () => {
  it('lists the regions of spec §1 and the other restricted ones, in both languages', () => {
    const zh = fullText(RESTRICTED_REGIONS_NOTICE.zh);
    for (const region of [
      '美利坚合众国',
      '加拿大',
      '安大略省',
      '中国大陆',
      '日本',
      '新加坡',
      '古巴',
      '伊朗',
      '朝鲜',
      '叙利亚',
      '克里米亚',
    ]) {
      expect(zh).toContain(region);
    }
    const en = fullText(RESTRICTED_REGIONS_NOTICE.en);
    for (const region of [
      'United States of America',
      'Canada',
      'Ontario',
      'mainland China',
      'Japan',
      'Singapore',
      'Cuba',
      'Iran',
      'North Korea',
      'Syria',
      'Crimea',
    ]) {
      expect(en).toContain(region);
    }
    expect(RESTRICTED_REGIONS_NOTICE.en.sections[0]?.items).toHaveLength(
      RESTRICTED_REGIONS_NOTICE.zh.sections[0]?.items?.length ?? -1,
    );
  });
});
