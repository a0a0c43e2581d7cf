import type { Messages } from '../types.ts';
import type { admin as zh } from '../zh/admin.ts';

export const admin: Messages<typeof zh> = {
  title: 'Admin console',
  backToPortal: 'Back to portal',
  sider: {
    collapse: 'Collapse side panel',
    expand: 'Expand side panel',
  },
  menu: {
    users: 'Users',
    userList: 'User list',
    roleTags: 'Role tags',
    trader: 'Trader',
    traderManagement: 'Trader management',
    content: 'Content',
    teach: 'Teaching',
    advisory: 'Strategies',
    market: 'Market symbols',
    pressure: 'Support & pressure',
    quant: 'Quant strategies',
    media: 'Media monitoring',
    onchain: 'On-chain monitoring',
    operation: 'Operation',
    systemMessage: 'System messages',
    invitation: 'Invitation rebate',
    audit: 'Audit log',
  },
};
