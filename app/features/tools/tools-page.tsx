import { Grid, Tabs, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router';
import { type BracketDraft, bracketsFromDrafts } from '#shared/calculators/maintenance-brackets.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { AverageEntryCalculator } from './average-entry-calculator.tsx';
import { CompoundCalculator } from './compound-calculator.tsx';
import { FundingCalculator } from './funding-calculator.tsx';
import { LiquidationCalculator } from './liquidation-calculator.tsx';
import { MarketBar } from './market-price.tsx';
import { PnlCalculator } from './pnl-calculator.tsx';
import { PositionSizeCalculator } from './position-size-calculator.tsx';
import { RiskRewardCalculator } from './risk-reward-calculator.tsx';
import { DEFAULT_DRAFTS } from './tier-table.tsx';

const { Title, Paragraph } = Typography;

export const CALCULATORS = [
  'pnl',
  'liquidation',
  'positionSize',
  'averageEntry',
  'funding',
  'compound',
  'riskReward',
] as const;
export type CalculatorKey = (typeof CALCULATORS)[number];

/** The query parameter naming the open calculator: /tool?calc=liquidation. */
export const CALCULATOR_PARAM = 'calc';

const isCalculator = (value: string | null): value is CalculatorKey =>
  (CALCULATORS as readonly (string | null)[]).includes(value);

/**
 * /tool (members): trading calculators that run in the browser (shared/calculators/). Each keeps what was
 * typed while another is open; the liquidation price and the position size share the tier table.
 */
export function ToolsPage() {
  const { t } = useTranslation('tools');
  const { t: tCommon } = useTranslation();
  const [params, setParams] = useSearchParams();
  const screens = Grid.useBreakpoint();
  const phone = screens.sm === false;
  const requested = params.get(CALCULATOR_PARAM);
  const active: CalculatorKey = isCalculator(requested) ? requested : 'pnl';
  const [symbol, setSymbol] = useState<string | null>(null);
  const [drafts, setDrafts] = useState<BracketDraft[]>(DEFAULT_DRAFTS);
  const checked = bracketsFromDrafts(drafts);
  const brackets = checked.ok ? checked.brackets : null;

  const content: Record<CalculatorKey, ReactNode> = {
    pnl: <PnlCalculator />,
    liquidation: <LiquidationCalculator brackets={brackets} drafts={drafts} onDraftsChange={setDrafts} />,
    positionSize: <PositionSizeCalculator brackets={brackets} />,
    averageEntry: <AverageEntryCalculator />,
    funding: <FundingCalculator />,
    compound: <CompoundCalculator />,
    riskReward: <RiskRewardCalculator />,
  };

  return (
    <div
      data-testid="tools-page"
      style={{
        width: '100%',
        maxWidth: 1200,
        margin: '0 auto',
        padding: phone ? '16px 12px 32px' : '28px 24px 48px',
      }}
    >
      <title>{`${t(`tabs.${active}`)} · ${tCommon('nav.tools')} · ${tCommon('product.name')}`}</title>
      <Title level={2} style={{ marginTop: 0, marginBottom: 8, fontSize: phone ? 22 : 28 }}>
        {tCommon('nav.tools')}
      </Title>
      <Paragraph type="secondary" style={{ marginBottom: 16 }}>
        {t('intro')}
      </Paragraph>
      <MarketBar symbol={symbol} onSymbolChange={setSymbol}>
        <Tabs
          activeKey={active}
          onChange={(key) =>
            setParams(
              (current) => {
                const next = new URLSearchParams(current);
                next.set(CALCULATOR_PARAM, key);
                return next;
              },
              { replace: true },
            )
          }
          items={CALCULATORS.map((key) => ({
            key,
            label: <span data-testid={`tools-tab-${key}`}>{t(`tabs.${key}`)}</span>,
            children: content[key],
          }))}
        />
      </MarketBar>
    </div>
  );
}
