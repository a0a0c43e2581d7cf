import { Alert, Button, Card, Empty, Flex, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import type { MediaItem } from '#shared/schemas/media.ts';
import { QueryError } from '../../components/query-error.tsx';
import { useReachEnd } from '../../lib/use-reach-end.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { MediaItemCard } from './media-item-card.tsx';
import type { useMediaStream } from './media-stream-api.ts';

function Loading() {
  return (
    <Flex vertical gap={12} data-testid="media-loading">
      {[0, 1, 2].map((index) => (
        <Card key={index} size="small">
          <Skeleton active title={{ width: '60%' }} paragraph={{ rows: 2 }} />
        </Card>
      ))}
    </Flex>
  );
}

/**
 * The stream as cards: the skeleton while the first page loads, the error with a retry, the empty state
 * (another text when filters are set), and more pages as the end of the list comes into view (or by the
 * button, where the browser cannot tell).
 */
export function MediaStreamList({
  stream,
  filtered,
  actions,
}: {
  stream: ReturnType<typeof useMediaStream>;
  filtered: boolean;
  actions?: (item: MediaItem) => ReactNode;
}) {
  const { t } = useTranslation('media');
  const { data, hasNextPage, isFetchingNextPage, isFetchNextPageError } = stream;
  const canLoad = hasNextPage && !isFetchingNextPage && !isFetchNextPageError;
  const more = () => {
    if (canLoad) void stream.fetchNextPage();
  };
  const sentinel = useReachEnd(more, canLoad, data?.pages.length ?? 0);

  if (!data) {
    return stream.isError ? <QueryError onRetry={() => void stream.refetch()} /> : <Loading />;
  }
  const items = data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={filtered ? t('emptyFiltered') : t('empty')}
        data-testid="media-empty"
      />
    );
  }
  return (
    <Flex
      vertical
      gap={12}
      style={{ opacity: stream.isPlaceholderData ? 0.55 : 1, transition: 'opacity 0.2s' }}
      aria-busy={stream.isPlaceholderData}
      data-testid="media-stream"
    >
      {items.map((item) => (
        <MediaItemCard key={item.id} item={item} actions={actions?.(item)} />
      ))}
      <div ref={sentinel} data-testid="media-sentinel" />
      {isFetchNextPageError && (
        <Alert type="warning" showIcon title={t('loadMoreFailed')} data-testid="media-more-error" />
      )}
      <Flex justify="center">
        {hasNextPage ? (
          <Button
            onClick={() => void stream.fetchNextPage()}
            loading={isFetchingNextPage}
            data-testid="media-load-more"
          >
            {isFetchingNextPage ? t('loadingMore') : t('loadMore')}
          </Button>
        ) : (
          <Typography.Text type="secondary" data-testid="media-no-more">
            {t('noMore')}
          </Typography.Text>
        )}
      </Flex>
    </Flex>
  );
}
