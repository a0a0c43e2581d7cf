import { DeleteOutlined } from '@ant-design/icons';
import { Button, Popconfirm } from 'antd';
import { useDeleteComment } from '../../domains/teaching/teaching-api.ts';
import { useFeedback } from '../../lib/feedback.tsx';
import { useTranslation } from '../../lib/use-translation.ts';

/** A comment's delete button and its confirmation (its author's and admins' only). */
export function CommentDelete({ commentId, articleId }: { commentId: number; articleId: number }) {
  const { t } = useTranslation('teach');
  const { message } = useFeedback();
  const remove = useDeleteComment(articleId);
  return (
    <Popconfirm
      title={t('detail.commentDeleteConfirm')}
      okText={t('admin.confirm')}
      cancelText={t('admin.cancel')}
      okButtonProps={{ danger: true, loading: remove.isPending }}
      onConfirm={async () => {
        try {
          await remove.mutateAsync(commentId);
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
  );
}
