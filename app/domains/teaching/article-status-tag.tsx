import { Tag } from 'antd';
import { useTranslation } from '../../lib/use-translation.ts';
import { articleStatusKind, STATUS_COLORS } from './article-status.ts';

/** The translated status of an article (pending / approved / rejected). */
export function ArticleStatusTag({ status }: { status: number }) {
  const { t } = useTranslation('teach');
  const kind = articleStatusKind(status);
  return (
    <Tag
      color={STATUS_COLORS[kind]}
      data-testid="article-status"
      data-status={kind}
      style={{ marginInlineEnd: 0 }}
    >
      {t(`status.${kind}`)}
    </Tag>
  );
}
