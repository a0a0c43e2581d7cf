import { LEGAL_TERMS } from '#shared/constants.ts';
import type { LocalizedLegalDocument } from './legal-document.ts';

const { retentionYearsAfterClosing: RETENTION, claimsWindowDays: CLAIMS, minimumAge: AGE } = LEGAL_TERMS;
const CAP_MONTHS = LEGAL_TERMS.liabilityCapMonthsOfFees;

/** The terms of use shown in full at registration (spec §1). */
export const TERMS_OF_USE: LocalizedLegalDocument = {
  zh: {
    title: '链策学堂用户协议',
    version: '版本 1.0',
    intro: [
      '欢迎使用链策学堂（以下简称“本平台”或“我们”）。本协议是您与本平台运营方之间就注册、登录及使用本平台网站、内容与服务（以下统称“本服务”）所订立的具有法律约束力的协议。',
      '请您在注册前仔细阅读本协议全文，特别是其中的免责、责任限制、索赔期限及争议解决条款。您勾选“我已阅读并同意”并完成注册，或以其他方式使用本服务，即表示您已充分理解并同意接受本协议的全部内容。如您不同意本协议的任何内容，请勿注册或使用本服务。',
    ],
    sections: [
      {
        heading: '一、服务内容',
        paragraphs: [
          '本平台是一个会员制的数字资产交易教育与信息平台，提供交易教学文章、交易员实盘与策略动态、支撑压力位、链上与媒体监控、量化策略信号、实用工具、公告及系统消息等内容。除教学板块和个人中心外，大部分板块仅向会员开放。',
          '本平台不提供任何数字资产的买卖、兑换、托管、借贷或撮合服务，不接受客户资金，也不代表您在任何交易所或其他平台进行交易。',
        ],
      },
      {
        heading: '二、注册资格',
        paragraphs: ['注册和使用本服务，您须同时满足以下条件：'],
        items: [
          `您已年满${AGE}周岁，并具有完全民事行为能力；`,
          '您不是受限地区的居民，也不位于受限地区（详见《受限地区声明》），且不是任何联合国、美国、欧盟或英国制裁名单上的人员或实体，亦不由此类人员或实体拥有或控制；',
          '您使用本服务不违反您所适用的任何法律法规；',
          '您此前未曾因违反本协议而被本平台终止账户。',
        ],
      },
      {
        heading: '三、账户与安全',
        paragraphs: [
          '您应使用真实、有效且归您本人所有的电子邮箱注册，并按提示完成邮箱确认。每人仅可注册一个账户，账户仅限本人使用，不得出借、转让、出售或与他人共享。',
          '您应妥善保管账户密码，并对通过您账户进行的一切活动负责。如发现账户被盗用或存在安全隐患，请立即修改密码、在“安全设置”中结束其他会话，并联系客服。连续多次输入错误密码时，账户将被暂时锁定以保护您的安全。',
        ],
      },
      {
        heading: '四、会员与费用',
        paragraphs: [
          '会员资格以账户所持有的会员标签（如标准会员、高级会员）及会员到期日为准；会员到期后，账户将自动恢复为非会员，仅可浏览教学板块和个人中心。开通或续期会员请联系客服。',
          '除适用法律另有强制性规定外，已支付的会员费用不予退还。本平台可调整会员权益与价格，调整不影响您在调整前已支付费用对应的会员期。',
        ],
      },
      {
        heading: '五、不构成任何建议',
        paragraphs: [
          '本平台的全部内容（包括但不限于教学文章、交易员动态、策略信号、支撑压力位、监控信息与工具结果）部分来源于互联网，仅供信息参考与学习交流之用，不构成任何金融、法律、税务或投资建议，也不构成买入、卖出或持有任何数字资产的要约、招揽或推荐。',
          '本平台及其交易员、作者不是您的投资顾问、经纪人或受托人。您应根据自身的财务状况、投资目标和风险承受能力独立作出决定，必要时咨询持牌专业人士。您依据本平台内容作出的任何决定及由此产生的一切后果，均由您自行承担。',
        ],
      },
      {
        heading: '六、风险提示',
        paragraphs: [
          '数字资产价格波动剧烈，可能在短时间内大幅下跌甚至归零；杠杆、合约等衍生品交易可能导致超过本金的损失。历史表现不代表未来结果，任何策略或信号均可能失效。各国家和地区对数字资产的监管政策可能发生变化并影响您的交易。请仅以您能够承受损失的资金参与交易。',
        ],
      },
      {
        heading: '七、使用规范',
        paragraphs: ['使用本服务时，您不得：'],
        items: [
          '将会员内容（包括策略信号与交易员动态）复制、转载、转售、公开传播或提供给非会员；',
          '使用爬虫、脚本或其他自动化手段抓取本平台内容，或干扰、破坏本平台的正常运行；',
          '使用 VPN、代理或其他手段规避地区限制或本平台的安全措施；',
          '对本平台软件进行反向工程、反编译或试图获取源代码；',
          '发布违法、欺诈、侵权、骚扰或误导性信息，或利用本服务从事洗钱、市场操纵等违法活动。',
        ],
      },
      {
        heading: '八、知识产权',
        paragraphs: [
          '本平台的软件、界面设计、商标及本平台原创内容的知识产权归本平台或相关权利人所有。在您遵守本协议的前提下，本平台授予您一项个人的、不可转让、不可再许可、可撤销的许可，仅供您本人非商业性地浏览和使用本服务。您在本平台发布的内容，您保证拥有相应权利，并授予本平台在提供本服务所需范围内免费使用的许可。',
        ],
      },
      {
        heading: '九、第三方内容与链接',
        paragraphs: [
          '本平台可能包含来自第三方的内容或指向第三方网站、交易所的链接。本平台不对第三方内容的准确性、合法性或第三方服务的可用性负责，您与第三方之间的任何交易或纠纷由您与该第三方自行解决。',
        ],
      },
      {
        heading: '十、个人信息与数据保存',
        paragraphs: [
          '我们仅为提供本服务、保障账户安全和履行法定义务而处理您的个人信息，包括注册邮箱、昵称、头像、登录记录、IP 地址与设备信息等。我们不会出售您的个人信息。',
          `为履行法律法规规定的义务、处理争议和防范欺诈，在您的账户注销或关闭后，我们将继续保存您的账户资料及相关记录${RETENTION}年；保存期满后，我们将删除或匿名化处理上述信息，法律另有规定的除外。`,
        ],
      },
      {
        heading: '十一、账户暂停与终止',
        paragraphs: [
          '您可随时联系客服申请注销账户。如您违反本协议、适用法律或《受限地区声明》，或本平台合理怀疑您的账户存在安全风险或违法活动，本平台有权在不事先通知的情况下限制、暂停或终止您的账户及会员资格，且不退还已支付的费用。本协议中依其性质应在终止后继续有效的条款（包括免责、责任限制、数据保存、索赔期限及争议解决条款），在终止后继续有效。',
        ],
      },
      {
        heading: '十二、免责声明',
        paragraphs: [
          '本服务按“现状”和“现有”基础提供。在法律允许的最大范围内，本平台不对本服务及其内容的准确性、完整性、及时性、适用性或不间断、无错误运行作出任何明示或默示的保证。因网络故障、系统维护、第三方原因或不可抗力导致的服务中断或延迟，本平台不承担责任。',
        ],
      },
      {
        heading: '十三、责任限制',
        paragraphs: [
          `在法律允许的最大范围内，本平台对任何间接的、附带的、特殊的、惩罚性的或后果性的损失（包括交易损失、利润损失、数据丢失或商誉损失）均不承担责任。本平台因本协议或本服务对您承担的全部责任总额，以引起索赔的事件发生前${CAP_MONTHS}个月内您实际向本平台支付的费用总额为限。`,
        ],
      },
      {
        heading: '十四、赔偿',
        paragraphs: [
          '因您违反本协议、适用法律或侵犯第三方权利而导致本平台或其关联方、员工、交易员遭受任何索赔、损失或费用（包括合理的律师费）的，您应予以赔偿，并使其免受损害。',
        ],
      },
      {
        heading: '十五、索赔期限',
        paragraphs: [
          `您就本协议或本服务向本平台提出的任何索赔，须在您知道或应当知道引起索赔的事件之日起${CLAIMS}日内以书面形式（包括通过客服渠道）提出；逾期未提出的，在法律允许的范围内，该索赔将永久失效。`,
        ],
      },
      {
        heading: '十六、协议的修改',
        paragraphs: [
          '本平台可根据业务或法律变化修改本协议，并将在本平台公告或通过系统消息通知您。修改后的协议自公布之日起生效；如您在协议修改后继续使用本服务，即视为您接受修改后的协议。如您不同意修改内容，应停止使用本服务并可申请注销账户。',
        ],
      },
      {
        heading: '十七、适用法律与争议解决',
        paragraphs: [
          '本协议的订立、履行和解释适用本平台运营方注册地的法律，但不适用其冲突法规则。因本协议引起的或与之相关的争议，双方应首先友好协商解决；协商不成的，任何一方可将争议提交至本平台运营方注册地有管辖权的法院解决。如本协议任何条款被认定为无效或不可执行，不影响其余条款的效力。',
        ],
      },
      {
        heading: '十八、联系我们',
        paragraphs: [
          '如您对本协议有任何疑问、意见或投诉，请通过本平台公布的客服渠道与我们联系，我们将尽快予以答复。',
        ],
      },
    ],
  },
  en: {
    title: 'ChainCompass Academy Terms of Use',
    version: 'Version 1.0',
    intro: [
      'Welcome to ChainCompass Academy (the "Platform", "we" or "us"). These Terms of Use (the "Terms") are a legally binding agreement between you and the operator of the Platform governing your registration, sign-in and use of the Platform\'s website, content and services (together, the "Service").',
      'Please read these Terms in full before you register, in particular the disclaimers, the limitation of liability, the claims period and the dispute resolution clauses. By ticking "I have read and agree" and completing your registration, or by otherwise using the Service, you confirm that you understand and accept all of these Terms. If you do not agree with any part of them, do not register for or use the Service.',
    ],
    sections: [
      {
        heading: '1. The Service',
        paragraphs: [
          "The Platform is a members-only education and information service about digital-asset trading. It offers tutorials, traders' live and strategy trading updates, support and pressure levels, on-chain and media monitoring, quantitative strategy signals, tools, notices and system messages. Apart from the tutorials and your personal pages, most sections are open to members only.",
          'The Platform does not buy, sell, exchange, hold, lend or match digital assets, does not accept client money and never trades on any exchange or other venue on your behalf.',
        ],
      },
      {
        heading: '2. Eligibility',
        paragraphs: ['To register for and use the Service you must:'],
        items: [
          `be at least ${AGE} years old and have full legal capacity;`,
          'not be a resident of, or located in, a restricted region (see the Restricted Regions Notice), and not be a person or entity named on, or owned or controlled by a person or entity named on, any United Nations, United States, European Union or United Kingdom sanctions list;',
          'not be prohibited from using the Service by any law that applies to you; and',
          'not have had an account closed by us for breach of these Terms.',
        ],
      },
      {
        heading: '3. Your account and its security',
        paragraphs: [
          'You must register with a genuine e-mail address that belongs to you and confirm it as instructed. Each person may hold one account, for their own use only; you may not lend, transfer, sell or share it.',
          'Keep your password secret: you are responsible for everything done through your account. If you suspect that your account has been misused, change your password at once, end your other sessions under "Security settings" and contact customer service. After repeated wrong passwords the account is locked for a while to protect you.',
        ],
      },
      {
        heading: '4. Membership and fees',
        paragraphs: [
          'Membership follows the membership tags on your account (for example Standard or Premium) and its expiry date. When a membership expires the account returns to non-member status and can only use the tutorials and the personal pages. To start or renew a membership, contact customer service.',
          'Except where the law requires otherwise, membership fees are non-refundable. We may change membership benefits and prices; a change does not affect a membership period you have already paid for.',
        ],
      },
      {
        heading: '5. No advice',
        paragraphs: [
          "All content on the Platform, including tutorials, traders' updates, strategy signals, support and pressure levels, monitoring information and the results of tools, is partly sourced from the internet and is provided for information and education only. It is not financial, legal, tax or investment advice, and it is not an offer, solicitation or recommendation to buy, sell or hold any digital asset.",
          "Neither the Platform nor its traders or authors are your investment adviser, broker or fiduciary. Make your own decisions in the light of your financial situation, objectives and tolerance for risk, and consult a licensed professional where appropriate. Any decision you make on the basis of the Platform's content, and all of its consequences, are borne solely by you.",
        ],
      },
      {
        heading: '6. Risk warning',
        paragraphs: [
          'Digital-asset prices are highly volatile and can fall sharply, even to zero, within a short time. Leveraged and derivative trading can cause losses larger than your initial capital. Past performance does not predict future results, and any strategy or signal may stop working. Regulation of digital assets differs between countries and may change in ways that affect your trading. Only trade with money you can afford to lose.',
        ],
      },
      {
        heading: '7. Acceptable use',
        paragraphs: ['When you use the Service you must not:'],
        items: [
          "copy, republish, resell, publicly distribute or pass to non-members any members-only content, including strategy signals and traders' updates;",
          'scrape the Platform with crawlers, scripts or other automated means, or interfere with or disrupt its operation;',
          "use a VPN, proxy or any other means to get around regional restrictions or the Platform's security measures;",
          "reverse engineer or decompile the Platform's software or try to obtain its source code; or",
          'publish unlawful, fraudulent, infringing, harassing or misleading material, or use the Service for money laundering, market manipulation or any other unlawful activity.',
        ],
      },
      {
        heading: '8. Intellectual property',
        paragraphs: [
          "The Platform's software, design, trademarks and original content belong to us or to the respective rights holders. As long as you comply with these Terms, we grant you a personal, non-transferable, non-sublicensable and revocable licence to view and use the Service for your own non-commercial purposes. For any content you publish on the Platform, you confirm that you hold the necessary rights and grant us a free licence to use it as far as needed to provide the Service.",
        ],
      },
      {
        heading: '9. Third-party content and links',
        paragraphs: [
          'The Platform may show third-party content or link to third-party websites and exchanges. We are not responsible for the accuracy or lawfulness of third-party content or for the availability of third-party services; any dealings or disputes between you and a third party are between you and that third party.',
        ],
      },
      {
        heading: '10. Personal data and retention',
        paragraphs: [
          'We process your personal data, such as your e-mail address, nickname, avatar, sign-in history, IP addresses and device information, only to provide the Service, keep your account secure and meet our legal obligations. We do not sell your personal data.',
          `To meet our legal obligations, handle disputes and prevent fraud, we keep your account data and the related records for ${RETENTION} years after your account is closed. At the end of that period we delete or anonymise them, unless the law requires otherwise.`,
        ],
      },
      {
        heading: '11. Suspension and termination',
        paragraphs: [
          'You may ask customer service to close your account at any time. If you breach these Terms, the law or the Restricted Regions Notice, or if we reasonably suspect a security risk or unlawful activity on your account, we may restrict, suspend or close your account and membership without prior notice and without refunding fees already paid. Clauses that by their nature should survive termination (including the disclaimers, the limitation of liability, data retention, the claims period and dispute resolution) remain in force after termination.',
        ],
      },
      {
        heading: '12. Disclaimer of warranties',
        paragraphs: [
          'The Service is provided "as is" and "as available". To the fullest extent permitted by law, we give no express or implied warranty that the Service or its content is accurate, complete, timely or fit for a particular purpose, or that it will run without interruption or error. We are not responsible for interruptions or delays caused by network failures, maintenance, third parties or events beyond our reasonable control.',
        ],
      },
      {
        heading: '13. Limitation of liability',
        paragraphs: [
          `To the fullest extent permitted by law, we are not liable for any indirect, incidental, special, punitive or consequential loss, including trading losses, loss of profit, loss of data or loss of goodwill. Our total liability to you arising out of or in connection with these Terms or the Service is limited to the total fees you actually paid us in the ${CAP_MONTHS} months before the event giving rise to the claim.`,
        ],
      },
      {
        heading: '14. Indemnity',
        paragraphs: [
          "You will indemnify and hold harmless the Platform, its affiliates, staff and traders against any claim, loss or expense (including reasonable legal fees) arising from your breach of these Terms or of the law, or from your infringement of a third party's rights.",
        ],
      },
      {
        heading: '15. Time limit for claims',
        paragraphs: [
          `Any claim you have against us arising out of or in connection with these Terms or the Service must be made in writing (including through our customer service channels) within ${CLAIMS} days of the day you became aware, or should reasonably have become aware, of the event giving rise to it. To the extent permitted by law, a claim not made within that period is permanently barred.`,
        ],
      },
      {
        heading: '16. Changes to these Terms',
        paragraphs: [
          'We may change these Terms when our services or the law change, and will announce the change on the Platform or by a system message. The changed Terms apply from the day they are published; if you keep using the Service afterwards, you accept them. If you do not agree with a change, stop using the Service; you may ask us to close your account.',
        ],
      },
      {
        heading: '17. Governing law and disputes',
        paragraphs: [
          'These Terms are governed by the laws of the place where the operator of the Platform is registered, without regard to its conflict-of-laws rules. Both parties will first try to settle any dispute arising out of or in connection with these Terms amicably; failing that, either party may bring the dispute before the competent courts of that place. If any clause of these Terms is held invalid or unenforceable, the remaining clauses stay in effect.',
        ],
      },
      {
        heading: '18. Contact',
        paragraphs: [
          'If you have questions, comments or complaints about these Terms, contact us through the customer service channels published on the Platform. We will answer as soon as we can.',
        ],
      },
    ],
  },
};
