import {
  ArrowLeftOutlined,
  LikeFilled,
  LikeOutlined,
  LoginOutlined,
  StarFilled,
  StarOutlined,
} from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, type ReactNode, Suspense } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import type { Article } from '#shared/schemas/teaching.ts';
import { LinkButton } from '../../components/link-button.tsx';
import { Panel } from '../../components/panel.tsx';
import { PlaceholderBlock, PlaceholderLines } from '../../components/placeholder.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { Stack } from '../../components/stack.tsx';
import { articleIdOf } from '../../domains/teaching/article-params.ts';
import { articleStatusKind } from '../../domains/teaching/article-status.ts';
import { ArticleView } from '../../domains/teaching/article-view.tsx';
import { type ReactionKind, useArticle, useReaction } from '../../domains/teaching/teaching-api.ts';
import { ApiError } from '../../lib/api-client.ts';
import { loginPath } from '../../lib/auth/auth-paths.ts';
import { currentReturnUrl } from '../../lib/auth/return-url.ts';
import { useScreen } from '../../lib/use-media-query.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { ArticleMissing } from './article-missing.tsx';
import { CommentsSection } from './comments-section.tsx';
import { useEngagement } from './engagement.ts';

/** /teach-detail?id=: one tutorial, its likes and collections, and its comments. Open to everyone. */
export function TeachDetailPage() {
  const { t } = useTranslation('teach');
  const { t: tCommon } = useTranslation();
  const phone = !useScreen('sm');
  const [search] = useSearchParams();
  const id = articleIdOf(search);
  const article = useArticle(id);

  let content: ReactNode;
  if (id === null) {
    content = <ArticleMissing text={t('detail.missingId')} testId="teach-detail-missing" />;
  } else if (article.isPending) {
    content = (
      <div data-testid="teach-detail-loading">
        <PlaceholderBlock style={{ width: '100%', height: 240, marginBottom: 24, borderRadius: 8 }} />
        <PlaceholderLines rows={10} />
      </div>
    );
  } else if (article.isError) {
    content =
      article.error instanceof ApiError && article.error.status === 404 ? (
        <ArticleMissing text={t('detail.notFound')} testId="teach-detail-not-found" />
      ) : (
        <QueryError onRetry={() => void article.refetch()} />
      );
  } else {
    content = (
      <>
        <StatusNotice article={article.data} />
        <ArticleView article={article.data} actions={<Reactions article={article.data} />} />
        <CommentsSection article={article.data} />
      </>
    );
  }

  return (
    <div
      data-testid="teach-detail"
      style={{
        width: '100%',
        maxWidth: 1000,
        margin: '0 auto',
        padding: phone ? '12px 8px 32px' : '24px 24px 48px',
      }}
    >
      <title>{`${article.data?.headLine ?? t('detail.documentTitle')} · ${tCommon('product.name')}`}</title>
      <LinkButton
        type="link"
        to="/teach"
        icon={<ArrowLeftOutlined />}
        style={{ paddingInline: 0, marginBottom: 8 }}
      >
        {t('detail.back')}
      </LinkButton>
      <Panel padding={phone ? 16 : 40}>{content}</Panel>
    </div>
  );
}

// The notice of an article not public yet, shown to its author and admins only.
const ArticleStatusNotice = lazy(async () => ({
  default: (await import('./article-status-notice.tsx')).ArticleStatusNotice,
}));

/**
 * Authors and admins may open an article that is not public yet; say so. The notice (antd's Alert, with its
 * status icons) downloads only then: readers of public articles never see it.
 */
function StatusNotice({ article }: { article: Article }) {
  if (articleStatusKind(article.status) === 'approved') return null;
  return (
    <Suspense fallback={null}>
      <ArticleStatusNotice article={article} />
    </Suspense>
  );
}

function Reactions({ article }: { article: Article }) {
  const { t } = useTranslation('teach');
  const engagement = useEngagement();
  const reaction = useReaction(article.id);
  const location = useLocation();
  const canEngage = engagement === 'member' && articleStatusKind(article.status) === 'approved';
  const pending = (kind: ReactionKind) => reaction.isPending && reaction.variables === kind;

  return (
    <Stack vertical align="center" gap={12} testId="article-reactions">
      <Stack gap={12} justify="center" wrap>
        <Button
          size="large"
          shape="round"
          type={article.liked ? 'primary' : 'default'}
          icon={article.liked ? <LikeFilled /> : <LikeOutlined />}
          disabled={!canEngage}
          loading={pending('like')}
          aria-pressed={article.liked}
          onClick={() => reaction.mutate('like')}
          data-testid="like-button"
        >
          {article.liked ? t('detail.liked') : t('detail.like')}
          <span data-testid="like-count" style={{ marginInlineStart: 6, fontWeight: 600 }}>
            {article.likeTotal}
          </span>
        </Button>
        <Button
          size="large"
          shape="round"
          type={article.collected ? 'primary' : 'default'}
          icon={article.collected ? <StarFilled /> : <StarOutlined />}
          disabled={!canEngage}
          loading={pending('collect')}
          aria-pressed={article.collected}
          onClick={() => reaction.mutate('collect')}
          data-testid="collect-button"
        >
          {article.collected ? t('detail.collected') : t('detail.collect')}
          <span data-testid="collect-count" style={{ marginInlineStart: 6, fontWeight: 600 }}>
            {article.collectCount}
          </span>
        </Button>
      </Stack>
      {engagement === 'signed-out' ? (
        <Stack gap={8} align="center" wrap justify="center" testId="engage-hint">
          <span style={{ color: 'rgba(0, 0, 0, 0.55)' }}>{t('detail.signInHint')}</span>
          <LinkButton
            size="small"
            type="primary"
            ghost
            icon={<LoginOutlined />}
            to={loginPath(currentReturnUrl(location))}
            data-testid="engage-sign-in"
          >
            {t('detail.signIn')}
          </LinkButton>
        </Stack>
      ) : null}
      {engagement === 'not-member' ? (
        <span style={{ color: 'rgba(0, 0, 0, 0.55)', textAlign: 'center' }} data-testid="engage-hint">
          {t('detail.notMemberHint')}
        </span>
      ) : null}
    </Stack>
  );
}
