import { Alert, Button, Card, Empty, Flex, Skeleton, Typography } from 'antd';
import { QueryError } from '../../components/query-error.tsx';
import { useReachEnd } from '../../lib/use-reach-end.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { AlertCard } from './alert-card.tsx';
import type { useOnchainAlerts } from './onchain-api.ts';

function Loading() {
  return (
    <Flex vertical gap={12} data-testid="onchain-loading">
      {[0, 1, 2].map((index) => (
        <Card key={index} size="small">
          <Skeleton active title={{ width: '40%' }} paragraph={{ rows: 3 }} />
        </Card>
      ))}
    </Flex>
  );
}

/**
 * The alerts as cards: the skeleton while the first page loads, the error with a retry, the empty state
 * (another text when filters are set), and more pages as the end of the list comes into view (or by the
 * button, where the browser cannot tell).
 */
export function AlertList({
  alerts,
  filtered,
}: {
  alerts: ReturnType<typeof useOnchainAlerts>;
  filtered: boolean;
}) {
  const { t } = useTranslation('onchain');
  const { data, hasNextPage, isFetchingNextPage, isFetchNextPageError } = alerts;
  const canLoad = hasNextPage && !isFetchingNextPage && !isFetchNextPageError;
  const more = () => {
    if (canLoad) void alerts.fetchNextPage();
  };
  const sentinel = useReachEnd(more, canLoad, data?.pages.length ?? 0);

  if (!data) {
    return alerts.isError ? <QueryError onRetry={() => void alerts.refetch()} /> : <Loading />;
  }
  const items = data.pages.flatMap((page) => page.alerts);
  if (items.length === 0) {
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={filtered ? t('emptyFiltered') : t('empty')}
        data-testid="onchain-empty"
      />
    );
  }
  return (
    <Flex
      vertical
      gap={12}
      style={{ opacity: alerts.isPlaceholderData ? 0.55 : 1, transition: 'opacity 0.2s' }}
      aria-busy={alerts.isPlaceholderData}
      data-testid="onchain-alerts"
    >
      {items.map((alert) => (
        <AlertCard key={alert.id} alert={alert} />
      ))}
      <div ref={sentinel} data-testid="onchain-sentinel" />
      {isFetchNextPageError && (
        <Alert type="warning" showIcon title={t('loadMoreFailed')} data-testid="onchain-more-error" />
      )}
      <Flex justify="center">
        {hasNextPage ? (
          <Button
            onClick={() => void alerts.fetchNextPage()}
            loading={isFetchingNextPage}
            data-testid="onchain-load-more"
          >
            {isFetchingNextPage ? t('loadingMore') : t('loadMore')}
          </Button>
        ) : (
          <Typography.Text type="secondary" data-testid="onchain-no-more">
            {t('noMore')}
          </Typography.Text>
        )}
      </Flex>
    </Flex>
  );
}
