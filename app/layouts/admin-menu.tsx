import {
  AuditOutlined,
  CommentOutlined,
  FileTextOutlined,
  FundOutlined,
  GiftOutlined,
  GlobalOutlined,
  KeyOutlined,
  LineChartOutlined,
  MessageOutlined,
  NodeIndexOutlined,
  NotificationOutlined,
  ReadOutlined,
  StockOutlined,
  SwapOutlined,
  TagsOutlined,
  TeamOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

/** localStorage key remembering whether the admin side panel is collapsed. */
export const SIDER_COLLAPSED_STORAGE_KEY = 'admin.siderCollapsed';

type AdminGroupKey = 'users' | 'trader' | 'content' | 'operation';
type AdminItemKey =
  | 'userList'
  | 'roleTags'
  | 'traderManagement'
  | 'teach'
  | 'advisory'
  | 'market'
  | 'pressure'
  | 'quant'
  | 'media'
  | 'onchain'
  | 'systemMessage'
  | 'invitation'
  | 'audit';

interface AdminMenuGroup {
  key: AdminGroupKey;
  icon: ReactNode;
  items: readonly { key: AdminItemKey; icon: ReactNode; path: string }[];
}

/** The admin back-office menu of spec §2, grouped as users, Trader, content and operation. */
export const ADMIN_MENU: readonly AdminMenuGroup[] = [
  {
    key: 'users',
    icon: <TeamOutlined />,
    items: [
      { key: 'userList', icon: <UnorderedListOutlined />, path: '/admin/account/list' },
      { key: 'roleTags', icon: <TagsOutlined />, path: '/admin/account/tag' },
    ],
  },
  {
    key: 'trader',
    icon: <SwapOutlined />,
    items: [{ key: 'traderManagement', icon: <KeyOutlined />, path: '/admin/trader/management' }],
  },
  {
    key: 'content',
    icon: <FileTextOutlined />,
    items: [
      { key: 'teach', icon: <ReadOutlined />, path: '/admin/content/teach' },
      { key: 'advisory', icon: <CommentOutlined />, path: '/admin/content/advisory' },
      { key: 'market', icon: <LineChartOutlined />, path: '/admin/content/market' },
      { key: 'pressure', icon: <StockOutlined />, path: '/admin/content/pressure' },
      { key: 'quant', icon: <FundOutlined />, path: '/admin/content/quant' },
      { key: 'media', icon: <GlobalOutlined />, path: '/admin/content/media' },
      { key: 'onchain', icon: <NodeIndexOutlined />, path: '/admin/content/onchain' },
    ],
  },
  {
    key: 'operation',
    icon: <NotificationOutlined />,
    items: [
      { key: 'systemMessage', icon: <MessageOutlined />, path: '/admin/operation/system-message' },
      { key: 'invitation', icon: <GiftOutlined />, path: '/admin/operation/invitation' },
      { key: 'audit', icon: <AuditOutlined />, path: '/admin/operation/audit' },
    ],
  },
];

/** The item whose path is the longest prefix of the current path (detail and edit screens select their list). */
export function selectedAdminKey(pathname: string): AdminItemKey | null {
  let best: { key: AdminItemKey; path: string } | null = null;
  for (const group of ADMIN_MENU) {
    for (const item of group.items) {
      const matches = pathname === item.path || pathname.startsWith(`${item.path}/`);
      if (matches && (!best || item.path.length > best.path.length)) best = item;
    }
  }
  return best?.key ?? null;
}

export function readCollapsed(): boolean {
  try {
    return window.localStorage.getItem(SIDER_COLLAPSED_STORAGE_KEY) === 'true';
  } catch {
    return false;
  }
}

export function saveCollapsed(collapsed: boolean): void {
  try {
    window.localStorage.setItem(SIDER_COLLAPSED_STORAGE_KEY, String(collapsed));
  } catch {
    // The panel still toggles; it just will not be remembered.
  }
}
