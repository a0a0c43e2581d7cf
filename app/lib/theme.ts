import { theme as antdTheme, type ThemeConfig } from 'antd';

/** Deep navy chrome with a confident blue accent: the palette of a trading terminal, readable in daylight. */
export const BRAND_COLORS = {
  primary: '#2160e8',
  navy: '#0b1526',
  navyDeep: '#070f1d',
  gold: '#f2b33d',
} as const;

/**
 * Colours of text that carries meaning, each at least 4.5:1 on white and on the page's grey (WCAG 1.4.3):
 * gains and losses, and the muted grey of secondary text.
 */
export const TEXT_COLORS = {
  gain: '#237804',
  loss: '#cf1322',
  muted: 'rgba(0, 0, 0, 0.6)',
} as const;

/** The keyboard focus ring (styles.css draws it; 3:1 or more against white and the navy chrome). */
export const FOCUS_RING = { light: BRAND_COLORS.primary, dark: '#8fb4ff' } as const;

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const channel = (offset: number) => {
    const value = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

const PRESET_TAG_COLORS = [
  'blue',
  'purple',
  'cyan',
  'green',
  'magenta',
  'pink',
  'red',
  'orange',
  'yellow',
  'volcano',
  'geekblue',
  'lime',
  'gold',
] as const;

/**
 * Coloured tags write their text in shade 7 of their palette on shade 1, under 4.5:1 for green, gold,
 * orange and the other light hues: each takes the first darker shade of its own palette that reaches it.
 */
function readableTagText(): Record<string, string> {
  const palette = antdTheme.getDesignToken() as unknown as Record<string, string>;
  return Object.fromEntries(
    PRESET_TAG_COLORS.map((color) => {
      const background = palette[`${color}1`]!;
      const shade =
        [7, 8, 9, 10].find((n) => contrastRatio(palette[`${color}${n}`]!, background) >= 4.5) ?? 10;
      return [`${color}7`, palette[`${color}${shade}`]!];
    }),
  );
}

/**
 * The page frame's colours: antd's Layout gets them as its tokens (the sign-in, personal and admin layouts),
 * the public layout draws its header, content and footer with them directly.
 */
export const LAYOUT_COLORS = { header: BRAND_COLORS.navy, footer: BRAND_COLORS.navyDeep, body: '#f3f5f9' };

/** The text colour of each coloured tag (`gold7` and so on), also for the tags drawn without antd's Tag. */
export const TAG_TEXT_COLORS = readableTagText();

export const theme: ThemeConfig = {
  token: {
    colorPrimary: BRAND_COLORS.primary,
    colorInfo: BRAND_COLORS.primary,
    colorLink: BRAND_COLORS.primary,
    // antd's defaults for secondary text (45 % black), placeholders (25 %), success text and errors
    // (#ff4d4f) fall under 4.5:1 on white: darker ones keep descriptions, counters, empty lists, hints,
    // danger buttons and status text readable.
    colorTextTertiary: TEXT_COLORS.muted,
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
    // Hovered links and buttons keep their contrast too: darker than the resting colour, not lighter.
    colorPrimaryHover: '#1a4fc4',
    colorSuccessText: TEXT_COLORS.gain,
    colorError: TEXT_COLORS.loss,
    colorErrorHover: '#a8071a',
    colorWarningText: '#874d00',
    // The glow around a focused text field, select or picker: strong enough to see (styles.css rings the rest).
    controlOutline: 'rgba(33, 96, 232, 0.45)',
    borderRadius: 8,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Noto Sans SC', sans-serif",
  },
  components: {
    Layout: {
      headerBg: LAYOUT_COLORS.header,
      headerPadding: '0 24px',
      footerBg: LAYOUT_COLORS.footer,
      siderBg: BRAND_COLORS.navy,
      bodyBg: LAYOUT_COLORS.body,
    },
    Menu: {
      darkItemBg: BRAND_COLORS.navy,
      darkSubMenuItemBg: BRAND_COLORS.navyDeep,
      darkPopupBg: BRAND_COLORS.navy,
      darkItemSelectedBg: BRAND_COLORS.primary,
    },
    // A table's "no data" row is written in the disabled grey; it is information, not a disabled control.
    Table: { colorTextDisabled: TEXT_COLORS.muted },
    // An unchecked switch's label is white on the quaternary grey.
    Switch: { colorTextQuaternary: 'rgba(0, 0, 0, 0.56)', colorTextTertiary: 'rgba(0, 0, 0, 0.7)' },
    // Status tags (success, warning) write their text in the status colour itself, made a text colour here;
    // their light backgrounds stay (a darker seed would darken those too).
    Tag: { ...TAG_TEXT_COLORS, colorSuccess: TEXT_COLORS.gain, colorWarning: '#874d00' },
  },
};
