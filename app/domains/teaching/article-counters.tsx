import { EyeOutlined, LikeOutlined, MessageOutlined, StarOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import type { ArticleSummary } from '#shared/schemas/teaching.ts';
import { Stack } from '../../components/stack.tsx';
import { useTranslation } from '../../lib/use-translation.ts';

const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

type Counted = Pick<ArticleSummary, 'viewTotal' | 'likeTotal' | 'commentTotal' | 'collectCount'>;

/** Views, likes, comments and collections of an article, as icons with numbers. */
export function ArticleCounters({ article, size = 13 }: { article: Counted; size?: number }) {
  const { t, i18n } = useTranslation('teach');
  const format = new Intl.NumberFormat(i18n.language === 'en' ? 'en' : 'zh-CN');
  const items: { key: string; icon: ReactNode; label: string; value: number }[] = [
    { key: 'views', icon: <EyeOutlined />, label: t('counters.views'), value: article.viewTotal },
    { key: 'likes', icon: <LikeOutlined />, label: t('counters.likes'), value: article.likeTotal },
    {
      key: 'comments',
      icon: <MessageOutlined />,
      label: t('counters.comments'),
      value: article.commentTotal,
    },
    {
      key: 'collections',
      icon: <StarOutlined />,
      label: t('counters.collections'),
      value: article.collectCount,
    },
  ];
  return (
    <Stack gap={12} wrap align="center" style={{ color: 'rgba(0, 0, 0, 0.5)', fontSize: size }}>
      {items.map((item) => (
        // The browser's own hint on hover: antd's Tooltip would bring the pop-up engine (10 KB) to the
        // tutorial list's first load for four words.
        <span
          key={item.key}
          title={item.label}
          data-testid={`counter-${item.key}`}
          style={{ display: 'inline-flex', alignItems: 'center', gap: 4, whiteSpace: 'nowrap' }}
        >
          <span aria-hidden style={{ display: 'inline-flex' }}>
            {item.icon}
          </span>
          <span style={VISUALLY_HIDDEN}>{item.label}</span>
          <span>{format.format(item.value)}</span>
        </span>
      ))}
    </Stack>
  );
}
