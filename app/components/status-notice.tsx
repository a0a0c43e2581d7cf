import { WarningFilled } from '@ant-design/icons';
import { theme } from 'antd';
import type { ReactNode } from 'react';

/**
 * A notice drawn as antd's `Result` looks (icon, title, text, action), from the theme's tokens: a warning
 * unless another icon is given. `Result` carries its status illustrations (403, 404, 500) wherever it is
 * imported, and these notices sit on every page: the route's error boundary, each list's "could not load"
 * state, the sign-in steps in progress.
 */
export function StatusNotice({
  testId,
  icon,
  title,
  subtitle,
  action,
  titleAs: Title = 'div',
}: {
  testId?: string;
  /** Instead of the warning sign (a spinner for a step in progress). */
  icon?: ReactNode;
  title: ReactNode;
  subtitle?: ReactNode;
  action?: ReactNode;
  /** The page's own heading when the notice replaces the whole page. */
  titleAs?: 'div' | 'h1';
}) {
  const { token } = theme.useToken();
  return (
    <div
      data-testid={testId}
      style={{ padding: `${token.paddingLG * 2}px ${token.paddingXL}px`, textAlign: 'center' }}
    >
      {icon ? (
        <div style={{ marginBottom: token.marginLG }}>{icon}</div>
      ) : (
        <WarningFilled
          aria-hidden
          style={{ fontSize: 72, color: token.colorWarning, marginBottom: token.marginLG }}
        />
      )}
      <Title
        style={{
          margin: `${token.marginXS}px 0`,
          color: token.colorTextHeading,
          fontSize: token.fontSizeHeading3,
          lineHeight: token.lineHeightHeading3,
          fontWeight: 'normal',
        }}
      >
        {title}
      </Title>
      {subtitle ? (
        <div
          style={{
            color: token.colorTextDescription,
            fontSize: token.fontSize,
            lineHeight: token.lineHeight,
          }}
        >
          {subtitle}
        </div>
      ) : null}
      {action ? <div style={{ marginTop: token.marginLG }}>{action}</div> : null}
    </div>
  );
}
