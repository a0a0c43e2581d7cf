import {
  BarChartOutlined,
  ClockCircleOutlined,
  FundProjectionScreenOutlined,
  RollbackOutlined,
  UserOutlined,
} from '@ant-design/icons';
import {
  Alert,
  Button,
  Card,
  ConfigProvider,
  Empty,
  Flex,
  Grid,
  Pagination,
  Popconfirm,
  Segmented,
  Select,
  Skeleton,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { Link, useSearchParams } from 'react-router';
import type { Engagement } from '#shared/schemas/advisories.ts';
import { LinkButton } from '../../components/link-button.tsx';
import { MembersOnly } from '../../components/members-only.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { useReact, useWithdrawReaction } from '../../domains/advisories/reaction-api.ts';
import { REACTIONS, type ReactionKind, reactionKey } from '../../domains/advisories/reaction-kinds.tsx';
import { dayjs } from '../../lib/dayjs.ts';
import { useFeedback } from '../../lib/feedback.tsx';
import { useAdvisoryCounts } from '../../lib/hub/hub-queries.ts';
import { TRADING_VIEWS } from '../../lib/sections.ts';
import { BRAND_COLORS } from '../../lib/theme.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { type EngagementQuery, useEngagements } from './engagement-api.ts';

const { Text, Paragraph } = Typography;

const PAGE_SIZE = 10;
const CHOSEN_STANCE = { itemSelectedBg: BRAND_COLORS.primary, itemSelectedColor: '#fff' };
const FEED_PATH = TRADING_VIEWS.find((view) => view.key === 'tradingStrategy')!.path;
const STATISTICS_PATH = TRADING_VIEWS.find((view) => view.key === 'tradingStatistics')!.path;

/** A trader's statistics (/?type=3&keyId=…, the parameter the statistics tabs read). */
const statisticsOf = (keyId: number) => `${STATISTICS_PATH}&keyId=${keyId}`;

/** The filters and page of the address (`kind`, `keyId`, `page`), anything else ignored. */
function useEngagementParams() {
  const [params, setParams] = useSearchParams();
  const kindParam = Number(params.get('kind'));
  const kind = REACTIONS.find((reaction) => reaction.kind === kindParam)?.kind;
  const keyParam = Number(params.get('keyId'));
  const keyId = Number.isSafeInteger(keyParam) && keyParam > 0 ? keyParam : undefined;
  const pageParam = Number(params.get('page'));
  const page = Number.isSafeInteger(pageParam) && pageParam > 0 ? pageParam : 1;
  const update = (next: { kind?: ReactionKind | undefined; keyId?: number | undefined; page?: number }) =>
    setParams((current) => {
      const merged = new URLSearchParams(current);
      const set = (name: string, value: number | undefined) =>
        value === undefined ? merged.delete(name) : merged.set(name, String(value));
      if ('kind' in next) set('kind', next.kind);
      if ('keyId' in next) set('keyId', next.keyId);
      // A new filter starts from the first page.
      set('page', next.page !== undefined && next.page > 1 ? next.page : undefined);
      return merged;
    });
  return { kind, keyId, page, update };
}

/** Engagement strategy (/personal/engagement, members only): the strategies the member reacted to. */
export function EngagementPage() {
  const { t } = useTranslation('personal');
  const { t: tCommon } = useTranslation();
  return (
    <>
      <title>{`${t('menu.engagementStrategy')} · ${tCommon('product.name')}`}</title>
      <MembersOnly>
        <EngagementList />
      </MembersOnly>
    </>
  );
}

function EngagementList() {
  const { t } = useTranslation('advisories');
  const { t: tPersonal } = useTranslation('personal');
  const { kind, keyId, page, update } = useEngagementParams();
  const query: EngagementQuery = {
    current: page,
    pageSize: PAGE_SIZE,
    ...(kind ? { kind } : {}),
    ...(keyId ? { keyId } : {}),
  };
  const engagements = useEngagements(query);
  const phone = Grid.useBreakpoint().sm === false;
  const filtered = kind !== undefined || keyId !== undefined;
  const data = engagements.data;

  const kindOptions = [
    { value: 0, label: <span data-testid="engagement-filter-kind-all">{t('engagement.allKinds')}</span> },
    ...REACTIONS.map((reaction) => ({
      value: reaction.kind,
      label: (
        <span data-testid={`engagement-filter-kind-${reaction.key}`}>
          {t(`trading.reactions.${reaction.key}`)}
        </span>
      ),
    })),
  ];

  return (
    <Flex vertical gap={16} data-testid="engagement-page">
      <div>
        <Typography.Title level={4} style={{ marginTop: 0, marginBottom: 8 }}>
          <FundProjectionScreenOutlined style={{ marginInlineEnd: 8 }} />
          {tPersonal('menu.engagementStrategy')}
        </Typography.Title>
        <Paragraph type="secondary" style={{ margin: 0 }}>
          {t('engagement.intro')}
        </Paragraph>
      </div>
      <Flex gap={12} wrap align="center" role="search" aria-label={t('engagement.listLabel')}>
        {phone ? (
          // Four choices do not fit a phone's width as a segmented control.
          <Select
            aria-label={t('engagement.filterKind')}
            data-testid="engagement-filter-kind"
            style={{ flex: '1 1 140px' }}
            value={kind ?? 0}
            onChange={(value: number) => update({ kind: value === 0 ? undefined : (value as ReactionKind) })}
            options={kindOptions}
          />
        ) : (
          <Segmented
            aria-label={t('engagement.filterKind')}
            data-testid="engagement-filter-kind"
            value={kind ?? 0}
            options={kindOptions}
            onChange={(value) => update({ kind: value === 0 ? undefined : (value as ReactionKind) })}
          />
        )}
        <Select
          aria-label={t('engagement.filterTrader')}
          data-testid="engagement-filter-trader"
          style={phone ? { flex: '1 1 140px' } : { minWidth: 180 }}
          value={keyId ?? 0}
          onChange={(value: number) => update({ keyId: value === 0 ? undefined : value })}
          options={[
            { value: 0, label: t('engagement.allTraders') },
            ...(data?.traders ?? []).map((trader) => ({ value: trader.id, label: trader.keyName })),
          ]}
          popupMatchSelectWidth={false}
        />
        {data ? (
          <Text type="secondary" data-testid="engagement-total" style={{ marginInlineStart: 'auto' }}>
            {t('engagement.total', { count: data.total })}
          </Text>
        ) : null}
      </Flex>
      {engagements.isError ? (
        <QueryError onRetry={() => void engagements.refetch()} />
      ) : !data ? (
        <Card data-testid="engagement-loading">
          <Skeleton active paragraph={{ rows: 4 }} />
        </Card>
      ) : data.records.length === 0 ? (
        <Card>
          <Empty
            data-testid={filtered ? 'engagement-no-match' : 'engagement-empty'}
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={
              filtered ? (
                <Text>{t('engagement.noMatch')}</Text>
              ) : (
                <Flex vertical gap={4}>
                  <Text strong>{t('engagement.empty.title')}</Text>
                  <Text type="secondary">{t('engagement.empty.text')}</Text>
                </Flex>
              )
            }
          >
            {filtered ? (
              <Button onClick={() => update({ kind: undefined, keyId: undefined })}>
                {t('engagement.clearFilters')}
              </Button>
            ) : (
              <LinkButton type="primary" to={FEED_PATH} data-testid="engagement-to-feed">
                {t('engagement.toFeed')}
              </LinkButton>
            )}
          </Empty>
        </Card>
      ) : (
        <>
          <Flex vertical gap={12} component="section" aria-label={t('engagement.listLabel')}>
            {data.records.map((record) => (
              <EngagementRow key={record.advisoryId} record={record} />
            ))}
          </Flex>
          {data.total > PAGE_SIZE ? (
            <Flex justify="center">
              <Pagination
                data-testid="engagement-pagination"
                current={page}
                pageSize={PAGE_SIZE}
                total={data.total}
                showSizeChanger={false}
                size={phone ? 'small' : 'middle'}
                onChange={(next) => update({ kind, keyId, page: next })}
              />
            </Flex>
          ) : null}
        </>
      )}
    </Flex>
  );
}

/** One strategy: title, traders with their statistics, when, the reaction (changeable), counts, withdraw. */
function EngagementRow({ record }: { record: Engagement }) {
  const { t } = useTranslation('advisories');
  const { message } = useFeedback();
  const react = useReact();
  const withdraw = useWithdrawReaction();
  const live = useAdvisoryCounts();
  // The hub keeps the counts of the strategies in the member's feed current; the page's answer covers the rest.
  const counts = record.counts ? (live.data?.[String(record.advisoryId)] ?? record.counts) : null;
  const shown = react.isPending && react.variables ? react.variables.kind : record.kind;
  const busy = react.isPending || withdraw.isPending;
  const phone = Grid.useBreakpoint().sm === false;

  const change = async (kind: ReactionKind) => {
    if (kind === record.kind) return;
    try {
      await react.mutateAsync({ advisoryId: record.advisoryId, kind });
      void message.success(
        t('engagement.changed', { reaction: t(`trading.reactions.${reactionKey(kind)}`) }),
      );
    } catch {
      // The API client has shown why.
    }
  };
  const takeBack = async () => {
    try {
      await withdraw.mutateAsync(record.advisoryId);
      void message.success(t('engagement.withdrawn'));
    } catch {
      // The API client has shown why.
    }
  };

  // The chosen stance stands out in the brand's colour, as the trading page's chosen button does.
  const control = (
    <ConfigProvider theme={{ components: { Segmented: CHOSEN_STANCE } }}>
      <Segmented<ReactionKind>
        aria-label={t('engagement.changeLabel')}
        data-testid="engagement-reaction"
        value={shown}
        disabled={!record.available || busy}
        onChange={(kind) => void change(kind)}
        size={phone ? 'small' : 'middle'}
        options={REACTIONS.map((reaction) => ({
          value: reaction.kind,
          icon: reaction.icon,
          label: (
            <span data-testid={`engagement-reaction-${reaction.key}`}>
              {t(`trading.reactions.${reaction.key}`)}
            </span>
          ),
        }))}
      />
    </ConfigProvider>
  );

  return (
    <Card
      size="small"
      data-testid="engagement-row"
      data-advisory-id={record.advisoryId}
      data-kind={record.kind}
      styles={{ body: { padding: '14px 16px' } }}
    >
      <article aria-labelledby={`engagement-${record.advisoryId}-title`}>
        <Flex justify="space-between" align="flex-start" gap={12} wrap>
          <Flex vertical gap={6} style={{ flex: '1 1 280px', minWidth: 0 }}>
            <Text strong id={`engagement-${record.advisoryId}-title`} style={{ fontSize: 16 }}>
              {record.title}
            </Text>
            <Flex gap={6} wrap align="center">
              {record.traders.map((trader) => (
                <Tag
                  key={trader.id}
                  icon={<UserOutlined />}
                  color="blue"
                  variant="outlined"
                  style={{ marginInlineEnd: 0 }}
                >
                  {trader.keyName}
                  <Tooltip title={t('engagement.statsOf', { name: trader.keyName })}>
                    <Link
                      to={statisticsOf(trader.id)}
                      data-testid="engagement-trader-stats"
                      data-key-id={trader.id}
                      aria-label={t('engagement.statsOf', { name: trader.keyName })}
                      style={{ marginInlineStart: 6 }}
                    >
                      <BarChartOutlined /> {t('engagement.stats')}
                    </Link>
                  </Tooltip>
                </Tag>
              ))}
            </Flex>
          </Flex>
          {record.available ? (
            control
          ) : (
            <Tooltip title={t('engagement.unavailable')}>
              <span>{control}</span>
            </Tooltip>
          )}
        </Flex>
        {record.available ? null : (
          <Alert
            type="info"
            showIcon
            style={{ marginTop: 10 }}
            title={t('engagement.unavailable')}
            data-testid="engagement-unavailable"
          />
        )}
        <Flex
          justify="space-between"
          align="center"
          gap={12}
          wrap
          style={{ marginTop: 12, paddingTop: 10, borderTop: '1px solid rgba(5, 5, 5, 0.06)' }}
        >
          <Text type="secondary" style={{ fontSize: 13 }}>
            <ClockCircleOutlined style={{ marginInlineEnd: 6 }} />
            <time dateTime={record.reactedAt} data-testid="engagement-reacted-at">
              {t('engagement.reactedAt', { time: dayjs(record.reactedAt).format('YYYY-MM-DD HH:mm') })}
            </time>
            <span style={{ margin: '0 8px' }}>·</span>
            {t('engagement.publishedAt', { time: dayjs(record.createdTimestamp).format('YYYY-MM-DD HH:mm') })}
          </Text>
          <Flex gap={16} align="center" wrap>
            {counts ? (
              <Flex gap={12} role="group" aria-label={t('engagement.countsLabel')}>
                {REACTIONS.map((reaction) => (
                  <Text key={reaction.kind} type="secondary" style={{ whiteSpace: 'nowrap' }}>
                    {reaction.icon} {t(`trading.reactions.${reaction.key}`)}{' '}
                    <Text
                      strong
                      data-testid={`engagement-count-${reaction.key}`}
                      style={{ fontVariantNumeric: 'tabular-nums' }}
                    >
                      {counts[reaction.kind]}
                    </Text>
                  </Text>
                ))}
              </Flex>
            ) : null}
            <Popconfirm
              title={t('engagement.withdrawConfirmTitle')}
              description={<div style={{ maxWidth: 280 }}>{t('engagement.withdrawConfirm')}</div>}
              okText={t('engagement.withdraw')}
              okButtonProps={{ danger: true, 'data-testid': 'engagement-withdraw-ok' }}
              onConfirm={() => takeBack()}
            >
              <Button
                size="small"
                danger
                icon={<RollbackOutlined />}
                loading={withdraw.isPending}
                disabled={busy}
                data-testid="engagement-withdraw"
              >
                {t('engagement.withdraw')}
              </Button>
            </Popconfirm>
          </Flex>
        </Flex>
      </article>
    </Card>
  );
}
