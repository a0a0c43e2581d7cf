export const advisories = {
  alerts: {
    newAdvisory: '新策略推送',
    advisoryUpdated: '策略已更新',
    view: '查看',
  },
  messages: {
    defaultPublisher: '默认管理员',
    meta: '{{publisher}} · {{time}}',
    close: '关闭',
  },
  bar: {
    label: '滚动公告',
    pause: '暂停滚动',
    resume: '继续滚动',
  },
  hub: {
    live: '实时推送已连接',
    connecting: '正在连接实时推送…',
    reconnecting: '实时推送连接中断，正在重新连接，恢复后会自动补上错过的内容。',
  },
  trading: {
    feedIntro: '您订阅的交易员发布的策略会实时推送到这里，最新的在最前面。',
    feedLabel: '策略列表',
    manageSubscriptions: '管理订阅',
    subscribeNow: '去订阅交易员',
    showMore: '再显示 {{count}} 条',
    traders: '交易员',
    new: '新',
    reactionsLabel: '您的态度',
    reactions: {
      following: '跟单',
      reverseFollowing: '反向跟单',
      watching: '观望',
    },
    reacted: '已记录您的选择：{{reaction}}',
    empty: {
      notSubscribed: '您还没有订阅任何交易员',
      notSubscribedHint: '订阅交易员后，他们发布的策略会实时出现在这里。',
      noneYet: '您订阅的交易员还没有发布策略',
      noneYetHint: '新策略发布后会立即出现在这里，并有提示音提醒。',
    },
  },
  subscribe: {
    intro: '选择要订阅的交易员：订阅后，他们发布的策略会实时推送到“策略交易”页面。',
    on: '已订阅',
    off: '未订阅',
    switchLabel: '订阅 {{name}}',
    subscribed: '已订阅 {{name}}',
    unsubscribed: '已取消订阅 {{name}}',
    toFeed: '查看策略交易',
    empty: {
      title: '暂无可订阅的交易员',
      text: '您的会员等级目前没有开放订阅的交易员，开放后会显示在这里。',
    },
    notMember: {
      title: '成为会员后即可订阅交易员',
      text: '订阅交易员、接收实时策略推送是会员功能。您还不是会员，请联系客服开通会员。',
    },
  },
  notices: {
    intro: '平台发布的全部系统公告，最新的在最前面。',
    empty: '暂无公告',
  },
};
