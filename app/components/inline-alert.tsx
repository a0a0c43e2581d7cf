import { CloseCircleFilled, ExclamationCircleFilled, InfoCircleFilled } from '@ant-design/icons';
import { theme } from 'antd';
import type { CSSProperties, ReactNode } from 'react';

/**
 * A one-line message drawn as antd's `Alert showIcon` draws one with a title only (an icon, the text, an
 * action at the end), from the theme's tokens. The sign-in screen and the strategy feed, first pages of
 * visitors and members, show one: antd's Alert would be a file of its own there (app/components/prose.tsx
 * says why that matters).
 */
export function InlineAlert({
  type,
  icon,
  action,
  testId,
  style,
  children,
}: {
  type: 'info' | 'warning' | 'error';
  /** Instead of antd's icon for the type. */
  icon?: ReactNode;
  action?: ReactNode;
  testId?: string;
  style?: CSSProperties;
  children: ReactNode;
}) {
  const { token } = theme.useToken();
  const colors = {
    info: [token.colorInfoBg, token.colorInfoBorder, token.colorInfo, <InfoCircleFilled key="icon" />],
    warning: [
      token.colorWarningBg,
      token.colorWarningBorder,
      token.colorWarning,
      <ExclamationCircleFilled key="icon" />,
    ],
    error: [token.colorErrorBg, token.colorErrorBorder, token.colorError, <CloseCircleFilled key="icon" />],
  } as const;
  const [background, border, iconColor, typeIcon] = colors[type];
  return (
    <div
      role="alert"
      data-testid={testId}
      style={{
        display: 'flex',
        alignItems: 'center',
        padding: `${token.paddingContentVerticalSM}px 12px`,
        background,
        border: `${token.lineWidth}px ${token.lineType} ${border}`,
        borderRadius: token.borderRadiusLG,
        color: token.colorTextHeading,
        fontSize: token.fontSize,
        lineHeight: token.lineHeight,
        overflowWrap: 'break-word',
        ...style,
      }}
    >
      <span aria-hidden style={{ color: iconColor, marginInlineEnd: token.marginXS, lineHeight: 0 }}>
        {icon ?? typeIcon}
      </span>
      <div style={{ flex: 1, minWidth: 0 }}>{children}</div>
      {action ? <div style={{ marginInlineStart: token.marginXS }}>{action}</div> : null}
    </div>
  );
}
