export const home = {
  hero: {
    eyebrow: '会员制数字资产交易学习平台',
    pitch:
      '链策学堂把系统的交易教学、交易员的实盘与策略动态、支撑压力位、链上与媒体监控、量化策略和实用工具汇集在一处。订阅您关注的交易员，新的策略与系统消息会实时推送给您，帮助您在波动的数字资产市场中更有条理地学习和决策。',
    signIn: '登录账户',
    browseTutorials: '浏览教学',
  },
  highlights: {
    title: '会员权益',
    realtime: {
      title: '实时推送',
      text: '订阅交易员后，新策略与系统消息即时送达，并有提示音提醒。',
    },
    learning: {
      title: '系统教学',
      text: '教学文章按分类整理，经审核后发布。',
    },
    bilingual: {
      title: '中英双语',
      text: '界面支持中文与英文，可随时切换。',
    },
  },
  sections: {
    title: '板块一览',
    subtitle: '八大板块，覆盖学习、交易参考与市场监控。',
    membersOnly: '会员专享',
    openToAll: '非会员可浏览',
    open: '进入',
    live: '实盘',
    strategy: '策略',
    titles: {
      tutorials: '教学',
      trading: '实盘与策略交易',
      pressure: '支撑压力',
      monitoring: '链上监控',
      media: '媒体监控',
      quant: '量化策略',
      tools: '工具',
      notices: '公告',
    },
    descriptions: {
      tutorials: '从市场基础到进阶技巧的系统课程，按分类整理，随时学习。',
      trading: '跟进交易员的实盘交易与策略交易动态，并查看交易统计。',
      pressure: '主流数字资产的关键支撑位与压力位，辅助判断入场与离场时机。',
      monitoring: '追踪大额转账、交易所资金流向等值得关注的链上动向。',
      media: '汇集新闻与社交媒体上可能影响行情的重要消息。',
      quant: '以规则驱动的量化策略及其信号，减少情绪化交易。',
      tools: '交易常用的实用工具，集中在一处，方便取用。',
      notices: '平台公告与系统消息，第一时间了解重要变动。',
    },
  },
  membership: {
    title: '如何成为会员',
    text: '除教学板块和个人中心外，大部分板块仅对会员开放。非会员可以浏览教学内容并管理个人资料；如需开通会员，请联系客服。',
  },
  cta: {
    title: '准备好开始了吗？',
    text: '登录您的账户，继续学习并查看您订阅的策略。',
  },
};
