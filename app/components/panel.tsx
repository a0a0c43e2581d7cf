import type { CSSProperties, ReactNode } from 'react';

/**
 * A white panel with antd's card frame (hairline border, large radius, the card shadow on hover when
 * `hoverable`), for pages whose cards are only frames: antd's Card brings Tabs for its tab list
 * (app/components/prose.tsx says why that matters on the first pages).
 */
export function Panel({
  hoverable = false,
  padding = 24,
  style,
  testId,
  children,
}: {
  hoverable?: boolean;
  padding?: CSSProperties['padding'];
  style?: CSSProperties;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <div
      className={hoverable ? 'portal-panel portal-panel-hoverable' : 'portal-panel'}
      data-testid={testId}
      style={{ padding, ...style }}
    >
      {children}
    </div>
  );
}
