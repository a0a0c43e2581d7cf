import { BellOutlined, DisconnectOutlined } from '@ant-design/icons';
import { Button, Empty } from 'antd';
import { useEffect, useState } from 'react';
import { InlineAlert } from '../../components/inline-alert.tsx';
import { LinkButton } from '../../components/link-button.tsx';
import { Panel } from '../../components/panel.tsx';
import { PlaceholderLines } from '../../components/placeholder.tsx';
import { Text } from '../../components/prose.tsx';
import { Stack } from '../../components/stack.tsx';
import { countsOf } from '../../lib/hub/hub-cache.ts';
import {
  useAdvisoryCounts,
  useAdvisoryFeed,
  useMyReactions,
  useSubscriptions,
} from '../../lib/hub/hub-queries.ts';
import { onAdvisoriesArrived } from '../../lib/hub/hub-runtime.ts';
import { useHubStatus } from '../../lib/hub/live-connection.tsx';
import { useTranslation } from '../../lib/use-translation.ts';
import { AdvisoryCard } from './advisory-card.tsx';
import { LiveBadge } from './live-badge.tsx';

const PAGE = 20;
export const SUBSCRIBE_PATH = '/personal/subscribe';

/** Ids of strategies pushed while this page is open (marked "new"). */
function useFreshIds(): ReadonlySet<number> {
  const [fresh, setFresh] = useState<ReadonlySet<number>>(() => new Set());
  useEffect(
    () =>
      onAdvisoriesArrived((arrived) =>
        setFresh((current) => new Set([...current, ...arrived.map(({ advisory }) => advisory.id)])),
      ),
    [],
  );
  return fresh;
}

/**
 * Strategy trading (/?type=2): the live feed of strategies from the traders the member subscribed to, newest
 * first. Only the hub delivers it: a snapshot on connect, then each new or edited strategy.
 */
export function AdvisoryFeed() {
  const { t } = useTranslation('advisories');
  const { t: tLive } = useTranslation('live');
  const feed = useAdvisoryFeed();
  const counts = useAdvisoryCounts();
  const mine = useMyReactions();
  const subscriptions = useSubscriptions();
  const status = useHubStatus();
  const fresh = useFreshIds();
  const [shown, setShown] = useState(PAGE);

  const header = (
    <Stack justify="space-between" align="center" gap={12} wrap style={{ marginBottom: 16 }}>
      <div style={{ minWidth: 0 }}>
        <Text secondary>{t('trading.feedIntro')}</Text>
      </div>
      <Stack gap={16} align="center" wrap>
        <LiveBadge />
        <LinkButton to={SUBSCRIBE_PATH} icon={<BellOutlined />} data-testid="manage-subscriptions">
          {t('trading.manageSubscriptions')}
        </LinkButton>
      </Stack>
    </Stack>
  );

  const offline =
    status === 'reconnecting' ? (
      <InlineAlert
        type="warning"
        icon={<DisconnectOutlined />}
        style={{ marginBottom: 16 }}
        testId="hub-offline"
      >
        {tLive('hub.reconnecting')}
      </InlineAlert>
    ) : null;

  if (feed.isPending) {
    return (
      <div data-testid="advisory-feed-loading">
        {header}
        {offline}
        <Panel>
          <PlaceholderLines rows={5} />
        </Panel>
      </div>
    );
  }

  const advisories = feed.data ?? [];
  if (advisories.length === 0) {
    const subscribed = subscriptions.data?.some((key) => key.subscribed) ?? false;
    return (
      <div data-testid="advisory-feed">
        {header}
        {offline}
        <Panel>
          <Empty
            data-testid="advisory-feed-empty"
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={
              <Stack vertical gap={4}>
                <Text style={{ fontWeight: 600 }}>
                  {subscribed ? t('trading.empty.noneYet') : t('trading.empty.notSubscribed')}
                </Text>
                <Text secondary>
                  {subscribed ? t('trading.empty.noneYetHint') : t('trading.empty.notSubscribedHint')}
                </Text>
              </Stack>
            }
          >
            <LinkButton type="primary" to={SUBSCRIBE_PATH} icon={<BellOutlined />} data-testid="go-subscribe">
              {subscribed ? t('trading.manageSubscriptions') : t('trading.subscribeNow')}
            </LinkButton>
          </Empty>
        </Panel>
      </div>
    );
  }

  return (
    <div data-testid="advisory-feed">
      {header}
      {offline}
      <Stack as="section" vertical gap={16} aria-label={t('trading.feedLabel')}>
        {advisories.slice(0, shown).map((advisory) => (
          <AdvisoryCard
            key={advisory.id}
            advisory={advisory}
            counts={countsOf(counts.data, advisory.id)}
            mine={mine.data?.[String(advisory.id)]}
            fresh={fresh.has(advisory.id)}
          />
        ))}
      </Stack>
      {advisories.length > shown ? (
        <Stack justify="center" style={{ marginTop: 16 }}>
          <Button onClick={() => setShown((count) => count + PAGE)} data-testid="feed-more">
            {t('trading.showMore', { count: advisories.length - shown })}
          </Button>
        </Stack>
      ) : null}
    </div>
  );
}
