import { SendOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Input } from 'antd';
import { addCommentRequest, COMMENT_MAX_LENGTH } from '#shared/schemas/teaching.ts';
import { useAddComment } from '../../domains/teaching/teaching-api.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useFeedback } from '../../lib/feedback.tsx';
import { applyFieldErrors, useRevalidateOnLanguageChange, zodRule } from '../../lib/form-rules.ts';
import { useTranslation } from '../../lib/use-translation.ts';

/** A member's new comment under an article (loaded on demand by comments-section.tsx). */
export function CommentBox({ articleId }: { articleId: number }) {
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
