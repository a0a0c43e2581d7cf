import type { ThemeConfig } from 'antd';

/** Deep navy chrome with a confident blue accent: the palette of a trading terminal, readable in daylight. */
export const BRAND_COLORS = {
  primary: '#2160e8',
  navy: '#0b1526',
  navyDeep: '#070f1d',
  gold: '#f2b33d',
} as const;

export const theme: ThemeConfig = {
  token: {
    colorPrimary: BRAND_COLORS.primary,
    colorInfo: BRAND_COLORS.primary,
    colorLink: BRAND_COLORS.primary,
    borderRadius: 8,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Noto Sans SC', sans-serif",
  },
  components: {
    Layout: {
      headerBg: BRAND_COLORS.navy,
      headerPadding: '0 24px',
      footerBg: BRAND_COLORS.navyDeep,
      siderBg: BRAND_COLORS.navy,
      bodyBg: '#f3f5f9',
    },
    Menu: {
      darkItemBg: BRAND_COLORS.navy,
      darkSubMenuItemBg: BRAND_COLORS.navyDeep,
      darkPopupBg: BRAND_COLORS.navy,
      darkItemSelectedBg: BRAND_COLORS.primary,
    },
  },
};
