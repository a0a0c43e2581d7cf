import { EditOutlined, PlusOutlined, SyncOutlined } from '@ant-design/icons';
import {
  Button,
  Flex,
  Grid,
  Space,
  Switch,
  Table,
  type TableColumnsType,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useState } from 'react';
import { ADMIN_PAGE_SIZE } from '#shared/constants.ts';
import type { MediaSource } from '#shared/schemas/media.ts';
import { ConfirmDeleteButton } from '../../components/confirm-delete-button.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { RelativeTime } from '../../components/relative-time.tsx';
import { useFeedback } from '../../lib/feedback.tsx';
import type { TFunction } from '../../lib/translator.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import {
  useDeleteSource,
  useMediaSources,
  useReadSourceNow,
  useSetSourceEnabled,
} from './media-admin-api.ts';
import { OpmlTools } from './opml-tools.tsx';
import { type SourceDialog, SourceFormModal } from './source-form-modal.tsx';

const { Text } = Typography;
const NOWRAP = { whiteSpace: 'nowrap' } as const;

/** A polling interval in the largest whole unit: 90 s, 5 min, 2 h. */
export function intervalText(t: TFunction<'mediaAdmin'>, seconds: number): string {
  if (seconds % 3600 === 0) return t('sources.hours', { count: seconds / 3600 });
  if (seconds % 60 === 0) return t('sources.minutes', { count: seconds / 60 });
  return t('sources.seconds', { count: seconds });
}

const nameOf = (source: MediaSource) => source.title || source.url;

function Time({ iso, fallback }: { iso: string | null; fallback: string }) {
  return iso ? <RelativeTime iso={iso} /> : <Text type="secondary">{fallback}</Text>;
}

function EnabledSwitch({ source }: { source: MediaSource }) {
  const { t } = useTranslation('mediaAdmin');
  const { message } = useFeedback();
  const setEnabled = useSetSourceEnabled();
  return (
    <Switch
      checked={source.enabled}
      loading={setEnabled.isPending}
      aria-label={t('sources.enableLabel', { title: nameOf(source) })}
      onChange={async (enabled) => {
        try {
          await setEnabled.mutateAsync({ id: source.id, enabled });
          void message.success(
            t(enabled ? 'sources.enabledOn' : 'sources.enabledOff', { title: nameOf(source) }),
          );
        } catch {
          // The API client has shown why.
        }
      }}
      data-testid="source-enabled-switch"
    />
  );
}

/** Has an enabled source read at the next round (after a fix at the publisher, say), backoff or not. */
function ReadNowButton({ source }: { source: MediaSource }) {
  const { t } = useTranslation('mediaAdmin');
  const { message } = useFeedback();
  const readNow = useReadSourceNow();
  return (
    <Button
      type="link"
      size="small"
      icon={<SyncOutlined />}
      disabled={!source.enabled}
      loading={readNow.isPending}
      onClick={async () => {
        try {
          await readNow.mutateAsync(source.id);
          void message.success(t('sources.readNowDone', { title: nameOf(source) }));
        } catch {
          // The API client has shown why.
        }
      }}
      data-testid="source-read-now"
    >
      {t('sources.readNow')}
    </Button>
  );
}

/** The reasons the feed reader records (server/net/safe-fetch.ts, server/feeds/parse-feed.ts). */
const ERROR_REASONS = [
  'invalid-url',
  'protocol',
  'refused-address',
  'too-many-redirects',
  'too-large',
  'timeout',
  'http-status',
  'network',
  'empty',
  'html',
  'malformed',
  'not-a-feed',
  'internal error',
] as const;

function LastError({ source }: { source: MediaSource }) {
  const { t } = useTranslation('mediaAdmin');
  if (!source.lastError) return <Text type="secondary">{t('sources.noError')}</Text>;
  // The reader records `reason: details` (details in English, as the feed or the network said them); the
  // reason is translated, the whole text is on hover.
  const reason = source.lastError.split(':')[0] ?? '';
  const known = (ERROR_REASONS as readonly string[]).includes(reason);
  return (
    <Flex vertical style={{ maxWidth: 240 }} data-testid="source-error">
      <Tooltip title={source.lastError}>
        <Text type="danger" ellipsis>
          {known ? t(`sources.errorReasons.${reason as (typeof ERROR_REASONS)[number]}`) : source.lastError}
        </Text>
      </Tooltip>
      <Text type="secondary" style={{ fontSize: 12 }}>
        {source.lastErrorAt && <RelativeTime iso={source.lastErrorAt} />}
        {source.lastErrorAt && ' · '}
        {t('sources.errorCount', { count: source.errorCount })}
      </Text>
    </Flex>
  );
}

function NextPoll({ source }: { source: MediaSource }) {
  const { t } = useTranslation('mediaAdmin');
  if (!source.enabled || !source.nextPollAt) return <Text type="secondary">{t('sources.paused')}</Text>;
  if (Date.parse(source.nextPollAt) <= Date.now()) return <Text type="secondary">{t('sources.due')}</Text>;
  return <RelativeTime iso={source.nextPollAt} />;
}

