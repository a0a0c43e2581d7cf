import {
  AlertOutlined,
  BlockOutlined,
  FundOutlined,
  LineChartOutlined,
  NotificationOutlined,
  ReadOutlined,
  StockOutlined,
  ToolOutlined,
} from '@ant-design/icons';
import type { ReactElement } from 'react';
import type { SectionKey } from '../lib/sections.ts';

const ICONS: Record<SectionKey, ReactElement> = {
  tutorials: <ReadOutlined />,
  trading: <StockOutlined />,
  pressure: <LineChartOutlined />,
  monitoring: <BlockOutlined />,
  media: <AlertOutlined />,
  quant: <FundOutlined />,
  tools: <ToolOutlined />,
  notices: <NotificationOutlined />,
};

/**
 * The icon element of a section. A plain element rather than a wrapper component, so that antd menus can
 * add their icon class to it.
 */
export function sectionIcon(section: SectionKey): ReactElement {
  return ICONS[section];
}
