import { ArrowLeftOutlined, EditOutlined, EyeOutlined, FallOutlined, RiseOutlined } from '@ant-design/icons';
import { Card, Col, Descriptions, Flex, Result, Row, Skeleton, Statistic, Tag, Typography } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { AdminAdvisory } from '#shared/schemas/advisories.ts';
import { LinkButton } from '../../components/link-button.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { RichTextView } from '../../components/rich-text/rich-text-view.tsx';
import { formatDateTime } from '../../components/system-messages/message-meta.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useAdvisoryCounts } from '../../lib/hub/hub-queries.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { useAdvisory, useAdvisoryTraders, withLiveCounts } from './advisories-api.ts';
import { ADVISORY_LIST_PATH, advisoryEditPath, advisoryIdParam } from './advisory-paths.ts';
import { advisoryTraders } from './advisory-traders.ts';

const { Title, Paragraph } = Typography;

function AdvisoryDetail({ advisory }: { advisory: AdminAdvisory }) {
  const { t } = useTranslation('advisoriesAdmin');
  // Reaction counts as the hub pushes them, else as loaded.
  const { counts } = withLiveCounts(advisory, useAdvisoryCounts().data);
  const traders = useAdvisoryTraders();
  const names = useMemo(
    () => (traders.data ? new Map(traders.data.map((trader) => [trader.id, trader.keyName])) : undefined),
    [traders.data],
  );

  return (
    <Flex vertical gap={16}>
      <Card>
        <Flex justify="space-between" align="flex-start" gap={12} wrap>
          <Title
            level={3}
            style={{ margin: 0, flex: '1 1 320px', overflowWrap: 'anywhere' }}
            data-testid="advisory-detail-title"
          >
            {advisory.title}
          </Title>
          <LinkButton type="primary" icon={<EditOutlined />} to={advisoryEditPath(advisory.id)}>
            {t('common.edit')}
          </LinkButton>
        </Flex>
        <Descriptions
          column={{ xs: 1, md: 2 }}
          size="small"
          style={{ marginTop: 16 }}
          items={[
            {
              key: 'traders',
              label: t('advisories.fields.traders'),
              span: 2,
              children: (
                <Flex gap={4} wrap data-testid="advisory-detail-traders">
                  {advisoryTraders(t, advisory, names).map((trader) => (
                    <Tag
                      key={trader.id}
                      color={trader.known ? 'blue' : 'default'}
                      variant="outlined"
                      style={{ marginInlineEnd: 0 }}
                    >
                      {trader.name}
                    </Tag>
                  ))}
                </Flex>
              ),
            },
            {
              key: 'created',
              label: t('advisories.fields.createdTimestamp'),
              children: formatDateTime(advisory.createdTimestamp),
            },
            {
              key: 'updated',
              label: t('advisories.fields.updatedTimestamp'),
              children: formatDateTime(advisory.updatedTimestamp),
            },
            {
              key: 'desc',
              label: t('advisories.fields.advisoryDesc'),
              span: 2,
              children: (
                <Paragraph
                  type={advisory.advisoryDesc ? undefined : 'secondary'}
                  style={{ margin: 0, whiteSpace: 'pre-wrap' }}
                  data-testid="advisory-detail-desc"
                >
                  {advisory.advisoryDesc || t('advisories.form.noDescription')}
                </Paragraph>
              ),
            },
          ]}
        />
      </Card>
      <Row gutter={[16, 16]} data-testid="advisory-detail-counts">
        {(
          [
            [1, 'following', <RiseOutlined key="1" />],
            [2, 'reverseFollowing', <FallOutlined key="2" />],
            [3, 'watching', <EyeOutlined key="3" />],
          ] as const
        ).map(([kind, key, icon]) => (
          <Col key={kind} xs={24} sm={8}>
            <Card size="small">
              <Statistic title={t(`advisories.counts.${key}`)} value={counts[kind]} prefix={icon} />
            </Card>
          </Col>
        ))}
      </Row>
      <Card title={t('advisories.fields.content')}>
        <RichTextView html={advisory.content} testId="advisory-detail-content" />
      </Card>
    </Flex>
  );
}

/** /admin/content/advisory/detail?id=: one strategy as it was published, with its reaction counts. */
export function AdvisoryDetailPage() {
  const { t } = useTranslation('advisoriesAdmin');
  const { t: tAdmin } = useTranslation('admin');
  const { t: tCommon } = useTranslation();
  const [params] = useSearchParams();
  const id = advisoryIdParam(params);
  const advisory = useAdvisory(id);

  let body: ReactNode;
  if (id === null) body = <Result status="404" title={t('advisories.notFound')} />;
  else if (advisory.isPending) body = <Skeleton active paragraph={{ rows: 10 }} />;
  else if (advisory.isError) {
    body =
      advisory.error instanceof ApiError && advisory.error.status === 404 ? (
        <Result status="404" title={t('advisories.notFound')} />
      ) : (
        <QueryError onRetry={() => void advisory.refetch()} />
      );
  } else body = <AdvisoryDetail advisory={advisory.data} />;

  return (
    <div data-testid="advisory-detail">
      <title>{`${advisory.data?.title ?? t('advisories.detailTitle')} · ${tAdmin('title')} · ${tCommon('product.name')}`}</title>
      <Flex align="center" gap={8} style={{ marginBottom: 16 }}>
        <LinkButton
          type="text"
          to={ADVISORY_LIST_PATH}
          icon={<ArrowLeftOutlined />}
          aria-label={t('common.back')}
        />
        <Title level={4} style={{ margin: 0 }}>
          {t('advisories.detailTitle')}
        </Title>
      </Flex>
      {body}
    </div>
  );
}
