// What every page draws beside the header: the rolling notices and system messages, and the live
// notifications of strategies, important news and level crossings (the shell's texts with `common`).
export const live = {
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
  important: {
    title: '重要资讯',
    titleMany: '{{count}} 条重要资讯',
    view: '查看',
  },
  crossed: {
    upResistance: '{{symbol}} 向上突破压力位 {{level}}',
    downResistance: '{{symbol}} 回落至压力位 {{level}} 下方',
    upSupport: '{{symbol}} 回升至支撑位 {{level}} 上方',
    downSupport: '{{symbol}} 跌破支撑位 {{level}}',
    text: '最新价 {{price}}',
    view: '查看',
  },
};
