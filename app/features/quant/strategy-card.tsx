import { Card, Col, Flex, Row, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { QuantCard } from '#shared/schemas/quant.ts';
import { currentLocale } from '../../lib/i18n.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { FigureTitle, type HelpKey } from './figure-title.tsx';
import { formatCount, formatPercent, formatPeriod, formatRatio, signColor } from './quant-format.ts';
import { StrategyTags } from './strategy-tags.tsx';

const { Text } = Typography;

function Figure({
  help,
  label,
  value,
  color,
}: {
  help: HelpKey;
  label: string;
  value: ReactNode;
  color?: string | undefined;
}) {
  return (
    <Col span={12} data-testid={`card-${help}`}>
      <Text type="secondary" style={{ fontSize: 12 }}>
        <FigureTitle help={help}>{label}</FigureTitle>
      </Text>
      <div
        data-testid="card-value"
        style={{ fontSize: 18, fontWeight: 600, fontVariantNumeric: 'tabular-nums', color }}
      >
        {value}
      </div>
    </Col>
  );
}

/** One strategy in the list: what it is, its headline figures and test period; opens its page. */
export function StrategyCard({ strategy }: { strategy: QuantCard }) {
  const { t } = useTranslation('quant');
  const locale = currentLocale();
  const { headline } = strategy;
  const period = formatPeriod(headline.periodStart, headline.periodEnd);
  return (
    <Card
      data-testid="strategy-card"
      data-strategy-id={strategy.id}
      style={{ height: '100%' }}
      title={
        <Link to={`/strategy/${strategy.id}`} data-testid="strategy-name" style={{ whiteSpace: 'normal' }}>
          {strategy.name}
        </Link>
      }
      extra={
        <Link to={`/strategy/${strategy.id}`} aria-label={`${t('card.open')}: ${strategy.name}`}>
          {t('card.open')}
        </Link>
      }
    >
      <Flex vertical gap={12}>
        <Flex gap={4} wrap>
          <StrategyTags strategy={strategy} />
          {strategy.timeframe ? <Text type="secondary">{strategy.timeframe}</Text> : null}
        </Flex>
        <Row gutter={[12, 12]}>
          <Figure
            help="totalReturn"
            label={t('figures.totalReturn')}
            value={formatPercent(locale, headline.totalReturn, true)}
            color={signColor(headline.totalReturn)}
          />
          <Figure
            help="annualizedReturn"
            label={t('figures.annualizedReturn')}
            value={formatPercent(locale, headline.annualizedReturn, true)}
            color={signColor(headline.annualizedReturn)}
          />
          <Figure
            help="maxDrawdown"
            label={t('figures.maxDrawdown')}
            value={formatPercent(locale, headline.maxDrawdown)}
          />
          <Figure help="sharpe" label={t('figures.sharpe')} value={formatRatio(locale, headline.sharpe)} />
          <Figure
            help="winRate"
            label={t('figures.winRate')}
            value={formatPercent(locale, headline.winRate)}
          />
          <Figure help="trades" label={t('figures.trades')} value={formatCount(locale, headline.trades)} />
        </Row>
        <Flex vertical gap={2}>
          <Text type="secondary" data-testid="strategy-period">
            {t('figures.period')}: {period ?? t('card.noPeriod')}
          </Text>
          {strategy.symbols.length > 0 ? (
            <Text type="secondary" data-testid="strategy-symbols">
              {t('card.symbols')}: {strategy.symbols.join(', ')}
            </Text>
          ) : null}
        </Flex>
      </Flex>
    </Card>
  );
}