/** The sources with their reading state (read again every few seconds), to add, edit, enable or delete. */
export function SourcesTab() {
  const { t } = useTranslation('mediaAdmin');
  const { t: tMedia } = useTranslation('media');
  const screens = Grid.useBreakpoint();
  const phone = screens.sm === false;
  const sources = useMediaSources();
  const remove = useDeleteSource();
  const [dialog, setDialog] = useState<SourceDialog | null>(null);

  const columns: TableColumnsType<MediaSource> = [
    {
      key: 'source',
      title: t('sources.fields.source'),
      render: (_, source) => (
        <Flex vertical gap={2} style={{ minWidth: phone ? 0 : 180, maxWidth: 280 }}>
          {source.title ? (
            <Text strong data-testid="source-row-title">
              {source.title}
            </Text>
          ) : (
            <Text type="secondary" italic data-testid="source-row-title">
              {t('sources.untitled')}
            </Text>
          )}
          <Text
            type="secondary"
            style={{ fontSize: 12, overflowWrap: 'anywhere' }}
            data-testid="source-row-url"
          >
            {source.url}
          </Text>
          {/* A phone has no kind, interval or error columns: their gist goes here. */}
          {phone && (
            <Text style={{ fontSize: 12 }}>
              {tMedia(`kinds.${source.kind}`)} · {intervalText(t, source.pollIntervalSeconds)}
              {source.lastError && (
                <Text type="danger" style={{ fontSize: 12 }}>
                  {' · '}
                  {t('sources.errorCount', { count: source.errorCount })}
                </Text>
              )}
            </Text>
          )}
        </Flex>
      ),
    },
    {
      key: 'kind',
      title: t('sources.fields.kind'),
      responsive: ['sm'],
      render: (_, source) => (
        <Tag style={{ marginInlineEnd: 0, ...NOWRAP }} data-testid="source-row-kind">
          {tMedia(`kinds.${source.kind}`)}
        </Tag>
      ),
    },
    {
      key: 'language',
      title: t('sources.fields.language'),
      responsive: ['lg'],
      render: (_, source) => <span style={NOWRAP}>{tMedia(`languages.${source.language}`)}</span>,
    },
    {
      key: 'interval',
      title: t('sources.fields.interval'),
      responsive: ['md'],
      render: (_, source) => <span style={NOWRAP}>{intervalText(t, source.pollIntervalSeconds)}</span>,
    },
    {
      key: 'enabled',
      title: t('sources.fields.enabled'),
      render: (_, source) => <EnabledSwitch source={source} />,
    },
    {
      key: 'lastFetched',
      title: t('sources.fields.lastFetched'),
      responsive: ['sm'],
      render: (_, source) => (
        <Flex vertical>
          <Time iso={source.lastFetchedAt} fallback={t('sources.never')} />
          {/* Narrower than xxl, the last new item has no column of its own. */}
          {!screens.xxl && source.lastNewItemAt && (
            <Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
              {t('sources.newItem')} <RelativeTime iso={source.lastNewItemAt} />
            </Text>
          )}
        </Flex>
      ),
    },
    {
      key: 'lastNewItem',
      title: t('sources.fields.lastNewItem'),
      responsive: ['xxl'],
      render: (_, source) => <Time iso={source.lastNewItemAt} fallback={t('sources.never')} />,
    },
    {
      key: 'lastError',
      title: t('sources.fields.lastError'),
      responsive: ['sm'],
      render: (_, source) => <LastError source={source} />,
    },
    {
      key: 'items',
      title: t('sources.fields.items'),
      align: 'right',
      responsive: ['md'],
      render: (_, source) => (
        <span style={{ fontVariantNumeric: 'tabular-nums' }} data-testid="source-row-items">
          {source.itemsCount.toLocaleString()}
        </span>
      ),
    },
    {
      key: 'nextPoll',
      title: t('sources.fields.nextPoll'),
      responsive: ['lg'],
      render: (_, source) => <NextPoll source={source} />,
    },
    {
      key: 'actions',
      title: t('common.actions'),
      // Always in sight when the table scrolls sideways.
      fixed: phone ? undefined : 'right',
      render: (_, source) => (
        <Space size={0} orientation={phone ? 'vertical' : 'horizontal'} align="start">
          <Button
            type="link"
            size="small"
            icon={<EditOutlined />}
            onClick={() => setDialog({ mode: 'edit', source })}
            data-testid="source-edit"
          >
            {t('common.edit')}
          </Button>
          <ReadNowButton source={source} />
          <ConfirmDeleteButton
            title={t('sources.deleteConfirm', { title: nameOf(source) })}
            description={t('sources.deleteHint')}
            deleteText={t('common.delete')}
            cancelText={t('common.cancel')}
            deletedText={t('sources.deleted', { title: nameOf(source) })}
            pending={remove.isPending}
            remove={() => remove.mutateAsync(source.id)}
            testId="source-delete"
          />
        </Space>
      ),
    },
  ];

  return (
    <Flex vertical gap={16} data-testid="media-sources">
      <OpmlTools>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setDialog({ mode: 'add' })}
          data-testid="source-add"
        >
          {t('sources.add')}
        </Button>
      </OpmlTools>
      {sources.isError && !sources.data ? (
        <QueryError onRetry={() => void sources.refetch()} />
      ) : (
        <Table<MediaSource>
          rowKey="id"
          columns={columns}
          dataSource={sources.data ?? []}
          loading={sources.isPending}
          size={phone ? 'small' : 'middle'}
          // Wide enough for every column from a tablet up; a phone has few, wrapped to its width.
          scroll={phone ? undefined : { x: 'max-content' }}
          locale={{ emptyText: t('sources.empty') }}
          pagination={{
            defaultPageSize: ADMIN_PAGE_SIZE,
            hideOnSinglePage: true,
            size: phone ? 'small' : undefined,
          }}
          footer={() => (
            <Text type="secondary" style={{ fontSize: 12 }}>
              {t('sources.total', { count: sources.data?.length ?? 0 })} · {t('sources.refreshHint')}
            </Text>
          )}
          data-testid="source-table"
        />
      )}
      <SourceFormModal dialog={dialog} onClose={() => setDialog(null)} />
    </Flex>
  );
}
