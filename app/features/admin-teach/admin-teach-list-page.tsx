import {
  ApartmentOutlined,
  DeleteOutlined,
  EditOutlined,
  EyeOutlined,
  PlusOutlined,
  ReloadOutlined,
  SearchOutlined,
} from '@ant-design/icons';
import {
  Button,
  Flex,
  Form,
  Grid,
  Image,
  Input,
  Popconfirm,
  Select,
  Table,
  type TableProps,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ADMIN_PAGE_SIZE, COVER_THUMBNAIL_SIZE } from '#shared/constants.ts';
import type { ArticleSummary } from '#shared/schemas/teaching.ts';
import { LinkButton } from '../../components/link-button.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { ArticleCounters } from '../../domains/teaching/article-counters.tsx';
import { STATUS_FILTERS } from '../../domains/teaching/article-status.ts';
import { ArticleStatusTag } from '../../domains/teaching/article-status-tag.tsx';
import { CategoryCascader } from '../../domains/teaching/category-cascader.tsx';
import { lastOfPath } from '../../domains/teaching/category-paths.ts';
import { tableDateTime } from '../../domains/teaching/dates.ts';
import { editState } from '../../domains/teaching/edit-state.ts';
import { type ArticleQuery, useArticlePage, useDeleteArticle } from '../../domains/teaching/teaching-api.ts';
import { useFeedback } from '../../lib/feedback.tsx';
import { safeImageUrl } from '../../lib/safe-image-url.ts';
import { useTranslation } from '../../lib/use-translation.ts';

const { Title, Text } = Typography;

interface SearchValues {
  headLine?: string;
  classification?: number[];
  status?: number;
}

