import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
  Flex,
  Grid,
  Popconfirm,
  Select,
  Space,
  Table,
  type TableColumnsType,
  Typography,
} from 'antd';
import { useMemo, useState } from 'react';
import type { MarketSymbol } from '#shared/schemas/market.ts';
import { QueryError } from '../../components/query-error.tsx';
import { formatDateTime } from '../../components/system-messages/message-meta.ts';
import { useFeedback } from '../../lib/feedback.tsx';
import { useTranslation } from '../../lib/use-translation.ts';
import { useAddSymbol, useDeleteSymbol, useExchangeSymbols, useListedSymbols } from './market-api.ts';

const { Title, Text } = Typography;

function RemoveButton({ symbol }: { symbol: string }) {
  const { t } = useTranslation('marketAdmin');
  const { message } = useFeedback();
  const remove = useDeleteSymbol();
  return (
    <Popconfirm
      title={t('removeConfirm', { symbol })}
      description={t('removeHint')}
      okText={t('remove')}
      cancelText={t('cancel')}
      okButtonProps={{ danger: true, loading: remove.isPending }}
      onConfirm={async () => {
        try {
          await remove.mutateAsync({ symbol });
          void message.success(t('removed', { symbol }));
        } catch {
          // The API client has shown why.
        }
      }}
    >
      <Button type="link" size="small" danger icon={<DeleteOutlined />} data-testid="market-remove">
        {t('remove')}
      </Button>
    </Popconfirm>
  );
}

/** Picks a symbol the exchange trades and adds it to the list. */
function AddSymbol() {
  const { t } = useTranslation('marketAdmin');
  const { message } = useFeedback();
  const exchange = useExchangeSymbols();
  const add = useAddSymbol();
  const [picked, setPicked] = useState<string | null>(null);
  const options = useMemo(
    () =>
      (exchange.data?.symbols ?? []).map((s) => ({
        value: s.symbol,
        disabled: s.listed,
        label: s.listed
          ? t('alreadyListed', { symbol: s.symbol })
          : `${s.symbol} · ${s.baseAsset}/${s.quoteAsset}`,
      })),
    [exchange.data, t],
  );
  const submit = async () => {
    if (!picked) return;
    try {
      await add.mutateAsync({ symbol: picked });
      void message.success(t('added', { symbol: picked }));
      setPicked(null);
    } catch {
      // The API client has shown why.
    }
  };
  return (
    <Space.Compact style={{ width: '100%', maxWidth: 480 }}>
      <Select
        showSearch
        value={picked}
        onChange={setPicked}
        options={options}
        loading={exchange.isPending}
        disabled={exchange.isError && !exchange.data}
        placeholder={exchange.isError && !exchange.data ? t('exchangeUnavailable') : t('pickPlaceholder')}
        optionFilterProp="value"
        style={{ flex: 1 }}
        aria-label={t('pickPlaceholder')}
        notFoundContent={exchange.isPending ? t('loadingExchange') : t('noMatch')}
        data-testid="market-pick"
      />
      <Button
        type="primary"
        icon={<PlusOutlined />}
        disabled={!picked}
        loading={add.isPending}
        onClick={() => void submit()}
        data-testid="market-add"
      >
        {t('add')}
      </Button>
    </Space.Compact>
  );
}

/** /admin/content/market: the symbols whose charts, levels and tools members get. */
export function MarketSymbolsPage() {
  const { t } = useTranslation('marketAdmin');
  const { t: tAdmin } = useTranslation('admin');
  const { t: tCommon } = useTranslation();
  const phone = Grid.useBreakpoint().sm === false;
  const listed = useListedSymbols();
  const exchange = useExchangeSymbols();

  const columns: TableColumnsType<MarketSymbol> = [
    {
      key: 'symbol',
      title: t('fields.symbol'),
      render: (_, s) => (
        <Text strong data-testid="market-row-symbol">
          {s.symbol}
        </Text>
      ),
    },
    { key: 'assets', title: t('fields.assets'), render: (_, s) => `${s.baseAsset} / ${s.quoteAsset}` },
    {
      key: 'tickSize',
      title: t('fields.tickSize'),
      align: 'right',
      responsive: ['md'],
      render: (_, s) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{s.tickSize ?? '—'}</span>,
    },
    {
      key: 'addedAt',
      title: t('fields.addedAt'),
      responsive: ['sm'],
      render: (_, s) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(s.addedAt)}</span>,
    },
    { key: 'actions', title: t('fields.actions'), render: (_, s) => <RemoveButton symbol={s.symbol} /> },
  ];

  return (
    <div data-testid="market-admin">
      <title>{`${tAdmin('menu.market')} · ${tAdmin('title')} · ${tCommon('product.name')}`}</title>
      <Flex vertical gap={16}>
        <div>
          <Title level={4} style={{ margin: 0 }}>
            {tAdmin('menu.market')}
          </Title>
          <Text type="secondary">{t('intro')}</Text>
        </div>
        <AddSymbol />
        {exchange.data?.stale && (
          <Alert
            type="warning"
            showIcon
            message={t('exchangeStale', { at: formatDateTime(exchange.data.updatedAt) })}
          />
        )}
        {listed.isError && !listed.data ? (
          <QueryError onRetry={() => void listed.refetch()} />
        ) : (
          <Table<MarketSymbol>
            rowKey="symbol"
            columns={columns}
            dataSource={listed.data ?? []}
            loading={listed.isPending || listed.isFetching}
            size={phone ? 'small' : 'middle'}
            pagination={false}
            locale={{ emptyText: t('empty') }}
            data-testid="market-table"
          />
        )}
      </Flex>
    </div>
  );
}
