export const admin = {
  title: '管理后台',
  backToPortal: '返回门户',
  sider: {
    collapse: '收起侧栏',
    expand: '展开侧栏',
  },
  menu: {
    users: '用户',
    userList: '用户列表',
    roleTags: '角色标签',
    trader: '交易员',
    traderManagement: '交易员管理',
    content: '内容',
    teach: '教学',
    advisory: '策略',
    market: '行情交易对',
    pressure: '支撑压力',
    quant: '量化策略',
    operation: '运营',
    systemMessage: '系统消息',
  },
};