/** /admin/content/teach: every article in any status, searchable by title, category and status. */
export function AdminTeachListPage() {
  const { t } = useTranslation('teach');
  const { t: tAdmin } = useTranslation('admin');
  const { message } = useFeedback();
  const navigate = useNavigate();
  const screens = Grid.useBreakpoint();
  const phone = screens.sm === false;
  const [form] = Form.useForm<SearchValues>();
  const [filters, setFilters] = useState<SearchValues>({});
  const [paging, setPaging] = useState({ current: 1, pageSize: ADMIN_PAGE_SIZE });
  const remove = useDeleteArticle();

  const query: ArticleQuery = {
    current: paging.current,
    pageSize: paging.pageSize,
    ...(filters.headLine?.trim() ? { headLine: filters.headLine.trim() } : {}),
    ...(lastOfPath(filters.classification) !== undefined
      ? { classification: lastOfPath(filters.classification) }
      : {}),
    ...(filters.status !== undefined ? { status: filters.status } : {}),
  };
  const page = useArticlePage(query);

  // Deleting the last row of the last page leaves an empty page: step back to the one before.
  const emptyPage = page.data !== undefined && page.data.records.length === 0 && paging.current > 1;
  useEffect(() => {
    if (emptyPage) setPaging((current) => ({ ...current, current: current.current - 1 }));
  }, [emptyPage]);

  const applySearch = (values: SearchValues) => {
    setFilters(values);
    setPaging((current) => ({ ...current, current: 1 }));
  };

  const removeArticle = async (id: number) => {
    try {
      await remove.mutateAsync(id);
      void message.success(t('admin.deleted'));
    } catch {
      // The API client has shown why.
    }
  };

  const columns: TableProps<ArticleSummary>['columns'] = [
    {
      key: 'cover',
      title: t('fields.cover'),
      width: COVER_THUMBNAIL_SIZE + 32,
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
            data-testid="cover-thumbnail"
          />
        ) : (
          <div
            style={{
              width: COVER_THUMBNAIL_SIZE,
              height: COVER_THUMBNAIL_SIZE,
              background: '#f0f2f5',
              borderRadius: 6,
            }}
          />
        );
      },
    },
    {
      key: 'headLine',
      title: t('fields.headLine'),
      width: 220,
      render: (_, row) => (
        <Link to={`/admin/content/teach/detail?id=${row.id}`} data-testid="row-title">
          <Text ellipsis={{ tooltip: row.headLine }} style={{ maxWidth: 220, color: 'inherit' }}>
            {row.headLine}
          </Text>
        </Link>
      ),
    },
    {
      key: 'classLabel',
      title: t('fields.classification'),
      dataIndex: 'classLabel',
      width: 110,
      ellipsis: true,
    },
    { key: 'authorName', title: t('fields.author'), dataIndex: 'authorName', width: 140, ellipsis: true },
    {
      key: 'status',
      title: t('fields.status'),
      width: 90,
      render: (_, row) => <ArticleStatusTag status={row.status} />,
    },
    {
      key: 'times',
      title: t('fields.times'),
      width: 190,
      render: (_, row) => (
        <Flex vertical gap={2} style={{ fontSize: 13, whiteSpace: 'nowrap' }}>
          <span>
            <Text type="secondary" style={{ fontSize: 12 }}>
              {t('fields.createTime')}
            </Text>{' '}
            {tableDateTime(row.createTime)}
          </span>
          <span>
            <Text type="secondary" style={{ fontSize: 12 }}>
              {t('fields.updateTime')}
            </Text>{' '}
            {tableDateTime(row.updateTime)}
          </span>
        </Flex>
      ),
    },
    {
      key: 'counters',
      title: t('fields.counters'),
      width: 200,
      render: (_, row) => <ArticleCounters article={row} />,
    },
    {
      key: 'actions',
      title: t('fields.actions'),
      fixed: phone ? undefined : 'right',
      width: 210,
      render: (_, row) => (
        <Flex gap={0} wrap={false}>
          <LinkButton
            type="link"
            size="small"
            icon={<EyeOutlined />}
            to={`/admin/content/teach/detail?id=${row.id}`}
            data-testid="row-view"
          >
            {t('admin.view')}
          </LinkButton>
          <Button
            type="link"
            size="small"
            icon={<EditOutlined />}
            onClick={() => navigate(`/admin/content/teach/add?id=${row.id}`, { state: editState(row) })}
            data-testid="row-edit"
          >
            {t('admin.edit')}
          </Button>
          <Popconfirm
            title={t('admin.deleteConfirm')}
            okText={t('admin.confirm')}
            cancelText={t('admin.cancel')}
            okButtonProps={{ danger: true, loading: remove.isPending }}
            onConfirm={() => removeArticle(row.id)}
          >
            <Button type="link" size="small" danger icon={<DeleteOutlined />} data-testid="row-delete">
              {t('admin.delete')}
            </Button>
          </Popconfirm>
        </Flex>
      ),
    },
  ];

  return (
    <div data-testid="admin-teach-list">
      <title>{`${t('admin.listTitle')} · ${tAdmin('title')}`}</title>
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <Title level={4} style={{ margin: 0 }}>
          {t('admin.listTitle')}
        </Title>
        <Flex gap={8} wrap>
          <LinkButton
            type="primary"
            icon={<PlusOutlined />}
            to="/admin/content/teach/add"
            data-testid="teach-publish"
          >
            {t('admin.publish')}
          </LinkButton>
          <LinkButton icon={<ApartmentOutlined />} to="/admin/content/teach/type" data-testid="teach-types">
            {t('admin.types')}
          </LinkButton>
        </Flex>
      </Flex>
      <Form<SearchValues>
        form={form}
        layout="inline"
        onFinish={applySearch}
        style={{ rowGap: 12, marginBottom: 16 }}
        data-testid="teach-search-form"
      >
        <Form.Item name="headLine" style={{ minWidth: 200, width: phone ? '100%' : undefined }}>
          <Input
            allowClear
            placeholder={t('admin.titlePlaceholder')}
            aria-label={t('fields.headLine')}
            data-testid="search-title"
          />
        </Form.Item>
        <Form.Item name="classification" style={{ minWidth: 200, width: phone ? '100%' : undefined }}>
          <CategoryCascader testId="search-category" ariaLabel={t('fields.classification')} />
        </Form.Item>
        <Form.Item name="status" style={{ minWidth: 150, width: phone ? '100%' : undefined }}>
          <Select
            allowClear
            placeholder={t('admin.statusPlaceholder')}
            aria-label={t('fields.status')}
            options={STATUS_FILTERS.map((filter) => ({
              value: filter.value,
              label: t(`status.${filter.kind}`),
            }))}
            data-testid="search-status"
          />
        </Form.Item>
        <Form.Item>
          <Flex gap={8}>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="search-submit">
              {t('admin.search')}
            </Button>
            <Button
              icon={<ReloadOutlined />}
              onClick={() => {
                form.resetFields();
                applySearch({});
              }}
            >
              {t('admin.reset')}
            </Button>
          </Flex>
        </Form.Item>
      </Form>
      {page.isError && !page.data ? (
        <QueryError onRetry={() => void page.refetch()} />
      ) : (
        <Table<ArticleSummary>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={page.data?.records ?? []}
          loading={page.isPending || page.isFetching}
          scroll={{ x: 1250 }}
          locale={{ emptyText: t('admin.empty') }}
          pagination={{
            current: paging.current,
            pageSize: paging.pageSize,
            total: page.data?.total ?? 0,
            showSizeChanger: true,
            showQuickJumper: true,
            pageSizeOptions: [10, 20, ADMIN_PAGE_SIZE, 100],
            showTotal: (total) => t('admin.total', { count: total }),
            onChange: (current, pageSize) => setPaging({ current, pageSize }),
          }}
          data-testid="teach-table"
        />
      )}
    </div>
  );
}
