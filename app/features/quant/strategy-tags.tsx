import { Tag } from 'antd';
import type { QuantCard } from '#shared/schemas/quant.ts';
import { useTranslation } from '../../lib/use-translation.ts';

const RISK_COLOR = { low: 'green', medium: 'gold', high: 'red' } as const;
const STATUS_COLOR = { backtest: 'default', paper: 'blue', live: 'purple' } as const;

/** A strategy's type, status and risk level as tags. */
export function StrategyTags({ strategy }: { strategy: Pick<QuantCard, 'type' | 'status' | 'riskLevel'> }) {
  const { t } = useTranslation('quant');
  return (
    <>
      <Tag color="geekblue" data-testid="strategy-type">
        {t(`type.${strategy.type}`)}
      </Tag>
      <Tag color={STATUS_COLOR[strategy.status]} data-testid="strategy-status">
        {t(`status.${strategy.status}`)}
      </Tag>
      <Tag color={RISK_COLOR[strategy.riskLevel]} data-testid="strategy-risk">
        {t(`riskLevel.${strategy.riskLevel}`)}
      </Tag>
    </>
  );
}
