import { EyeInvisibleOutlined, EyeOutlined, PushpinOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import type { MediaItem } from '#shared/schemas/media.ts';
import { MediaFilterBar } from '../../domains/media/media-filter-bar.tsx';
import { hasFilters, useMediaStream } from '../../domains/media/media-stream-api.ts';
import { MediaStreamList } from '../../domains/media/media-stream-list.tsx';
import { useStreamFilters } from '../../domains/media/use-stream-filters.ts';
import { useFeedback } from '../../lib/feedback.tsx';
import { useTranslation } from '../../lib/use-translation.ts';
import { useItemFlag } from './media-admin-api.ts';

function ItemActions({ item }: { item: MediaItem }) {
  const { t } = useTranslation('mediaAdmin');
  const { message } = useFeedback();
  const flag = useItemFlag();
  const set = async (name: 'hidden' | 'pinned', on: boolean) => {
    try {
      await flag.mutateAsync({ id: item.id, flag: name, on });
      if (name === 'hidden') void message.success(on ? t('items.hidden') : t('items.shown'));
      else void message.success(on ? t('items.pinned') : t('items.unpinned'));
    } catch {
      // The API client has shown why.
    }
  };
  return (
    <>
      <Button
        size="small"
        icon={<PushpinOutlined />}
        type={item.pinned ? 'primary' : 'default'}
        ghost={item.pinned}
        loading={flag.isPending && flag.variables?.flag === 'pinned'}
        onClick={() => void set('pinned', !item.pinned)}
        data-testid="item-pin"
      >
        {item.pinned ? t('items.unpin') : t('items.pin')}
      </Button>
      <Button
        size="small"
        danger={!item.hidden}
        icon={item.hidden ? <EyeOutlined /> : <EyeInvisibleOutlined />}
        loading={flag.isPending && flag.variables?.flag === 'hidden'}
        onClick={() => void set('hidden', !item.hidden)}
        data-testid="item-hide"
      >
        {item.hidden ? t('items.show') : t('items.hide')}
      </Button>
    </>
  );
}

/** The stream as admins get it (hidden items included, flagged), to hide, show, pin and unpin items. */
export function ItemsTab() {
  const { t } = useTranslation('mediaAdmin');
  const [filters, setFilters] = useStreamFilters();
  const stream = useMediaStream(filters);
  return (
    <Flex vertical gap={16} data-testid="media-items">
      <Typography.Text type="secondary">{t('items.intro')}</Typography.Text>
      <MediaFilterBar filters={filters} onChange={setFilters} />
      <MediaStreamList
        stream={stream}
        filtered={hasFilters(filters)}
        actions={(item) => <ItemActions item={item} />}
      />
    </Flex>
  );
}
