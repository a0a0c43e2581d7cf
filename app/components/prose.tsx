import { theme } from 'antd';
import type { CSSProperties, ReactNode } from 'react';

// Headings and paragraphs drawn with antd's typography tokens, for pages whose text is only text. antd's
// Typography brings its editable mode (the input and text area) and copy support along with every title:
// 13 KB with brotli on the home page, the first page most visitors load (docs/decisions.md).

type Level = 1 | 2 | 3 | 4 | 5;

/** A heading with the size, line height, weight and colour of antd's `Typography.Title` of that level. */
export function Heading({
  level = 1,
  style,
  children,
}: {
  level?: Level;
  style?: CSSProperties;
  children: ReactNode;
}) {
  const { token } = theme.useToken();
  const Tag = `h${level}` as const;
  return (
    <Tag
      style={{
        color: token.colorTextHeading,
        fontWeight: token.fontWeightStrong,
        fontSize: token[`fontSizeHeading${level}`],
        lineHeight: token[`lineHeightHeading${level}`],
        marginBottom: '0.5em',
        ...style,
      }}
    >
      {children}
    </Tag>
  );
}

/** A paragraph in antd's body text, or its secondary grey. */
export function Paragraph({
  secondary = false,
  style,
  children,
}: {
  secondary?: boolean;
  style?: CSSProperties;
  children: ReactNode;
}) {
  const { token } = theme.useToken();
  return (
    <p
      style={{
        color: secondary ? token.colorTextSecondary : token.colorText,
        fontSize: token.fontSize,
        lineHeight: token.lineHeight,
        marginBottom: '1em',
        ...style,
      }}
    >
      {children}
    </p>
  );
}
