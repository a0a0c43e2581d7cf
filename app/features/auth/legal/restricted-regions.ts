import type { LocalizedLegalDocument } from './legal-document.ts';

/** The restricted-regions notice shown in full at registration (spec §1, §5). */
export const RESTRICTED_REGIONS_NOTICE: LocalizedLegalDocument = {
  zh: {
    title: '受限地区声明',
    version: '版本 1.0',
    intro: [
      '受各国家和地区关于数字资产、金融信息服务及经济制裁的法律法规所限，链策学堂（以下简称“本平台”）不向下列受限地区的居民提供服务，也不向位于这些地区的人员、在这些地区注册成立的实体或由这些地区的人员控制的实体提供服务。',
    ],
    sections: [
      {
        heading: '一、受限地区名单',
        paragraphs: ['受限地区包括但不限于：'],
        items: [
          '美利坚合众国（美国），包括其所有州、哥伦比亚特区及其领地（波多黎各、关岛、美属维尔京群岛、北马里亚纳群岛、美属萨摩亚等）；',
          '加拿大，包括其所有省份和地区（包括安大略省和魁北克省）；',
          '中国大陆；',
          '日本；',
          '新加坡；',
          '马来西亚；',
          '古巴；',
          '伊朗；',
          '朝鲜；',
          '叙利亚；',
          '乌克兰的克里米亚地区（含塞瓦斯托波尔）、所谓的顿涅茨克人民共和国和卢甘斯克人民共和国地区，以及乌克兰的扎波罗热州和赫尔松州被占领地区；',
          '俄罗斯联邦与白俄罗斯；',
          '缅甸、阿富汗、苏丹、南苏丹、委内瑞拉；',
          '受联合国、美国、欧盟或英国全面制裁的任何其他国家或地区。',
        ],
      },
      {
        heading: '二、您的确认',
        paragraphs: [
          '勾选“我确认本人不是受限地区的居民”即表示您确认并保证：您不是上述任一受限地区的居民或公民，当前也不位于这些地区；您不代表在这些地区注册或由这些地区的人员控制的任何实体行事；您不在任何联合国、美国、欧盟或英国的制裁名单上。',
          '您不得使用 VPN、代理服务器、虚假信息或任何其他手段规避本平台的地区限制。',
        ],
      },
      {
        heading: '三、情况变化',
        paragraphs: [
          '如您在注册后成为受限地区的居民或迁往受限地区，您应立即停止使用本服务并联系客服注销账户。',
        ],
      },
      {
        heading: '四、本平台的权利',
        paragraphs: [
          '本平台可随时要求您提供居住地证明，并可根据 IP 地址等信息判断您的所在地。如本平台有理由认为您违反本声明，有权在不事先通知的情况下限制、暂停或终止您的账户，且不退还已支付的费用。',
          '受限地区名单可能随法律法规和制裁措施的变化而更新，更新后的名单自在本平台公布之日起生效。',
        ],
      },
      {
        heading: '五、与用户协议的关系',
        paragraphs: [
          '本声明是《链策学堂用户协议》的组成部分。本声明未作规定的事项，适用《用户协议》的规定。',
        ],
      },
    ],
  },
  en: {
    title: 'Restricted Regions Notice',
    version: 'Version 1.0',
    intro: [
      'Because of the laws on digital assets, financial information services and economic sanctions in many countries and regions, ChainCompass Academy (the "Platform") does not offer its services to residents of the restricted regions listed below, nor to persons located in them, entities incorporated in them or entities controlled by persons in them.',
    ],
    sections: [
      {
        heading: '1. Restricted regions',
        paragraphs: ['The restricted regions include, without limitation:'],
        items: [
          'the United States of America, including all of its states, the District of Columbia and its territories (Puerto Rico, Guam, the U.S. Virgin Islands, the Northern Mariana Islands, American Samoa and others);',
          'Canada, including all of its provinces and territories (Ontario and Quebec included);',
          'mainland China;',
          'Japan;',
          'Singapore;',
          'Malaysia;',
          'Cuba;',
          'Iran;',
          'North Korea (DPRK);',
          'Syria;',
          "the Crimea region of Ukraine (including Sevastopol), the areas of the so-called Donetsk and Luhansk People's Republics, and the occupied areas of the Zaporizhzhia and Kherson regions of Ukraine;",
          'the Russian Federation and Belarus;',
          'Myanmar, Afghanistan, Sudan, South Sudan and Venezuela; and',
          'any other country or region subject to comprehensive United Nations, United States, European Union or United Kingdom sanctions.',
        ],
      },
      {
        heading: '2. Your confirmation',
        paragraphs: [
          'By ticking "I confirm that I am not a resident of a restricted region" you confirm and warrant that you are not a resident or citizen of any restricted region and are not currently located in one; that you are not acting for an entity incorporated in, or controlled by persons in, a restricted region; and that you are not named on any United Nations, United States, European Union or United Kingdom sanctions list.',
          "You must not use a VPN, a proxy server, false information or any other means to get around the Platform's regional restrictions.",
        ],
      },
      {
        heading: '3. If your situation changes',
        paragraphs: [
          'If, after registering, you become a resident of a restricted region or move to one, you must stop using the Service at once and contact customer service to close your account.',
        ],
      },
      {
        heading: '4. Our rights',
        paragraphs: [
          'We may ask you at any time for proof of residence, and may determine your location from your IP address and other information. If we have reason to believe that you are in breach of this Notice, we may restrict, suspend or close your account without prior notice and without refunding fees already paid.',
          'The list of restricted regions may be updated as laws and sanctions change; an updated list applies from the day it is published on the Platform.',
        ],
      },
      {
        heading: '5. Relation to the Terms of Use',
        paragraphs: [
          'This Notice forms part of the ChainCompass Academy Terms of Use. Anything this Notice does not cover is governed by the Terms of Use.',
        ],
      },
    ],
  },
};
