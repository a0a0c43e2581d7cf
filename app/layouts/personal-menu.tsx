import {
  BellOutlined,
  EditOutlined,
  FileTextOutlined,
  FundProjectionScreenOutlined,
  GiftOutlined,
  IdcardOutlined,
  LogoutOutlined,
  SafetyCertificateOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

export type PersonalMenuKey =
  | 'info'
  | 'edit'
  | 'article'
  | 'engagementStrategy'
  | 'subscribe'
  | 'safeset'
  | 'invitationRebate'
  | 'logout';

interface PersonalMenuEntry {
  key: PersonalMenuKey;
  icon: ReactNode;
  /** No path: the spec names the entry but defines no screen for it, so it is shown disabled. */
  path?: string;
}

/** Side menu of the personal area, in the order of spec §2. */
export const PERSONAL_MENU: readonly PersonalMenuEntry[] = [
  { key: 'info', icon: <IdcardOutlined />, path: '/personal/info' },
  { key: 'edit', icon: <EditOutlined />, path: '/personal/edit' },
  { key: 'article', icon: <FileTextOutlined />, path: '/personal/article' },
  // "参与策略": the strategies the member takes part in by reacting to them (docs/decisions.md).
  { key: 'engagementStrategy', icon: <FundProjectionScreenOutlined />, path: '/personal/engagement' },
  { key: 'subscribe', icon: <BellOutlined />, path: '/personal/subscribe' },
  { key: 'safeset', icon: <SafetyCertificateOutlined />, path: '/personal/safeset' },
  { key: 'invitationRebate', icon: <GiftOutlined />, path: '/personal/invitation' },
  { key: 'logout', icon: <LogoutOutlined />, path: '/authentication/logout' },
];

/** The entry whose path is the longest prefix of the current path (so /personal/article/add selects "my articles"). */
export function selectedPersonalKey(pathname: string): PersonalMenuKey | null {
  let best: PersonalMenuEntry | null = null;
  for (const entry of PERSONAL_MENU) {
    if (!entry.path) continue;
    const matches = pathname === entry.path || pathname.startsWith(`${entry.path}/`);
    if (matches && (!best?.path || entry.path.length > best.path.length)) best = entry;
  }
  return best?.key ?? null;
}
