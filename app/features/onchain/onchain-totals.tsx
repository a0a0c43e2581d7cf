import { InfoCircleOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Grid, Skeleton, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import type { OnchainTotals as Totals } from '#shared/schemas/onchain.ts';
import {
  formatAmount,
  formatSignedAmount,
  formatSignedUsd,
  formatUsd,
  isNegative,
} from '../../domains/onchain/onchain-format.ts';
import { TEXT_COLORS } from '../../lib/theme.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { useOnchainTotals } from './onchain-api.ts';

const { Text } = Typography;

type AssetTotals = Totals['assets'][number];

const COLORS = { inflow: TEXT_COLORS.loss, outflow: TEXT_COLORS.gain } as const;
const NUMBERS = { fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' } as const;

function FlowRow({
  label,
  color,
  amount,
  usd,
  note,
  testId,
}: {
  label: string;
  color?: string;
  amount: string;
  usd: string;
  note?: string;
  testId: string;
}) {
  return (
    <Flex justify="space-between" align="baseline" gap={8} data-testid={testId}>
      <Text type="secondary" style={{ whiteSpace: 'nowrap', fontSize: 13 }}>
        {label}
        {note && <span style={{ fontSize: 12 }}> · {note}</span>}
      </Text>
      <Flex vertical align="flex-end" style={{ minWidth: 0 }}>
        <Text strong style={{ ...NUMBERS, color, textAlign: 'right' }} data-testid={`${testId}-amount`}>
          {amount}
        </Text>
        <Text type="secondary" style={{ ...NUMBERS, fontSize: 12 }} data-testid={`${testId}-usd`}>
          {usd}
        </Text>
      </Flex>
    </Flex>
  );
}

/** One asset: what went into exchanges, what came out, and the difference. */
function AssetCard({ totals }: { totals: AssetTotals }) {
  const { t } = useTranslation('onchain');
  const { asset, inflow, outflow, net } = totals;
  const netNegative = isNegative(net.amount);
  const netZero = /^-?[0.]*$/.test(net.amount);
  return (
    <Card
      size="small"
      title={<span data-testid="onchain-total-asset">{asset}</span>}
      styles={{ body: { padding: '8px 12px' }, header: { minHeight: 36, padding: '0 12px' } }}
      data-testid="onchain-total"
      data-asset={asset}
    >
      <Flex vertical gap={6}>
        <FlowRow
          label={t('totals.inflow')}
          note={t('totals.count', { count: inflow.count })}
          color={inflow.count ? COLORS.inflow : undefined}
          amount={formatAmount(inflow.amount)}
          usd={formatUsd(inflow.usd)}
          testId="onchain-total-inflow"
        />
        <FlowRow
          label={t('totals.outflow')}
          note={t('totals.count', { count: outflow.count })}
          color={outflow.count ? COLORS.outflow : undefined}
          amount={formatAmount(outflow.amount)}
          usd={formatUsd(outflow.usd)}
          testId="onchain-total-outflow"
        />
        <div style={{ borderTop: '1px dashed rgba(5, 5, 5, 0.12)' }} />
        <FlowRow
          label={t('totals.net')}
          color={netZero ? undefined : netNegative ? COLORS.outflow : COLORS.inflow}
          amount={formatSignedAmount(net.amount)}
          usd={formatSignedUsd(net.usd)}
          testId="onchain-total-net"
        />
      </Flex>
    </Card>
  );
}

/** Per asset, the last 24 h of exchange inflow, outflow and net, as small cards above the alerts. */
export function OnchainTotals() {
  const { t } = useTranslation('onchain');
  const totals = useOnchainTotals();
  const phone = Grid.useBreakpoint().sm === false;

  let body: ReactNode;
  if (!totals.data) {
    body = totals.isError ? (
      <Text type="secondary" data-testid="onchain-totals-error">
        {t('totals.failed')}{' '}
        <Button type="link" size="small" onClick={() => void totals.refetch()} style={{ padding: 0 }}>
          {t('totals.retry')}
        </Button>
      </Text>
    ) : (
      <Skeleton active title={false} paragraph={{ rows: 2 }} data-testid="onchain-totals-loading" />
    );
  } else if (totals.data.assets.length === 0) {
    body = (
      <Text type="secondary" data-testid="onchain-totals-empty">
        {t('totals.empty')}
      </Text>
    );
  } else {
    body = (
      <div
        // A phone scrolls the cards sideways rather than stacking a screenful of them above the alerts.
        style={
          phone
            ? { display: 'grid', gridAutoFlow: 'column', gridAutoColumns: '78%', gap: 8, overflowX: 'auto' }
            : { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: 8 }
        }
      >
        {totals.data.assets.map((asset) => (
          <AssetCard key={asset.asset} totals={asset} />
        ))}
      </div>
    );
  }

  return (
    <section data-testid="onchain-totals" aria-labelledby="onchain-totals-title">
      <Flex align="center" gap={6} style={{ marginBottom: 8 }}>
        <Text strong id="onchain-totals-title">
          {t('totals.title')}
        </Text>
        <Tooltip title={t('totals.hint')}>
          <InfoCircleOutlined style={{ color: 'rgba(0, 0, 0, 0.45)' }} aria-label={t('totals.hint')} />
        </Tooltip>
      </Flex>
      {body}
    </section>
  );
}
