import {
  CandlestickSeries,
  createChart,
  type IChartApi,
  type IPriceLine,
  type ISeriesApi,
  LineStyle,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import type { Candle } from '#shared/schemas/market.ts';

// A candlestick chart with a horizontal line per level (lightweight-charts, loaded with the /pressure route
// only). TradingView's attribution logo stays on, and the page shows the library's notice under the charts.

export type PriceLineSpec = { price: number; color: string; title: string; dashed?: boolean };

export default function CandleChart({
  candles,
  lines,
  height = 300,
  pricePrecision,
  locale,
}: {
  candles: readonly Candle[];
  lines: readonly PriceLineSpec[];
  height?: number;
  pricePrecision: number;
  /** The page's language, for the time axis (BCP 47). */
  locale: string;
}) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const series = useRef<ISeriesApi<'Candlestick'> | null>(null);

  useEffect(() => {
    if (!container.current) return;
    const created = createChart(container.current, {
      autoSize: true,
      localization: { locale },
      layout: { attributionLogo: true, textColor: '#475569', background: { color: '#ffffff' }, fontSize: 11 },
      grid: { vertLines: { color: '#f1f5f9' }, horzLines: { color: '#f1f5f9' } },
      rightPriceScale: { borderColor: '#e2e8f0' },
      timeScale: { borderColor: '#e2e8f0', timeVisible: true, secondsVisible: false },
    });
    series.current = created.addSeries(CandlestickSeries, {
      upColor: '#16a34a',
      downColor: '#dc2626',
      wickUpColor: '#16a34a',
      wickDownColor: '#dc2626',
      borderVisible: false,
      priceFormat: { type: 'price', precision: pricePrecision, minMove: 10 ** -pricePrecision },
    });
    chart.current = created;
    return () => {
      created.remove();
      chart.current = null;
      series.current = null;
    };
  }, [pricePrecision, locale]);

  useEffect(() => {
    series.current?.setData(
      candles.map((c) => ({
        time: (c.time / 1000) as UTCTimestamp,
        open: c.open,
        high: c.high,
        low: c.low,
        close: c.close,
      })),
    );
  }, [candles]);

  useEffect(() => {
    const target = series.current;
    if (!target) return;
    const created: IPriceLine[] = lines.map((line) =>
      target.createPriceLine({
        price: line.price,
        color: line.color,
        lineWidth: 1,
        lineStyle: line.dashed ? LineStyle.Dashed : LineStyle.Solid,
        axisLabelVisible: true,
        title: line.title,
      }),
    );
    return () => {
      // Unmounting removes the chart first (the effect above), and its lines with it.
      if (!chart.current) return;
      for (const line of created) target.removePriceLine(line);
    };
  }, [lines]);

  return <div ref={container} style={{ height, width: '100%' }} data-testid="level-chart" />;
}
