import { CalendarOutlined, FolderOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import type { Article } from '#shared/schemas/teaching.ts';
import { ColorTag } from '../../components/color-tag.tsx';
import { PersonPicture } from '../../components/person-picture.tsx';
import { Heading, Paragraph, Text } from '../../components/prose.tsx';
import { RichTextView } from '../../components/rich-text/rich-text-view.tsx';
import { Stack } from '../../components/stack.tsx';
import { safeImageUrl } from '../../lib/safe-image-url.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { ArticleCounters } from './article-counters.tsx';
import { readableDate } from './dates.ts';

/**
 * A teaching article as members read it: cover, title, author, date, category, counters, the description
 * and the body (rebuilt from the allow-list). The admin detail page shows the very same view.
 */
export function ArticleView({ article, actions }: { article: Article; actions?: ReactNode }) {
  const { t } = useTranslation('teach');
  const cover = safeImageUrl(article.picture);
  const edited = article.updateTime !== article.createTime;
  return (
    <article data-testid="article-view" style={{ maxWidth: 860, margin: '0 auto' }}>
      {cover ? (
        <img
          src={cover}
          alt=""
          data-testid="article-cover"
          style={{
            display: 'block',
            width: '100%',
            aspectRatio: '16 / 7',
            objectFit: 'cover',
            borderRadius: 12,
            marginBottom: 24,
            background: '#eef1f6',
          }}
        />
      ) : null}
      <Heading level={1} style={{ fontSize: 28, lineHeight: 1.35, marginTop: 0 }} testId="article-title">
        {article.headLine}
      </Heading>
      <Stack gap={16} wrap align="center" style={{ marginBottom: 16 }}>
        <Stack gap={8} align="center" testId="article-author">
          <PersonPicture size={32} src={safeImageUrl(article.authorPicture)} />
          <Text style={{ fontWeight: 600 }}>{article.authorName}</Text>
        </Stack>
        <Text secondary style={{ fontSize: 13 }}>
          <CalendarOutlined style={{ marginInlineEnd: 6 }} />
          {t('detail.published', { date: readableDate(article.createTime) })}
          {edited ? ` · ${t('detail.updated', { date: readableDate(article.updateTime) })}` : null}
        </Text>
        {article.classLabel ? (
          <ColorTag tone="blue" icon={<FolderOutlined />} testId="article-category">
            {article.classLabel}
          </ColorTag>
        ) : null}
        <ArticleCounters article={article} />
      </Stack>
      <Paragraph
        testId="article-description"
        style={{
          padding: '12px 16px',
          background: '#f5f7fb',
          borderRadius: 8,
          color: 'rgba(0, 0, 0, 0.65)',
          whiteSpace: 'pre-line',
          marginBottom: 24,
        }}
      >
        {article.description}
      </Paragraph>
      <RichTextView html={article.text} testId="article-body" />
      {actions ? <div style={{ marginTop: 32 }}>{actions}</div> : null}
    </article>
  );
}
