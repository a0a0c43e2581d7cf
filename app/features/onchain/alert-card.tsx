import { ArrowRightOutlined, FireFilled } from '@ant-design/icons';
import { Card, Flex, Grid, Tag, Typography } from 'antd';
import type { OnchainAlert } from '#shared/schemas/onchain.ts';
import { RelativeTime } from '../../components/relative-time.tsx';
import { DirectionTag } from '../../domains/onchain/direction-tag.tsx';
import { chainName, formatAmount, formatBlock, formatUsd } from '../../domains/onchain/onchain-format.ts';
import { PartyView, TxLink } from '../../domains/onchain/onchain-links.tsx';
import { useTranslation } from '../../lib/use-translation.ts';

const { Text } = Typography;

/** One alert: marks, direction, chain and time; the amount and its value; both sides; the transaction. */
export function AlertCard({ alert }: { alert: OnchainAlert }) {
  const { t } = useTranslation('onchain');
  const phone = Grid.useBreakpoint().sm === false;
  const high = alert.importance === 'high';
  return (
    <Card
      size="small"
      style={{ borderInlineStart: high ? '3px solid #f5222d' : undefined }}
      styles={{ body: { padding: phone ? '10px 12px' : '12px 16px' } }}
      data-testid="onchain-alert"
      data-alert-id={alert.id}
      data-tx-hash={alert.txHash}
      data-direction={alert.direction}
      data-importance={alert.importance}
    >
      <Flex vertical gap={8}>
        <Flex gap={6} wrap align="center" justify="space-between">
          <Flex gap={6} wrap align="center">
            {high && (
              <Tag
                color="red"
                icon={<FireFilled />}
                style={{ marginInlineEnd: 0 }}
                data-testid="onchain-alert-importance"
              >
                {t('importance.high')}
              </Tag>
            )}
            <DirectionTag direction={alert.direction} testId="onchain-alert-direction" />
            <Tag style={{ marginInlineEnd: 0 }} data-testid="onchain-alert-chain">
              {chainName(alert.chain)}
            </Tag>
          </Flex>
          <Text type="secondary" style={{ fontSize: 13 }}>
            <RelativeTime iso={alert.occurredAt} testId="onchain-alert-time" />
          </Text>
        </Flex>

        <Flex gap={8} wrap align="baseline">
          <Text
            strong
            style={{
              fontSize: phone ? 18 : 20,
              fontVariantNumeric: 'tabular-nums',
              overflowWrap: 'anywhere',
            }}
            data-testid="onchain-alert-amount"
          >
            {formatAmount(alert.amount)} <span data-testid="onchain-alert-asset">{alert.asset}</span>
          </Text>
          <Text
            type="secondary"
            style={{ fontVariantNumeric: 'tabular-nums' }}
            data-testid="onchain-alert-usd"
          >
            {alert.usdValue === null ? t('alert.unknownUsd') : `≈ ${formatUsd(alert.usdValue)}`}
          </Text>
        </Flex>

        <Flex
          gap={phone ? 4 : 12}
          vertical={phone}
          align={phone ? 'stretch' : 'center'}
          wrap={!phone}
          style={{ fontSize: 13 }}
        >
          <Flex gap={6} align="center" style={{ minWidth: 0 }}>
            <Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
              {t('alert.from')}
            </Text>
            <PartyView chain={alert.chain} party={alert.from} testId="onchain-alert-from" />
          </Flex>
          {!phone && <ArrowRightOutlined style={{ color: 'rgba(0, 0, 0, 0.35)' }} aria-hidden />}
          <Flex gap={6} align="center" style={{ minWidth: 0 }}>
            <Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
              {t('alert.to')}
            </Text>
            <PartyView chain={alert.chain} party={alert.to} testId="onchain-alert-to" />
          </Flex>
        </Flex>

        <Flex gap={6} wrap align="center" style={{ fontSize: 13 }}>
          <Text type="secondary">{t('alert.tx')}</Text>
          <TxLink alert={alert} testId="onchain-alert-tx" />
          {alert.blockNumber !== null && (
            <Text type="secondary" style={{ whiteSpace: 'nowrap' }} data-testid="onchain-alert-block">
              · {t('alert.block')} {formatBlock(alert.blockNumber)}
            </Text>
          )}
        </Flex>

        {alert.comment && (
          <Text
            style={{
              display: 'block',
              whiteSpace: 'pre-line',
              overflowWrap: 'anywhere',
              background: 'rgba(0, 0, 0, 0.02)',
              borderRadius: 6,
              padding: '6px 10px',
            }}
            data-testid="onchain-alert-comment"
          >
            {alert.comment}
          </Text>
        )}
      </Flex>
    </Card>
  );
}
