import { ArrowRightOutlined, CustomerServiceOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Empty, Flex, Result, Skeleton, Switch, Tag, Typography } from 'antd';
import type { CSSProperties } from 'react';
import { LinkButton } from '../../components/link-button.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { useAccount } from '../../lib/account.ts';
import { useFeedback } from '../../lib/feedback.tsx';
import { useSubscriptions } from '../../lib/hub/hub-queries.ts';
import { ADVISORY_FEED_PATH } from '../../lib/hub/live-connection.tsx';
import { BRAND_COLORS } from '../../lib/theme.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { useSetSubscription } from './subscriptions-api.ts';

const { Title, Paragraph, Text } = Typography;

const LIST_STYLE: CSSProperties = {
  listStyle: 'none',
  margin: 0,
  padding: 0,
  border: '1px solid rgba(5, 5, 5, 0.08)',
  borderRadius: 8,
};
const ROW_STYLE: CSSProperties = {
  display: 'flex',
  alignItems: 'center',
  gap: 14,
  padding: '14px 16px',
  borderTop: '1px solid rgba(5, 5, 5, 0.06)',
};

function NonMemberState() {
  const { t } = useTranslation('advisories');
  return (
    <Result
      data-testid="subscribe-not-member"
      icon={<CustomerServiceOutlined style={{ color: BRAND_COLORS.gold }} />}
      title={t('subscribe.notMember.title')}
      subTitle={
        <span style={{ display: 'inline-block', maxWidth: 520 }}>{t('subscribe.notMember.text')}</span>
      }
    />
  );
}

function TraderList() {
  const { t } = useTranslation('advisories');
  const { message } = useFeedback();
  const subscriptions = useSubscriptions();
  const setSubscription = useSetSubscription();

  if (subscriptions.isPending)
    return (
      <div data-testid="subscribe-loading">
        <Skeleton active paragraph={{ rows: 4 }} />
      </div>
    );
  if (subscriptions.isError) return <QueryError onRetry={() => void subscriptions.refetch()} />;
  if (subscriptions.data.length === 0) {
    return (
      <Empty
        data-testid="subscribe-empty"
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={
          <Flex vertical gap={4}>
            <Text strong>{t('subscribe.empty.title')}</Text>
            <Text type="secondary">{t('subscribe.empty.text')}</Text>
          </Flex>
        }
      />
    );
  }

  const change = async (keyId: number, keyName: string, subscribed: boolean) => {
    try {
      await setSubscription.mutateAsync({ keyId, subscribed });
      void message.success(
        t(subscribed ? 'subscribe.subscribed' : 'subscribe.unsubscribed', { name: keyName }),
      );
    } catch {
      // The API client has shown why.
    }
  };
  const pendingId = setSubscription.isPending ? setSubscription.variables?.keyId : undefined;

  return (
    <ul data-testid="subscribe-list" style={LIST_STYLE}>
      {subscriptions.data.map((key, index) => (
        <li
          key={key.id}
          data-testid="subscribe-item"
          data-key-id={key.id}
          style={{ ...ROW_STYLE, borderTop: index === 0 ? 'none' : ROW_STYLE.borderTop }}
        >
          <Avatar icon={<UserOutlined />} style={{ background: BRAND_COLORS.primary, flexShrink: 0 }} />
          <Flex vertical gap={4} style={{ flex: 1, minWidth: 0 }}>
            <Text strong style={{ overflowWrap: 'anywhere' }}>
              {key.keyName}
            </Text>
            <span>
              {key.subscribed ? (
                <Tag color="green" variant="outlined">
                  {t('subscribe.on')}
                </Tag>
              ) : (
                <Tag variant="outlined">{t('subscribe.off')}</Tag>
              )}
            </span>
          </Flex>
          <Switch
            checked={key.subscribed}
            loading={pendingId === key.id}
            onChange={(checked) => void change(key.id, key.keyName, checked)}
            aria-label={t('subscribe.switchLabel', { name: key.keyName })}
            data-testid={`subscribe-switch-${key.id}`}
          />
        </li>
      ))}
    </ul>
  );
}

/** /personal/subscribe: the traders the member may follow, each with a subscribe switch (live from the hub). */
export function SubscribePage() {
  const { t } = useTranslation('advisories');
  const { t: tPersonal } = useTranslation('personal');
  const { t: tCommon } = useTranslation();
  const account = useAccount();
  const title = <title>{`${tPersonal('menu.subscribe')} · ${tCommon('product.name')}`}</title>;

  if (account.isPending) {
    return (
      <div data-testid="subscribe-page-loading">
        {title}
        <Skeleton active paragraph={{ rows: 6 }} />
      </div>
    );
  }
  if (account.isError) return <QueryError onRetry={() => void account.refetch()} />;

  return (
    <div data-testid="subscribe-page">
      {title}
      <Title level={4} style={{ marginTop: 0 }}>
        {tPersonal('menu.subscribe')}
      </Title>
      {account.data.isMember ? (
        <>
          <Paragraph type="secondary">{t('subscribe.intro')}</Paragraph>
          <TraderList />
          <Flex justify="flex-end" style={{ marginTop: 16 }}>
            <LinkButton type="link" to={ADVISORY_FEED_PATH} icon={<ArrowRightOutlined />} iconPlacement="end">
              {t('subscribe.toFeed')}
            </LinkButton>
          </Flex>
        </>
      ) : (
        <NonMemberState />
      )}
    </div>
  );
}
