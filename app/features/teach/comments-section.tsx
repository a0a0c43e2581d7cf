import { DeleteOutlined, MessageOutlined, SendOutlined } from '@ant-design/icons';
import { Avatar, Button, Divider, Empty, Flex, Form, Input, Popconfirm, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEFAULT_AVATAR_URL } from '#shared/constants.ts';
import {
  type Article,
  addCommentRequest,
  COMMENT_MAX_LENGTH,
  type Comment,
} from '#shared/schemas/teaching.ts';
import { QueryError } from '../../components/query-error.tsx';
import { safeImageUrl } from '../../components/rich-text/sanitize.ts';
import { articleStatusKind } from '../../domains/teaching/article-status.ts';
import { tableDateTime } from '../../domains/teaching/dates.ts';
import { useAddComment, useComments, useDeleteComment } from '../../domains/teaching/teaching-api.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useFeedback } from '../../lib/feedback.tsx';
import { applyFieldErrors, useRevalidateOnLanguageChange, zodRule } from '../../lib/form-rules.ts';
import { useEngagement } from './engagement.ts';

const { Title, Text, Paragraph } = Typography;

/** Comments under an article: everyone reads them, members write, authors (and admins) delete. */
export function CommentsSection({ article }: { article: Article }) {
  const { t } = useTranslation('teach');
  const comments = useComments(article.id);
  const engagement = useEngagement();
  const canComment = engagement === 'member' && articleStatusKind(article.status) === 'approved';

  return (
    <section data-testid="comments" style={{ maxWidth: 860, margin: '0 auto' }}>
      <Divider />
      <Title level={4} style={{ marginTop: 0 }}>
        <MessageOutlined style={{ marginInlineEnd: 8 }} />
        {t('detail.comments', { count: article.commentTotal })}
      </Title>
      {canComment ? <CommentBox articleId={article.id} /> : null}
      {comments.isPending ? (
        <Skeleton avatar active paragraph={{ rows: 2 }} />
      ) : comments.isError ? (
        <QueryError onRetry={() => void comments.refetch()} />
      ) : comments.data.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t('detail.noComments')}
          data-testid="no-comments"
        />
      ) : (
        <Flex vertical data-testid="comment-list">
          {comments.data.map((comment) => (
            <CommentItem key={comment.id} comment={comment} articleId={article.id} />
          ))}
        </Flex>
      )}
    </section>
  );
}

function CommentBox({ articleId }: { articleId: number }) {
  const { t } = useTranslation('teach');
  const { message } = useFeedback();
  const [form] = Form.useForm<{ content: string }>();
  useRevalidateOnLanguageChange(form);
  const add = useAddComment(articleId);

  const submit = async ({ content }: { content: string }) => {
    try {
      await add.mutateAsync(content.trim());
      form.resetFields();
      void message.success(t('detail.commentSent'));
    } catch (error) {
      if (error instanceof ApiError) applyFieldErrors(form, error.fieldErrors, ['content']);
    }
  };

  return (
    <Form
      form={form}
      onFinish={(values) => void submit(values)}
      data-testid="comment-form"
      style={{ marginBottom: 24 }}
    >
      <Form.Item name="content" rules={[zodRule(addCommentRequest, 'content')]} style={{ marginBottom: 28 }}>
        <Input.TextArea
          maxLength={COMMENT_MAX_LENGTH}
          showCount
          autoSize={{ minRows: 3, maxRows: 8 }}
          placeholder={t('detail.commentPlaceholder')}
          aria-label={t('detail.commentPlaceholder')}
          data-testid="comment-input"
        />
      </Form.Item>
      <Flex justify="flex-end">
        <Button
          type="primary"
          htmlType="submit"
          icon={<SendOutlined />}
          loading={add.isPending}
          data-testid="comment-submit"
        >
          {t('detail.commentSubmit')}
        </Button>
      </Flex>
    </Form>
  );
}

function CommentItem({ comment, articleId }: { comment: Comment; articleId: number }) {
  const { t } = useTranslation('teach');
  const { message } = useFeedback();
  const remove = useDeleteComment(articleId);
  return (
    <Flex gap={12} style={{ padding: '14px 0', borderBottom: '1px solid #f0f0f0' }} data-testid="comment">
      <Avatar
        size={36}
        src={safeImageUrl(comment.authorPicture) ?? DEFAULT_AVATAR_URL}
        alt=""
        style={{ flexShrink: 0 }}
      />
      <Flex vertical gap={4} style={{ flex: 1, minWidth: 0 }}>
        <Flex gap={8} align="baseline" wrap>
          <Text strong>{comment.authorName}</Text>
          <Text type="secondary" style={{ fontSize: 12 }}>
            {tableDateTime(comment.createTime)}
          </Text>
          {comment.deletable ? (
            <Popconfirm
              title={t('detail.commentDeleteConfirm')}
              okText={t('admin.confirm')}
              cancelText={t('admin.cancel')}
              okButtonProps={{ danger: true, loading: remove.isPending }}
              onConfirm={async () => {
                try {
                  await remove.mutateAsync(comment.id);
                  void message.success(t('detail.commentDeleted'));
                } catch {
                  // The API client has shown why.
                }
              }}
            >
              <Button
                type="text"
                size="small"
                danger
                icon={<DeleteOutlined />}
                style={{ marginInlineStart: 'auto' }}
                data-testid="comment-delete"
              >
                {t('detail.commentDelete')}
              </Button>
            </Popconfirm>
          ) : null}
        </Flex>
        <Paragraph
          style={{ margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          data-testid="comment-content"
        >
          {comment.content}
        </Paragraph>
      </Flex>
    </Flex>
  );
}
