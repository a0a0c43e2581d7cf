import { Empty, Flex, Grid, Segmented, Select, Skeleton, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { LEVEL_BIASES } from '#shared/schemas/levels.ts';
import { MARKET_INTERVALS, type MarketInterval } from '#shared/schemas/market.ts';
import { QueryError } from '../../components/query-error.tsx';
import { useTranslation } from '../../lib/use-translation.ts';
import { LevelSetCard } from './level-set-card.tsx';
import { type LevelFilter, useLevelSets, useListedSymbols } from './pressure-api.ts';

const { Title, Text, Link } = Typography;

/** /pressure: the support and pressure level sets the member may see, current or expired, with filters. */
export function PressurePage() {
  const { t } = useTranslation('pressure');
  const { t: tCommon } = useTranslation();
  const phone = Grid.useBreakpoint().sm === false;
  const [filter, setFilter] = useState<LevelFilter>({ history: false });
  const sets = useLevelSets(filter);
  const symbols = useListedSymbols();
  const precisions = useMemo(
    () => new Map((symbols.data ?? []).map((s) => [s.symbol, s.pricePrecision])),
    [symbols.data],
  );
  const all = { value: '', label: t('filters.all') };
  const set = (change: Partial<LevelFilter>) => setFilter((current) => ({ ...current, ...change }));

  return (
    <div
      data-testid="pressure-page"
      style={{
        width: '100%',
        maxWidth: 1200,
        margin: '0 auto',
        padding: phone ? '16px 12px 32px' : '28px 24px 48px',
      }}
    >
      <title>{`${tCommon('nav.pressure')} · ${tCommon('product.name')}`}</title>
      <Flex vertical gap={16}>
        <div>
          <Title level={2} style={{ marginTop: 0, marginBottom: 8, fontSize: phone ? 22 : 28 }}>
            {tCommon('nav.pressure')}
          </Title>
          <Text type="secondary">{t('intro')}</Text>
        </div>
        <Flex gap={12} wrap align="center">
          <Segmented
            value={filter.history ? 'history' : 'current'}
            onChange={(value) => set({ history: value === 'history' })}
            options={[
              { value: 'current', label: t('current') },
              { value: 'history', label: t('history') },
            ]}
            data-testid="pressure-history"
          />
          <Select
            value={filter.symbol ?? ''}
            onChange={(value: string) => set({ symbol: value || undefined })}
            options={[all, ...(symbols.data ?? []).map((s) => ({ value: s.symbol, label: s.symbol }))]}
            style={{ minWidth: 140 }}
            aria-label={t('filters.symbol')}
            prefix={`${t('filters.symbol')}:`}
            data-testid="pressure-symbol"
          />
          <Select
            value={filter.timeframe ?? ''}
            onChange={(value: string) =>
              set({ timeframe: (value || undefined) as MarketInterval | undefined })
            }
            options={[all, ...MARKET_INTERVALS.map((i) => ({ value: i, label: i }))]}
            style={{ minWidth: 120 }}
            aria-label={t('filters.timeframe')}
            prefix={`${t('filters.timeframe')}:`}
            data-testid="pressure-timeframe"
          />
          <Select
            value={filter.bias ?? ''}
            onChange={(value: string) => set({ bias: (value || undefined) as LevelFilter['bias'] })}
            options={[all, ...LEVEL_BIASES.map((b) => ({ value: b, label: t(`bias.${b}`) }))]}
            style={{ minWidth: 120 }}
            aria-label={t('filters.bias')}
            prefix={`${t('filters.bias')}:`}
            data-testid="pressure-bias"
          />
        </Flex>
        {sets.isError && !sets.data ? (
          <QueryError onRetry={() => void sets.refetch()} />
        ) : !sets.data ? (
          <Skeleton active paragraph={{ rows: 8 }} />
        ) : sets.data.length === 0 ? (
          <Empty description={filter.history ? t('emptyHistory') : t('empty')} data-testid="pressure-empty" />
        ) : (
          sets.data.map((levelSet) => (
            <LevelSetCard key={levelSet.id} set={levelSet} precision={precisions.get(levelSet.symbol) ?? 2} />
          ))
        )}
        <Text type="secondary" style={{ fontSize: 12 }} data-testid="chart-notice">
          {t('chartNotice')} ·{' '}
          <Link href="https://www.tradingview.com/" target="_blank" rel="noopener noreferrer">
            tradingview.com
          </Link>
        </Text>
      </Flex>
    </div>
  );
}
