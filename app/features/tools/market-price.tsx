import { WarningOutlined } from '@ant-design/icons';
import { Card, Flex, Select, Tooltip, Typography } from 'antd';
import { createContext, type ReactNode, useContext } from 'react';
import { currentLocale } from '../../lib/i18n.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { useMarketSymbols, useMarketTicker } from './market-api.ts';
import { formatPercent, formatPrice, pnlColor, roundToPrecision } from './tools-format.ts';

const { Text } = Typography;

// The chosen symbol's last price, offered to the entry price fields (calculator-fields.tsx). Null while no
// symbol is chosen or its ticker has not answered: the fields then simply have no "use last price" button.

export interface MarketPrice {
  symbol: string;
  price: number;
}

const MarketPriceContext = createContext<MarketPrice | null>(null);

export function useMarketPrice(): MarketPrice | null {
  return useContext(MarketPriceContext);
}

/**
 * The symbol picker with its last price, above the calculators. It shows only when the market desk lists
 * symbols; without them (no symbol allowed yet, the call answering 404 or failing) it is not there at all.
 */
export function MarketBar({
  symbol,
  onSymbolChange,
  children,
}: {
  symbol: string | null;
  onSymbolChange: (symbol: string | null) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('tools');
  const locale = currentLocale();
  const symbols = useMarketSymbols();
  const list = symbols.data ?? [];
  const chosen = list.find((candidate) => candidate.symbol === symbol) ?? null;
  const ticker = useMarketTicker(chosen ? chosen.symbol : null);
  const live = chosen && ticker.data && ticker.data.symbol === chosen.symbol ? ticker.data : null;
  const price: MarketPrice | null = live
    ? { symbol: live.symbol, price: roundToPrecision(live.lastPrice, chosen?.pricePrecision ?? 8) }
    : null;

  return (
    <MarketPriceContext value={price}>
      {list.length > 0 ? (
        <Card size="small" style={{ marginBottom: 16 }} data-testid="market-bar">
          <Flex gap={16} align="center" wrap>
            <Text strong>{t('market.label')}</Text>
            <Select
              allowClear
              showSearch
              value={chosen?.symbol ?? null}
              placeholder={t('market.placeholder')}
              style={{ minWidth: 180 }}
              onChange={(value: string | undefined) => onSymbolChange(value ?? null)}
              options={list.map((item) => ({ value: item.symbol, label: item.symbol }))}
              aria-label={t('market.placeholder')}
              data-testid="market-symbol"
            />
            {live && price ? (
              <Flex gap={16} align="baseline" wrap data-testid="market-ticker">
                <span>
                  <Text type="secondary">{t('market.lastPrice')} </Text>
                  <Text strong data-testid="market-last-price">
                    {formatPrice(locale, price.price)}
                  </Text>
                </span>
                <span>
                  <Text type="secondary">{t('market.change')} </Text>
                  <Text style={{ color: pnlColor(live.priceChangePercent) }}>
                    {formatPercent(locale, live.priceChangePercent / 100, true)}
                  </Text>
                </span>
                {live.stale ? (
                  <Tooltip title={t('market.stale')}>
                    <WarningOutlined style={{ color: '#d48806' }} aria-label={t('market.stale')} />
                  </Tooltip>
                ) : null}
              </Flex>
            ) : (
              <Text type="secondary">{t('market.hint')}</Text>
            )}
          </Flex>
        </Card>
      ) : null}
      {children}
    </MarketPriceContext>
  );
}
