export const common = {
  product: {
    name: '链策学堂',
    shortName: '链策学堂',
    tagline: '数字资产交易教学与策略信号',
  },
  nav: {
    ariaLabel: '主导航',
    menu: '菜单',
    tutorials: '教学',
    trading: '交易',
    tradingLive: '实盘交易',
    tradingStrategy: '策略交易',
    tradingStatistics: '交易统计',
    pressure: '支撑压力',
    monitoring: '链上监控',
    media: '媒体监控',
    quant: '量化',
    tools: '工具',
    notices: '公告',
  },
  header: {
    signIn: '登录',
    admin: '管理后台',
    account: '账户：{{name}}',
    language: '语言',
    languageNames: {
      zh: '中文',
      en: 'English',
    },
  },
  footer: {
    disclaimerTitle: '免责声明',
    disclaimer:
      '本站内容来源于互联网，仅供信息参考与学习交流，不构成任何金融、法律、税务或投资建议。数字资产交易风险较高，您依据本站内容作出的任何决定及由此产生的一切后果均由您自行承担。',
    copyright: '© {{year}} 链策学堂 版权所有',
  },
  loading: '加载中…',
  notFound: {
    documentTitle: '页面不存在',
    title: '404',
    subtitle: '抱歉，您访问的页面不存在或已被移除。',
    backHome: '返回首页',
  },
  loadError: {
    title: '数据加载失败',
    subtitle: '请检查网络后重试。',
    retry: '重试',
  },
  notMember: {
    title: '您还不是会员',
    text: '您还不是会员，请联系客服开通会员。',
    open: '非会员可以浏览教学内容和管理个人资料。',
    tutorials: '浏览教学',
    account: '个人中心',
  },
  permissionDenied: {
    title: 'Permission Denied',
    text: '您没有访问此页面的权限。',
  },
  errors: {
    network: '无法连接服务器，请检查网络后重试。',
    invalidResponse: '服务器返回了无法识别的数据，请稍后重试。',
  },
  routeError: {
    title: '页面加载失败',
    subtitle: '网络异常或站点已更新，请刷新页面后重试。',
    reload: '刷新页面',
  },
};
