import {
  ArrowLeftOutlined,
  CheckCircleOutlined,
  CloseCircleOutlined,
  CloseOutlined,
  EditOutlined,
} from '@ant-design/icons';
import { Button, Card, Divider, Flex, Form, Input, Result, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ARTICLE_STATUS } from '#shared/constants.ts';
import { type Article, approvalQuery } from '#shared/schemas/teaching.ts';
import { LinkButton } from '../../components/link-button.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { articleIdOf } from '../../domains/teaching/article-params.ts';
import { articleStatusKind, isPending } from '../../domains/teaching/article-status.ts';
import { ArticleStatusTag } from '../../domains/teaching/article-status-tag.tsx';
import { ArticleView } from '../../domains/teaching/article-view.tsx';
import { editState } from '../../domains/teaching/edit-state.ts';
import { useArticle, useReviewArticle } from '../../domains/teaching/teaching-api.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useFeedback } from '../../lib/feedback.tsx';
import { applyFieldErrors, useRevalidateOnLanguageChange, zodRule } from '../../lib/form-rules.ts';
import { TEXT_COLORS } from '../../lib/theme.ts';
import { useFormLayout } from '../../lib/use-form-layout.ts';
import { useTranslation } from '../../lib/use-translation.ts';

const { Title } = Typography;
const LIST_PATH = '/admin/content/teach';

/** /admin/content/teach/detail?id=: the article as members see it, and the approval form (spec §4). */
export function AdminTeachDetailPage() {
  const { t } = useTranslation('teach');
  const { t: tAdmin } = useTranslation('admin');
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const id = articleIdOf(search);
  const article = useArticle(id, { fresh: true });

  let content: ReactNode;
  if (id === null) {
    content = <Result status="404" title="404" subTitle={t('admin.missingId')} />;
  } else if (article.isPending) {
    content = <Skeleton active paragraph={{ rows: 12 }} data-testid="admin-teach-detail-loading" />;
  } else if (article.isError) {
    content =
      article.error instanceof ApiError && article.error.status === 404 ? (
        <Result status="404" title="404" subTitle={t('detail.notFound')} />
      ) : (
        <QueryError onRetry={() => void article.refetch()} />
      );
  } else {
    content = (
      <>
        <Card size="small" style={{ background: '#fafbfc' }} styles={{ body: { padding: '24px 16px' } }}>
          <ArticleView article={article.data} />
        </Card>
        <Divider />
        <ApprovalForm key={`${article.data.id}-${article.data.status}`} article={article.data} />
      </>
    );
  }

  return (
    <div data-testid="admin-teach-detail">
      <title>{`${t('admin.detailTitle')} · ${tAdmin('title')}`}</title>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 16 }}>
        <Flex align="center" gap={8} wrap>
          <LinkButton type="link" to={LIST_PATH} icon={<ArrowLeftOutlined />} style={{ paddingInline: 0 }}>
            {t('admin.back')}
          </LinkButton>
          <Title level={4} style={{ margin: 0 }}>
            {t('admin.detailTitle')}
          </Title>
          {article.data ? <ArticleStatusTag status={article.data.status} /> : null}
        </Flex>
        {article.data ? (
          <Button
            icon={<EditOutlined />}
            onClick={() =>
              article.data &&
              navigate(`/admin/content/teach/add?id=${article.data.id}`, { state: editState(article.data) })
            }
            data-testid="detail-edit"
          >
            {t('admin.edit')}
          </Button>
        ) : null}
      </Flex>
      {content}
    </div>
  );
}

type ReviewValues = { contentApproval: string };

/**
 * While the article is pending: a required review text and pass (3) / not pass (4); nothing is sent while
 * the text is empty. Once reviewed: the text is read-only and only a close button remains.
 */
function ApprovalForm({ article }: { article: Article }) {
  const formLayout = useFormLayout();
  const { t } = useTranslation('teach');
  const { message } = useFeedback();
  const navigate = useNavigate();
  const [form] = Form.useForm<ReviewValues>();
  useRevalidateOnLanguageChange(form);
  const review = useReviewArticle();
  const pending = isPending(article.status);
  const kind = articleStatusKind(article.status);

  const send = async (status: number) => {
    let values: ReviewValues;
    try {
      values = await form.validateFields();
    } catch {
      return; // The field shows "内容审核为必填项"; nothing is sent.
    }
    try {
      await review.mutateAsync({ id: article.id, contentApproval: values.contentApproval.trim(), status });
      void message.success(t('admin.reviewSaved'));
    } catch (error) {
      if (error instanceof ApiError) applyFieldErrors(form, error.fieldErrors, ['contentApproval']);
    }
  };

  return (
    <section data-testid="approval-form" data-state={pending ? 'open' : 'closed'}>
      <Title level={5} style={{ marginTop: 0 }}>
        {t('admin.approval')}
        {pending ? null : (
          <span
            data-testid="review-outcome"
            style={{
              marginInlineStart: 12,
              fontSize: 14,
              color: kind === 'approved' ? TEXT_COLORS.gain : TEXT_COLORS.loss,
            }}
          >
            {kind === 'approved' ? <CheckCircleOutlined /> : <CloseCircleOutlined />}{' '}
            {kind === 'approved' ? t('admin.reviewedPass') : t('admin.reviewedNotPass')}
          </span>
        )}
      </Title>
      <Form<ReviewValues>
        form={form}
        {...formLayout}
        initialValues={{ contentApproval: article.contentApproval ?? '' }}
        style={{ maxWidth: 720 }}
      >
        <Form.Item
          name="contentApproval"
          label={t('fields.contentApproval')}
          rules={pending ? [zodRule(approvalQuery, 'contentApproval')] : []}
        >
          <Input.TextArea
            readOnly={!pending}
            maxLength={2000}
            showCount={pending}
            autoSize={{ minRows: 3, maxRows: 8 }}
            placeholder={pending ? t('admin.approvalPlaceholder') : undefined}
            data-testid="approval-text"
          />
        </Form.Item>
        <Flex gap={12} wrap>
          {pending ? (
            <>
              <Button
                type="primary"
                icon={<CheckCircleOutlined />}
                loading={review.isPending && review.variables?.status === ARTICLE_STATUS.approved}
                disabled={review.isPending}
                onClick={() => void send(ARTICLE_STATUS.approved)}
                data-testid="approval-pass"
              >
                {t('admin.pass')}
              </Button>
              <Button
                danger
                icon={<CloseCircleOutlined />}
                loading={review.isPending && review.variables?.status === ARTICLE_STATUS.rejected}
                disabled={review.isPending}
                onClick={() => void send(ARTICLE_STATUS.rejected)}
                data-testid="approval-not-pass"
              >
                {t('admin.notPass')}
              </Button>
            </>
          ) : (
            <Button icon={<CloseOutlined />} onClick={() => navigate(LIST_PATH)} data-testid="approval-close">
              {t('admin.close')}
            </Button>
          )}
        </Flex>
      </Form>
    </section>
  );
}
