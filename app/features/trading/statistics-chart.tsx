import { useMemo } from 'react';
import { type ChartOption, EChartsBox } from '../../components/charts/echarts-box.tsx';
import { currentLocale } from '../../lib/i18n.ts';
import { TEXT_COLORS } from '../../lib/theme.ts';
import { formatAmount, formatRatio } from './trading-format.ts';

// The statistics charts. This module is only imported lazily (statistics-page.tsx), so the charting library
// (its own chunk, vendor-charts) is fetched when someone opens the statistics, never with the rest of the app.

const GAIN = TEXT_COLORS.gain;
const LOSS = TEXT_COLORS.loss;
const LINE = '#1677ff';

export interface ChartPoint {
  day: string;
  value: number;
}

export interface StatisticsChartProps {
  /** netValue: the unit value per day as a line; dailyPnl: the day's PnL as bars, green or red. */
  kind: 'netValue' | 'dailyPnl';
  points: readonly ChartPoint[];
  seriesName: string;
  /** What the chart shows, for screen readers. */
  label: string;
}

function optionOf({ kind, points, seriesName }: Omit<StatisticsChartProps, 'label'>): ChartOption {
  const locale = currentLocale();
  // The axis labels stay inside the box (echarts 6's successor of containLabel).
  const grid = { left: 8, right: 16, top: 16, bottom: 8, outerBoundsMode: 'same' };
  if (kind === 'netValue') {
    return {
      grid,
      tooltip: { trigger: 'axis', valueFormatter: (value: number) => formatRatio(locale, value) },
      xAxis: { type: 'category', data: points.map((point) => point.day), boundaryGap: false },
      yAxis: { type: 'value', scale: true },
      series: [
        {
          name: seriesName,
          type: 'line',
          data: points.map((point) => point.value),
          showSymbol: points.length < 40,
          lineStyle: { color: LINE, width: 2 },
          itemStyle: { color: LINE },
          areaStyle: { color: 'rgba(22, 119, 255, 0.08)' },
        },
      ],
    };
  }
  return {
    grid,
    tooltip: { trigger: 'axis', valueFormatter: (value: number) => formatAmount(locale, value, true) },
    xAxis: { type: 'category', data: points.map((point) => point.day) },
    yAxis: { type: 'value' },
    series: [
      {
        name: seriesName,
        type: 'bar',
        data: points.map((point) => ({
          value: point.value,
          itemStyle: { color: point.value >= 0 ? GAIN : LOSS },
        })),
      },
    ],
  };
}

/** One chart (net value line or daily PnL bars), drawn as SVG and resized with its box. */
export function StatisticsChart({ kind, points, seriesName, label }: StatisticsChartProps) {
  const option = useMemo(() => optionOf({ kind, points, seriesName }), [kind, points, seriesName]);
  return <EChartsBox option={option} label={label} testId={`chart-${kind}`} points={points.length} />;
}
