import type { CSSProperties, ReactNode } from 'react';

/**
 * A flex container laid out as antd's Flex lays one out (a gap in pixels, alignment, wrapping, a column when
 * `vertical`), for the first pages most visitors and members load (the home page, the strategy feed):
 * antd's Flex is a file of its own there (app/components/prose.tsx says why that matters on the first pages).
 */
export function Stack({
  as: Element = 'div',
  gap,
  align,
  justify,
  wrap = false,
  vertical = false,
  style,
  testId,
  children,
  ...labels
}: {
  /** The element drawn (a section of the page, say); a div by default. */
  as?: 'div' | 'section';
  gap?: number;
  align?: CSSProperties['alignItems'];
  justify?: CSSProperties['justifyContent'];
  wrap?: boolean;
  vertical?: boolean;
  style?: CSSProperties;
  testId?: string;
  children: ReactNode;
  role?: 'group';
  'aria-label'?: string;
}) {
  return (
    <Element
      {...labels}
      data-testid={testId}
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
    </Element>
  );
}
