import { AimOutlined, BarChartOutlined, PlayCircleOutlined } from '@ant-design/icons';
import type { MenuProps } from 'antd';
import type { ReactElement } from 'react';
import { Link } from 'react-router';
import { sectionIcon } from '../components/section-icon.tsx';
import { SECTIONS, TRADING_VIEWS, type TradingViewKey } from '../lib/sections.ts';
import type { TFunction } from '../lib/translator.ts';

type MenuItems = NonNullable<MenuProps['items']>;

const TRADING_VIEW_ICONS: Record<TradingViewKey, ReactElement> = {
  tradingLive: <PlayCircleOutlined />,
  tradingStrategy: <AimOutlined />,
  tradingStatistics: <BarChartOutlined />,
};

/**
 * The public top menu entries (spec §2) in order. The horizontal menu opens Trading as a sub-menu; the
 * dropdown lists its views under a group heading, which reads better on a phone than a fly-out.
 */
export function publicMenuItems(t: TFunction<'common'>, mode: 'horizontal' | 'dropdown'): MenuItems {
  return SECTIONS.map((section) => {
    if (section.key === 'trading') {
      const children = TRADING_VIEWS.map((view) => ({
        key: view.key,
        icon: TRADING_VIEW_ICONS[view.key],
        label: <Link to={view.path}>{t(`nav.${view.key}`)}</Link>,
      }));
      return mode === 'horizontal'
        ? {
            key: section.key,
            icon: sectionIcon(section.key),
            label: t('nav.trading'),
            children,
            popupClassName: 'public-menu-popup',
          }
        : {
            key: section.key,
            type: 'group' as const,
            label: (
              <span>
                {sectionIcon(section.key)} {t('nav.trading')}
              </span>
            ),
            children,
          };
    }
    return {
      key: section.key,
      icon: sectionIcon(section.key),
      label: <Link to={section.path}>{t(`nav.${section.key}`)}</Link>,
    };
  });
}
