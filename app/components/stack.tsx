import type { CSSProperties, ReactNode } from 'react';

/**
 * A flex container laid out as antd's Flex lays one out (a gap in pixels, alignment, wrapping, a column when
 * `vertical`), for the home page, the first page most visitors load: antd's Flex is a file of its own there
 * (app/components/prose.tsx says why that matters on the first pages).
 */
export function Stack({
  gap,
  align,
  justify,
  wrap = false,
  vertical = false,
  style,
  children,
}: {
  gap?: number;
  align?: CSSProperties['alignItems'];
  justify?: CSSProperties['justifyContent'];
  wrap?: boolean;
  vertical?: boolean;
  style?: CSSProperties;
  children: ReactNode;
}) {
  return (
    <div
      style={{
        display: 'flex',
        flexDirection: vertical ? 'column' : 'row',
        flexWrap: wrap ? 'wrap' : 'nowrap',
        alignItems: align,
        justifyContent: justify,
        gap,
        ...style,
      }}
    >
      {children}
    </div>
  );
}
