import { theme } from 'antd';
import type { CSSProperties, ReactNode } from 'react';

// Headings, paragraphs and text drawn with antd's typography tokens, for pages whose text is only text. antd's
// Typography brings its editable mode (the input and text area) and copy support along with every title:
// 13 KB with brotli on the home page, the first page most visitors load (docs/decisions.md).

type Level = 1 | 2 | 3 | 4 | 5;

/** At most `lines` lines, the rest cut with an ellipsis (what antd's `ellipsis={{ rows }}` does, in CSS). */
function clamp(lines: number | undefined): CSSProperties {
  return lines
    ? { display: '-webkit-box', WebkitLineClamp: lines, WebkitBoxOrient: 'vertical', overflow: 'hidden' }
    : {};
}

/** A heading with the size, line height, weight and colour of antd's `Typography.Title` of that level. */
export function Heading({
  level = 1,
  lines,
  style,
  id,
  testId,
  children,
}: {
  level?: Level;
  lines?: number;
  style?: CSSProperties;
  id?: string;
  testId?: string;
  children: ReactNode;
}) {
  const { token } = theme.useToken();
  const Tag = `h${level}` as const;
  return (
    <Tag
      id={id}
      data-testid={testId}
      style={{
        color: token.colorTextHeading,
        fontWeight: token.fontWeightStrong,
        fontSize: token[`fontSizeHeading${level}`],
        lineHeight: token[`lineHeightHeading${level}`],
        marginBottom: '0.5em',
        ...clamp(lines),
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
  lines,
  style,
  id,
  testId,
  children,
}: {
  secondary?: boolean;
  lines?: number;
  style?: CSSProperties;
  id?: string;
  testId?: string;
  children: ReactNode;
}) {
  const { token } = theme.useToken();
  return (
    <p
      id={id}
      data-testid={testId}
      style={{
        color: secondary ? token.colorTextSecondary : token.colorText,
        fontSize: token.fontSize,
        lineHeight: token.lineHeight,
        marginBottom: '1em',
        ...clamp(lines),
        ...style,
      }}
    >
      {children}
    </p>
  );
}

/** A run of text in antd's body colour, or its secondary grey. */
export function Text({
  secondary = false,
  style,
  testId,
  children,
}: {
  secondary?: boolean;
  style?: CSSProperties;
  testId?: string;
  children: ReactNode;
}) {
  const { token } = theme.useToken();
  return (
    <span
      data-testid={testId}
      style={{ color: secondary ? token.colorTextSecondary : token.colorText, ...style }}
    >
      {children}
    </span>
  );
}
