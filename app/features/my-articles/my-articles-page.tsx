import { DeleteOutlined, EditOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import {
  Button,
  Empty,
  Flex,
  Grid,
  Image,
  Popconfirm,
  Table,
  type TableProps,
  Tooltip,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { COVER_THUMBNAIL_SIZE, TEACH_PAGE_SIZE } from '#shared/constants.ts';
import type { ArticleSummary } from '#shared/schemas/teaching.ts';
import { LinkButton } from '../../components/link-button.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { ArticleCounters } from '../../domains/teaching/article-counters.tsx';
import { articleStatusKind } from '../../domains/teaching/article-status.ts';
import { ArticleStatusTag } from '../../domains/teaching/article-status-tag.tsx';
import { tableDateTime } from '../../domains/teaching/dates.ts';
import { editState } from '../../domains/teaching/edit-state.ts';
import { useArticlePage, useDeleteArticle } from '../../domains/teaching/teaching-api.ts';
import { useAccount } from '../../lib/account.ts';
import { useFeedback } from '../../lib/feedback.tsx';
import { safeImageUrl } from '../../lib/safe-image-url.ts';
import { useTranslation } from '../../lib/use-translation.ts';

const { Title, Text, Paragraph } = Typography;

/** /personal/article: the signed-in person's own articles in any status, with the reviewer's text. */
export function MyArticlesPage() {
  const { t } = useTranslation('teach');
  const { t: tPersonal } = useTranslation('personal');
  const { message } = useFeedback();
  const navigate = useNavigate();
  const account = useAccount();
  const screens = Grid.useBreakpoint();
  const phone = screens.sm === false;
  const member = account.data?.isMember === true;
  const [current, setCurrent] = useState(1);
  const page = useArticlePage({ mine: 'true', pageSize: TEACH_PAGE_SIZE, current });
  const remove = useDeleteArticle();

  const emptyPage = page.data !== undefined && page.data.records.length === 0 && current > 1;
  useEffect(() => {
    if (emptyPage) setCurrent((value) => value - 1);
  }, [emptyPage]);

  const removeArticle = async (id: number) => {
    try {
      await remove.mutateAsync(id);
      void message.success(t('mine.deleted'));
    } catch {
      // The API client has shown why.
    }
  };

  const columns: TableProps<ArticleSummary>['columns'] = [
    {
      key: 'cover',
      title: t('fields.cover'),
      width: COVER_THUMBNAIL_SIZE + 24,
      render: (_, row) => {
        const src = safeImageUrl(row.picture);
        return src ? (
          <Image
            src={src}
            alt=""
            width={COVER_THUMBNAIL_SIZE}
            height={COVER_THUMBNAIL_SIZE}
            style={{ objectFit: 'cover', borderRadius: 6 }}
            preview={{ cover: <EyeOutlined /> }}
          />
        ) : null;
      },
    },
    {
      key: 'headLine',
      title: t('fields.headLine'),
      render: (_, row) => (
        <Flex vertical gap={4} style={{ minWidth: 0 }}>
          <Link to={`/teach-detail?id=${row.id}`} data-testid="my-article-title">
            <Text ellipsis={{ tooltip: row.headLine }} style={{ maxWidth: 260, color: 'inherit' }}>
              {row.headLine}
            </Text>
          </Link>
          <Text type="secondary" style={{ fontSize: 12 }}>
            {[row.classLabel, tableDateTime(row.updateTime)].filter(Boolean).join(' · ')}
          </Text>
          <ArticleCounters article={row} size={12} />
        </Flex>
      ),
    },
    {
      key: 'status',
      title: t('fields.status'),
      width: 100,
      render: (_, row) => <ArticleStatusTag status={row.status} />,
    },
    {
      key: 'contentApproval',
      title: t('fields.contentApproval'),
      width: 240,
      render: (_, row) =>
        row.contentApproval ? (
          <Paragraph
            ellipsis={{ rows: 3, expandable: 'collapsible' }}
            style={{ margin: 0, whiteSpace: 'pre-line' }}
            data-testid="my-article-review"
          >
            {row.contentApproval}
          </Paragraph>
        ) : (
          <Text type="secondary" data-testid="my-article-review">
            {articleStatusKind(row.status) === 'pending' ? t('mine.noReview') : '—'}
          </Text>
        ),
    },
    {
      key: 'actions',
      title: t('fields.actions'),
      width: 210,
      fixed: phone ? undefined : 'right',
      render: (_, row) => (
        <Flex wrap={false}>
          <LinkButton type="link" size="small" icon={<EyeOutlined />} to={`/teach-detail?id=${row.id}`}>
            {t('mine.view')}
          </LinkButton>
          <Tooltip title={member ? null : t('mine.notMember')}>
            <Button
              type="link"
              size="small"
              icon={<EditOutlined />}
              disabled={!member}
              onClick={() => navigate(`/personal/article/add?id=${row.id}`, { state: editState(row) })}
              data-testid="my-article-edit"
            >
              {t('mine.edit')}
            </Button>
          </Tooltip>
          <Popconfirm
            title={t('mine.deleteConfirm')}
            okText={t('mine.confirm')}
            cancelText={t('mine.cancel')}
            okButtonProps={{ danger: true, loading: remove.isPending }}
            onConfirm={() => removeArticle(row.id)}
          >
            <Button type="link" size="small" danger icon={<DeleteOutlined />} data-testid="my-article-delete">
              {t('mine.delete')}
            </Button>
          </Popconfirm>
        </Flex>
      ),
    },
  ];

  return (
    <div data-testid="my-articles">
      <title>{`${t('mine.title')} · ${tPersonal('title')}`}</title>
      <Flex justify="space-between" align="center" gap={12} wrap style={{ marginBottom: 8 }}>
        <Title level={4} style={{ margin: 0 }}>
          {t('mine.title')}
        </Title>
        <Tooltip title={member || account.isPending ? null : t('mine.notMember')}>
          <LinkButton
            type="primary"
            icon={<PlusOutlined />}
            to="/personal/article/add"
            disabled={!member}
            data-testid="my-article-publish"
          >
            {t('mine.publish')}
          </LinkButton>
        </Tooltip>
      </Flex>
      <Text type="secondary" style={{ display: 'block', marginBottom: 16 }}>
        {member || account.isPending ? t('mine.reviewHint') : t('mine.notMember')}
      </Text>
      {page.isError && !page.data ? (
        <QueryError onRetry={() => void page.refetch()} />
      ) : (
        <Table<ArticleSummary>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={page.data?.records ?? []}
          loading={page.isPending || page.isFetching}
          scroll={{ x: 820 }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('mine.empty')} /> }}
          pagination={{
            current,
            pageSize: TEACH_PAGE_SIZE,
            total: page.data?.total ?? 0,
            showSizeChanger: false,
            hideOnSinglePage: true,
            onChange: setCurrent,
          }}
          data-testid="my-articles-table"
        />
      )}
    </div>
  );
}
