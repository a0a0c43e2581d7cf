import { Badge, Flex, Grid, Typography } from 'antd';
import { MediaFilterBar } from '../../domains/media/media-filter-bar.tsx';
import { hasFilters, useMediaStream } from '../../domains/media/media-stream-api.ts';
import { MediaStreamList } from '../../domains/media/media-stream-list.tsx';
import { useStreamFilters } from '../../domains/media/use-stream-filters.ts';
import { useHubStatus } from '../../lib/hub/live-connection.tsx';
import { useTranslation } from '../../lib/use-translation.ts';

const { Title, Text } = Typography;

/** Whether the hub is up: what brings new items in without a reload. */
function LiveIndicator() {
  const { t } = useTranslation('media');
  const status = useHubStatus();
  const live = status === 'connected';
  return (
    <span data-testid="media-live" data-status={status} style={{ whiteSpace: 'nowrap' }}>
      <Badge
        status={live ? 'processing' : 'default'}
        text={<Text type="secondary">{live ? t('live') : t('connecting')}</Text>}
      />
    </span>
  );
}

/** /media: the media stream, newest first (pinned first), with filters, search and more as the member scrolls. */
export function MediaPage() {
  const { t } = useTranslation('media');
  const { t: tCommon } = useTranslation();
  const phone = Grid.useBreakpoint().sm === false;
  const [filters, setFilters] = useStreamFilters();
  const stream = useMediaStream(filters);

  return (
    <div
      data-testid="media-page"
      style={{
        width: '100%',
        maxWidth: 960,
        margin: '0 auto',
        padding: phone ? '16px 12px 32px' : '28px 24px 48px',
      }}
    >
      <title>{`${tCommon('nav.media')} · ${tCommon('product.name')}`}</title>
      <Flex vertical gap={16}>
        <div>
          <Flex justify="space-between" align="center" gap={12} wrap>
            <Title level={2} style={{ margin: 0, fontSize: phone ? 22 : 28 }}>
              {tCommon('nav.media')}
            </Title>
            <LiveIndicator />
          </Flex>
          <Text type="secondary">{t('intro')}</Text>
        </div>
        <MediaFilterBar filters={filters} onChange={setFilters} />
        <MediaStreamList stream={stream} filtered={hasFilters(filters)} />
      </Flex>
    </div>
  );
}
