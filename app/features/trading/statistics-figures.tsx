import { InfoCircleOutlined } from '@ant-design/icons';
import { Card, Col, Flex, Row, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import type { Locale } from '#shared/constants.ts';
import type { StatisticsFiguresDto } from '#shared/schemas/trading.ts';
import { STATISTICS_DEFINITIONS, type StatisticsFigure } from '#shared/trading-statistics.ts';
import { currentLocale } from '../../lib/i18n.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import {
  DASH,
  directionLabel,
  formatAmount,
  formatDuration,
  formatPercent,
  formatRatio,
  pnlColor,
} from './trading-format.ts';

const { Text } = Typography;

export type FigureKey =
  | 'roi'
  | 'pnl'
  | 'maxDrawdown'
  | 'winRate'
  | 'profitFactor'
  | 'trades'
  | 'averageHoldingTime'
  | 'longShort'
  | 'tradingDays'
  | 'sharpe';

export const FIGURE_KEYS: readonly FigureKey[] = [
  'roi',
  'pnl',
  'maxDrawdown',
  'winRate',
  'profitFactor',
  'trades',
  'averageHoldingTime',
  'longShort',
  'tradingDays',
  'sharpe',
];

export function definitionOf(figure: StatisticsFigure, locale: Locale): string {
  return STATISTICS_DEFINITIONS[figure][locale];
}

/** A figure's name with its definition in a tooltip. */
export function FigureTitle({ figure, children }: { figure: StatisticsFigure; children: ReactNode }) {
  return (
    <Tooltip title={definitionOf(figure, currentLocale())}>
      <span style={{ cursor: 'help' }} data-testid={`definition-${figure}`}>
        {children} <InfoCircleOutlined style={{ color: 'rgba(0, 0, 0, 0.45)' }} />
      </span>
    </Tooltip>
  );
}

export function profitFactorText(figures: StatisticsFiguresDto, locale: Locale): string {
  return figures.profitFactorInfinite ? '∞' : formatRatio(locale, figures.profitFactor);
}

interface FigureView {
  value: string;
  color?: string;
  detail?: ReactNode;
}

function figureView(
  key: FigureKey,
  figures: StatisticsFiguresDto,
  locale: Locale,
  t: ReturnType<typeof useTranslation<'trading'>>['t'],
): FigureView {
  switch (key) {
    case 'roi':
      return { value: formatPercent(locale, figures.roi, true), color: pnlColor(figures.roi) };
    case 'pnl':
      return {
        value: formatAmount(locale, figures.pnl.total, true),
        color: pnlColor(figures.pnl.total),
        detail: (
          <Tooltip
            title={t('statistics.pnlDetail', {
              realized: formatAmount(locale, figures.pnl.realized, true),
              funding: formatAmount(locale, figures.pnl.funding, true),
              commission: formatAmount(locale, figures.pnl.commission, true),
              unrealized: formatAmount(locale, figures.pnl.unrealized, true),
            })}
          >
            <span style={{ cursor: 'help' }}>
              {t('statistics.pnlParts', {
                realized: formatAmount(locale, figures.pnl.netRealized, true),
                unrealized: formatAmount(locale, figures.pnl.unrealized, true),
              })}
            </span>
          </Tooltip>
        ),
      };
    case 'maxDrawdown':
      return { value: formatPercent(locale, figures.maxDrawdown) };
    case 'winRate':
      return { value: formatPercent(locale, figures.winRate) };
    case 'profitFactor':
      return { value: profitFactorText(figures, locale) };
    case 'trades':
      return { value: String(figures.trades) };
    case 'averageHoldingTime':
      return { value: formatDuration(t, figures.averageHoldingMs) };
    case 'longShort':
      return {
        value: `${figures.long.trades} / ${figures.short.trades}`,
        detail: (
          <Flex vertical>
            {(['long', 'short'] as const).map((side) => (
              <span key={side} data-testid={`side-${side}`}>
                {t('statistics.sideLine', {
                  side: directionLabel(side === 'long' ? 1 : 0, locale),
                  trades: figures[side].trades,
                  wins: figures[side].wins,
                  pnl: formatAmount(locale, figures[side].pnl, true),
                })}
              </span>
            ))}
          </Flex>
        ),
      };
    case 'tradingDays':
      return { value: String(figures.tradingDays) };
    case 'sharpe':
      return { value: formatRatio(locale, figures.sharpe) };
  }
}

/** The period's figures as cards, each with its definition in a tooltip; the win rate's stated below them. */
export function StatisticsFigures({ figures }: { figures: StatisticsFiguresDto }) {
  const { t } = useTranslation('trading');
  const locale = currentLocale();
  return (
    <Flex vertical gap={12}>
      <Row gutter={[12, 12]}>
        {FIGURE_KEYS.map((key) => {
          const view = figureView(key, figures, locale, t);
          return (
            <Col key={key} xs={12} md={8} xl={6}>
              <Card size="small" style={{ height: '100%' }} data-testid={`figure-${key}`}>
                <Text type="secondary">
                  <FigureTitle figure={key}>{t(`statistics.figures.${key}`)}</FigureTitle>
                </Text>
                <div
                  data-testid="figure-value"
                  style={{
                    fontSize: 22,
                    fontWeight: 600,
                    fontVariantNumeric: 'tabular-nums',
                    color: view.color,
                    margin: '4px 0',
                  }}
                >
                  {view.value || DASH}
                </div>
                {view.detail ? <Text type="secondary">{view.detail}</Text> : null}
              </Card>
            </Col>
          );
        })}
      </Row>
      <Text type="secondary" data-testid="win-rate-definition">
        <Text strong type="secondary">
          {t('statistics.winRateStated')}
        </Text>
        {definitionOf('winRate', locale)}
      </Text>
      {/* A plain disclosure: every definition, for reading them all at once. */}
      <details data-testid="definitions">
        <summary style={{ cursor: 'pointer' }}>
          <Text>{t('statistics.definitionsTitle')}</Text>
        </summary>
        <Flex vertical gap={8} style={{ marginTop: 8 }}>
          {(Object.keys(STATISTICS_DEFINITIONS) as StatisticsFigure[]).map((figure) => (
            <Text key={figure} type="secondary">
              {definitionOf(figure, locale)}
            </Text>
          ))}
        </Flex>
      </details>
    </Flex>
  );
}
