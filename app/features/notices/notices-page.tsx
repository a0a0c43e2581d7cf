import { ClockCircleOutlined, NotificationOutlined, UserOutlined } from '@ant-design/icons';
import { Card, Empty, Flex, Grid, Pagination, Skeleton, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { QueryError } from '../../components/query-error.tsx';
import { formatDateTime, publisherLabel } from '../../components/system-messages/message-meta.ts';
import { useSystemMessages } from '../../lib/hub/hub-queries.ts';
import { BRAND_COLORS } from '../../lib/theme.ts';
import { useTranslation } from '../../lib/use-translation.ts';

const { Title, Paragraph, Text } = Typography;

const PAGE_SIZE = 10;

/** /notice (members): every system message, newest first, with its publisher and time; live from the hub. */
export function NoticesPage() {
  const { t } = useTranslation('advisories');
  const { t: tCommon } = useTranslation();
  const { t: tLive } = useTranslation('live');
  const screens = Grid.useBreakpoint();
  const phone = screens.sm === false;
  const messages = useSystemMessages({ load: true });
  const [current, setCurrent] = useState(1);

  let body: ReactNode;
  if (messages.isPending)
    body = (
      <div data-testid="notices-loading">
        <Skeleton active paragraph={{ rows: 6 }} />
      </div>
    );
  else if (messages.isError) body = <QueryError onRetry={() => void messages.refetch()} />;
  else if (messages.data.length === 0)
    body = (
      <Empty
        data-testid="notices-empty"
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t('notices.empty')}
      />
    );
  else {
    const page = messages.data.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);
    body = (
      <div data-testid="notices-list">
        {page.map((message, index) => (
          <article
            key={message.id}
            aria-labelledby={`notice-${message.id}`}
            data-testid="notice-item"
            data-message-id={message.id}
            style={{
              paddingTop: index === 0 ? 0 : 16,
              paddingBottom: index === page.length - 1 ? 0 : 16,
              borderTop: index === 0 ? undefined : '1px solid rgba(5, 5, 5, 0.06)',
            }}
          >
            <Title level={5} id={`notice-${message.id}`} style={{ marginTop: 0, marginBottom: 6 }}>
              {message.title}
            </Title>
            <Flex gap={16} wrap style={{ marginBottom: 10 }}>
              <Text type="secondary" data-testid="notice-publisher">
                <UserOutlined style={{ marginInlineEnd: 6 }} />
                {publisherLabel(tLive, message.publishedUserName)}
              </Text>
              <Text type="secondary">
                <ClockCircleOutlined style={{ marginInlineEnd: 6 }} />
                <time dateTime={message.publishedTimestamp}>
                  {formatDateTime(message.publishedTimestamp)}
                </time>
              </Text>
            </Flex>
            <Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0, overflowWrap: 'anywhere' }}>
              {message.content}
            </Paragraph>
          </article>
        ))}
        {messages.data.length > PAGE_SIZE ? (
          <Pagination
            align="center"
            current={current}
            pageSize={PAGE_SIZE}
            total={messages.data.length}
            showSizeChanger={false}
            onChange={setCurrent}
            style={{ marginTop: 16 }}
          />
        ) : null}
      </div>
    );
  }

  return (
    <div
      data-testid="notices-page"
      style={{
        width: '100%',
        maxWidth: 1000,
        margin: '0 auto',
        padding: phone ? '16px 12px 32px' : '28px 24px 48px',
      }}
    >
      <title>{`${tCommon('nav.notices')} · ${tCommon('product.name')}`}</title>
      <Flex align="center" gap={12} style={{ marginBottom: 8 }}>
        <NotificationOutlined style={{ fontSize: 24, color: BRAND_COLORS.primary }} />
        <Title level={2} style={{ margin: 0, fontSize: phone ? 22 : 28 }}>
          {tCommon('nav.notices')}
        </Title>
      </Flex>
      <Paragraph type="secondary">{t('notices.intro')}</Paragraph>
      <Card>{body}</Card>
    </div>
  );
}
