import { EyeInvisibleOutlined, FireFilled, LinkOutlined, PushpinFilled } from '@ant-design/icons';
import { Button, Card, Flex, Tag, Typography } from 'antd';
import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import type { MediaItem } from '#shared/schemas/media.ts';
import { RelativeTime } from '../../components/relative-time.tsx';
import { RichTextView } from '../../components/rich-text/rich-text-view.tsx';
import { useTranslation } from '../../lib/use-translation.ts';
import { markKeywords } from './highlight-html.ts';
import { HighlightText } from './highlight-text.tsx';

const { Text } = Typography;

/** Summaries longer than this start folded (a few lines), with a button to unfold them. */
const FOLD_AT = 280;
const FOLDED = {
  display: '-webkit-box',
  WebkitLineClamp: 4,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
} as const;
const FOLDED_HTML = { maxHeight: '7.5em', overflow: 'hidden' } as const;

const KIND_COLOR = { news: 'blue', kol: 'purple', exchange: 'gold', other: 'default' } as const;
const ACCENT = { important: '#f5222d', pinned: '#faad14' } as const;

/** Text of an HTML summary, to judge its length (it is never put in the page this way). */
const htmlLength = (html: string) => html.replace(/<[^>]*>/g, '').length;

/** An HTML summary through the articles' view, its matched keywords marked once it is in the page. */
function HtmlSummary({ html, keywords }: { html: string; keywords: readonly string[] }) {
  const ref = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: new HTML is new text to mark.
  useLayoutEffect(() => {
    if (ref.current) markKeywords(ref.current, keywords);
  }, [html, keywords]);
  return (
    <div ref={ref}>
      <RichTextView html={html} testId="media-item-summary" />
    </div>
  );
}

function Summary({ item }: { item: MediaItem }) {
  const { t } = useTranslation('media');
  const [open, setOpen] = useState(false);
  const { summaryHtml, summaryText } = item;
  if (!summaryHtml && !summaryText) return null;
  const long = summaryHtml ? htmlLength(summaryHtml) > FOLD_AT : (summaryText?.length ?? 0) > FOLD_AT;
  const folded = long && !open;
  return (
    <div>
      {summaryHtml ? (
        // Cleaned by the server when stored, and again by the articles' view right before it is shown.
        <div style={folded ? FOLDED_HTML : undefined}>
          <HtmlSummary html={summaryHtml} keywords={item.matchedKeywords} />
        </div>
      ) : (
        <Text
          type="secondary"
          style={{ display: 'block', whiteSpace: 'pre-line', ...(folded ? FOLDED : {}) }}
          data-testid="media-item-summary"
        >
          <HighlightText text={summaryText ?? ''} keywords={item.matchedKeywords} />
        </Text>
      )}
      {long && (
        <Button
          type="link"
          size="small"
          style={{ padding: 0 }}
          onClick={() => setOpen(!open)}
          data-testid="media-item-fold"
        >
          {open ? t('item.collapse') : t('item.expand')}
        </Button>
      )}
    </div>
  );
}

/**
 * One item of the media stream: marks (pinned, important, hidden), source, kind and time, the title
 * linking out, the summary, the tags; `actions` (admins' buttons) at the end.
 */
export function MediaItemCard({ item, actions }: { item: MediaItem; actions?: ReactNode }) {
  const { t } = useTranslation('media');
  const title = item.title || t('item.untitled');
  let accent: string | undefined;
  if (item.important) accent = ACCENT.important;
  else if (item.pinned) accent = ACCENT.pinned;
  return (
    <Card
      size="small"
      style={{
        borderInlineStart: accent ? `3px solid ${accent}` : undefined,
        opacity: item.hidden ? 0.65 : 1,
      }}
      styles={{ body: { padding: '12px 16px' } }}
      data-testid="media-item"
      data-item-id={item.id}
    >
      <Flex vertical gap={6}>
        <Flex gap={6} wrap align="center" style={{ fontSize: 13 }}>
          {item.pinned && (
            <Tag
              color="gold"
              icon={<PushpinFilled />}
              style={{ marginInlineEnd: 0 }}
              data-testid="media-item-pinned"
            >
              {t('item.pinned')}
            </Tag>
          )}
          {item.important && (
            <Tag
              color="red"
              icon={<FireFilled />}
              style={{ marginInlineEnd: 0 }}
              data-testid="media-item-important"
            >
              {t('item.important')}
            </Tag>
          )}
          {item.hidden && (
            <Tag
              icon={<EyeInvisibleOutlined />}
              style={{ marginInlineEnd: 0 }}
              data-testid="media-item-hidden"
            >
              {t('item.hidden')}
            </Tag>
          )}
          <Text strong ellipsis style={{ maxWidth: 240 }} data-testid="media-item-source">
            {item.source.title}
          </Text>
          <Tag
            color={KIND_COLOR[item.source.kind]}
            style={{ marginInlineEnd: 0 }}
            data-testid="media-item-kind"
          >
            {t(`kinds.${item.source.kind}`)}
          </Tag>
          <Text type="secondary">
            <RelativeTime iso={item.publishedAt} testId="media-item-time" />
          </Text>
        </Flex>
        <Text
          strong
          style={{ fontSize: 16, lineHeight: 1.45, overflowWrap: 'anywhere' }}
          data-testid="media-item-title"
        >
          {item.link ? (
            <a href={item.link} target="_blank" rel="noopener noreferrer" style={{ color: 'inherit' }}>
              <HighlightText text={title} keywords={item.matchedKeywords} />
            </a>
          ) : (
            <HighlightText text={title} keywords={item.matchedKeywords} />
          )}
        </Text>
        <Summary item={item} />
        <Flex gap={8} wrap align="center" justify="space-between">
          <Flex gap={4} wrap align="center">
            {item.tags.map((tag) => (
              <Tag key={tag} color="geekblue" style={{ marginInlineEnd: 0 }} data-testid="media-item-tag">
                #{tag}
              </Tag>
            ))}
            {item.link && (
              <a
                href={item.link}
                target="_blank"
                rel="noopener noreferrer"
                style={{ fontSize: 13, whiteSpace: 'nowrap' }}
                data-testid="media-item-link"
              >
                <LinkOutlined /> {t('item.open')}
              </a>
            )}
          </Flex>
          {actions && (
            <Flex gap={4} wrap>
              {actions}
            </Flex>
          )}
        </Flex>
      </Flex>
    </Card>
  );
}
