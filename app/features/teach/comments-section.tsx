import { MessageOutlined } from '@ant-design/icons';
import { Empty, theme } from 'antd';
import { lazy, Suspense } from 'react';
import type { Article, Comment } from '#shared/schemas/teaching.ts';
import { PersonPicture } from '../../components/person-picture.tsx';
import { PlaceholderBlock, PlaceholderLines } from '../../components/placeholder.tsx';
import { Heading, Paragraph, Text } from '../../components/prose.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { Stack } from '../../components/stack.tsx';
import { articleStatusKind } from '../../domains/teaching/article-status.ts';
import { tableDateTime } from '../../domains/teaching/dates.ts';
import { useComments } from '../../domains/teaching/teaching-api.ts';
import { safeImageUrl } from '../../lib/safe-image-url.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { useEngagement } from './engagement.ts';

// The comment form (antd's Form, its rules from the shared schemas) loads only for a member who may write:
// visitors and readers of an article never download it.
const CommentBox = lazy(async () => ({ default: (await import('./comment-box.tsx')).CommentBox }));
// A comment's delete button, with its confirmation (antd's Popconfirm and the pop-up engine under it, about
// 17 KB with brotli): loaded only where a comment the reader may delete is shown.
const CommentDelete = lazy(async () => ({
  default: (await import('./comment-delete.tsx')).CommentDelete,
}));

/** Comments under an article: everyone reads them, members write, authors (and admins) delete. */
export function CommentsSection({ article }: { article: Article }) {
  const { t } = useTranslation('teach');
  const comments = useComments(article.id);
  const engagement = useEngagement();
  const canComment = engagement === 'member' && articleStatusKind(article.status) === 'approved';
  const { token } = theme.useToken();

  return (
    <section data-testid="comments" style={{ maxWidth: 860, margin: '0 auto' }}>
      <hr
        style={{
          border: 0,
          borderBlockStart: `${token.lineWidth}px solid ${token.colorSplit}`,
          margin: `${token.marginLG}px 0`,
        }}
      />
      <Heading level={4} style={{ marginTop: 0 }}>
        <MessageOutlined style={{ marginInlineEnd: 8 }} />
        {t('detail.comments', { count: article.commentTotal })}
      </Heading>
      {canComment ? (
        <Suspense fallback={<CommentBoxLoading />}>
          <CommentBox articleId={article.id} />
        </Suspense>
      ) : null}
      {comments.isPending ? (
        <PlaceholderLines avatar rows={2} />
      ) : comments.isError ? (
        <QueryError onRetry={() => void comments.refetch()} />
      ) : comments.data.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t('detail.noComments')}
          data-testid="no-comments"
        />
      ) : (
        <Stack vertical testId="comment-list">
          {comments.data.map((comment) => (
            <CommentItem key={comment.id} comment={comment} articleId={article.id} />
          ))}
        </Stack>
      )}
    </section>
  );
}

/** The form's place while it downloads: the height of its text area and button. */
function CommentBoxLoading() {
  const { t } = useTranslation('teach');
  return (
    <div role="status" aria-label={t('detail.commentFormLoading')} style={{ marginBottom: 24 }}>
      <PlaceholderBlock style={{ height: 98, marginBottom: 28, borderRadius: 6 }} />
    </div>
  );
}

function CommentItem({ comment, articleId }: { comment: Comment; articleId: number }) {
  return (
    <Stack gap={12} style={{ padding: '14px 0', borderBottom: '1px solid #f0f0f0' }} testId="comment">
      <PersonPicture size={36} src={safeImageUrl(comment.authorPicture)} />
      <Stack vertical gap={4} style={{ flex: 1, minWidth: 0 }}>
        <Stack gap={8} align="baseline" wrap>
          <Text style={{ fontWeight: 600 }}>{comment.authorName}</Text>
          <Text secondary style={{ fontSize: 12 }}>
            {tableDateTime(comment.createTime)}
          </Text>
          {comment.deletable ? (
            <Suspense fallback={null}>
              <CommentDelete commentId={comment.id} articleId={articleId} />
            </Suspense>
          ) : null}
        </Stack>
        <Paragraph
          style={{ margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          testId="comment-content"
        >
          {comment.content}
        </Paragraph>
      </Stack>
    </Stack>
  );
}
