import { Alert } from 'antd';
import type { Article } from '#shared/schemas/teaching.ts';
import { articleStatusKind } from '../../domains/teaching/article-status.ts';
import { useTranslation } from '../../lib/use-translation.ts';

/** Authors and admins may open an article that is not public yet; say so. */
export function ArticleStatusNotice({ article }: { article: Article }) {
  const { t } = useTranslation('teach');
  const kind = articleStatusKind(article.status);
  return (
    <Alert
      type={kind === 'rejected' ? 'error' : 'warning'}
      showIcon
      title={kind === 'rejected' ? t('detail.rejectedNotice') : t('detail.pendingNotice')}
      description={
        article.contentApproval ? `${t('fields.contentApproval')}: ${article.contentApproval}` : undefined
      }
      style={{ maxWidth: 860, margin: '0 auto 24px' }}
      data-testid="teach-status-notice"
    />
  );
}
