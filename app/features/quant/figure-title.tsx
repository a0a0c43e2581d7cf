import { InfoCircleOutlined } from '@ant-design/icons';
import { Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';

export type HelpKey =
  | 'totalReturn'
  | 'annualizedReturn'
  | 'maxDrawdown'
  | 'sharpe'
  | 'sortino'
  | 'calmar'
  | 'winRate'
  | 'profitFactor'
  | 'trades'
  | 'monthly'
  | 'equity'
  | 'drawdown';

/** A figure's name with what it means in a tooltip. */
export function FigureTitle({ help, children }: { help: HelpKey; children: ReactNode }) {
  const { t } = useTranslation('quant');
  return (
    <Tooltip title={t(`help.${help}`)}>
      <span style={{ cursor: 'help' }} data-testid={`help-${help}`}>
        {children} <InfoCircleOutlined style={{ color: 'rgba(0, 0, 0, 0.45)' }} />
      </span>
    </Tooltip>
  );
}
