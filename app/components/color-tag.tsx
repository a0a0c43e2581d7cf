import { theme } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { TAG_TEXT_COLORS } from '../lib/theme.ts';

export type TagTone = 'blue' | 'gold' | 'green' | 'red';

/**
 * A label in a preset colour, drawn as antd's Tag draws one (filled by default, or outlined) from the same
 * theme colours, without the Tag component: its module brings the colour picker's colour helpers along, and
 * the first pages of visitors (home, tutorials) and of members (the strategy feed) show nothing else of it.
 */
export function ColorTag({
  tone,
  variant = 'filled',
  icon,
  style,
  testId,
  children,
}: {
  tone: TagTone;
  variant?: 'filled' | 'outlined';
  icon?: ReactNode;
  style?: CSSProperties;
  testId?: string;
  children: ReactNode;
}) {
  const { token } = theme.useToken();
  const paddingInline = 8 - token.lineWidth;
  return (
    <span
      data-testid={testId}
      style={{
        display: 'inline-block',
        boxSizing: 'border-box',
        paddingInline,
        fontSize: token.fontSizeSM,
        lineHeight: `${token.lineHeightSM * token.fontSizeSM}px`,
        whiteSpace: 'nowrap',
        textAlign: 'start',
        border: `${token.lineWidth}px solid ${variant === 'outlined' ? token[`${tone}3`] : 'transparent'}`,
        borderRadius: token.borderRadiusSM,
        background: token[`${tone}1`],
        color: TAG_TEXT_COLORS[`${tone}7`],
        ...style,
      }}
    >
      {icon ? (
        <>
          {icon}
          <span style={{ marginInlineStart: paddingInline }}>{children}</span>
        </>
      ) : (
        children
      )}
    </span>
  );
}
