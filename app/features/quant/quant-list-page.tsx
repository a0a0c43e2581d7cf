import { Col, Empty, Flex, Grid, Input, Row, Select, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { QUANT_RISK_LEVELS, QUANT_SORTS, QUANT_STATUSES, QUANT_TYPES } from '#shared/schemas/quant.ts';
import { QueryError } from '../../components/query-error.tsx';
import { useTranslation } from '../../lib/use-translation.ts';
import { type QuantFilter, useQuantList } from './quant-api.ts';
import { StrategyCard } from './strategy-card.tsx';

const { Title, Text } = Typography;

/** A symbol as typed, upper-cased; anything that cannot be one is no filter. */
function symbolOf(text: string): string | undefined {
  const symbol = text.trim().toUpperCase();
  return /^[A-Z0-9]{2,30}$/.test(symbol) ? symbol : undefined;
}

/** /strategy: the quantitative strategies the member may see, as cards, with filters and sorting. */
export function QuantListPage() {
  const { t } = useTranslation('quant');
  const { t: tCommon } = useTranslation();
  const phone = Grid.useBreakpoint().sm === false;
  const [filter, setFilter] = useState<QuantFilter>({ sort: 'newest' });
  const list = useQuantList(filter);
  const all = { value: '', label: t('filters.all') };
  const set = (change: Partial<QuantFilter>) => setFilter((current) => ({ ...current, ...change }));
  const filtered = Boolean(filter.type || filter.status || filter.riskLevel || filter.symbol);
  // On a phone the four lists share the width two by two, the symbol search below them.
  const selectStyle = phone ? { width: 'calc(50% - 6px)' } : { minWidth: 150 };

  return (
    <div
      data-testid="quant-page"
      style={{
        width: '100%',
        maxWidth: 1200,
        margin: '0 auto',
        padding: phone ? '16px 12px 32px' : '28px 24px 48px',
      }}
    >
      <title>{`${tCommon('nav.quant')} · ${tCommon('product.name')}`}</title>
      <Flex vertical gap={16}>
        <div>
          <Title level={2} style={{ marginTop: 0, marginBottom: 8, fontSize: phone ? 22 : 28 }}>
            {tCommon('nav.quant')}
          </Title>
          <Text type="secondary">{t('intro')}</Text>
        </div>
        <Flex gap={12} wrap align="center">
          <Select
            value={filter.type ?? ''}
            onChange={(value: string) => set({ type: (value || undefined) as QuantFilter['type'] })}
            options={[all, ...QUANT_TYPES.map((v) => ({ value: v, label: t(`type.${v}`) }))]}
            style={selectStyle}
            aria-label={t('filters.type')}
            prefix={`${t('filters.type')}:`}
            data-testid="quant-type"
          />
          <Select
            value={filter.status ?? ''}
            onChange={(value: string) => set({ status: (value || undefined) as QuantFilter['status'] })}
            options={[all, ...QUANT_STATUSES.map((v) => ({ value: v, label: t(`status.${v}`) }))]}
            style={selectStyle}
            aria-label={t('filters.status')}
            prefix={`${t('filters.status')}:`}
            data-testid="quant-status"
          />
          <Select
            value={filter.riskLevel ?? ''}
            onChange={(value: string) => set({ riskLevel: (value || undefined) as QuantFilter['riskLevel'] })}
            options={[all, ...QUANT_RISK_LEVELS.map((v) => ({ value: v, label: t(`riskLevel.${v}`) }))]}
            style={selectStyle}
            aria-label={t('filters.riskLevel')}
            prefix={`${t('filters.riskLevel')}:`}
            data-testid="quant-risk"
          />
          <Select
            value={filter.sort}
            onChange={(value: QuantFilter['sort']) => set({ sort: value })}
            options={QUANT_SORTS.map((v) => ({ value: v, label: t(`sort.${v}`) }))}
            style={phone ? selectStyle : { minWidth: 180 }}
            aria-label={t('filters.sort')}
            prefix={`${t('filters.sort')}:`}
            data-testid="quant-sort"
          />
          <Input.Search
            allowClear
            placeholder={t('filters.symbolPlaceholder')}
            aria-label={t('filters.symbol')}
            style={phone ? { width: '100%' } : { width: 220 }}
            onSearch={(value) => set({ symbol: symbolOf(value) })}
            data-testid="quant-symbol"
          />
        </Flex>
        {list.isError && !list.data ? (
          <QueryError onRetry={() => void list.refetch()} />
        ) : !list.data ? (
          <Skeleton active paragraph={{ rows: 8 }} data-testid="quant-loading" />
        ) : list.data.length === 0 ? (
          <Empty description={filtered ? t('emptyFiltered') : t('empty')} data-testid="quant-empty" />
        ) : (
          <Row gutter={[16, 16]} data-testid="quant-cards">
            {list.data.map((strategy) => (
              <Col key={strategy.id} xs={24} md={12} xl={8}>
                <StrategyCard strategy={strategy} />
              </Col>
            ))}
          </Row>
        )}
      </Flex>
    </div>
  );
}
