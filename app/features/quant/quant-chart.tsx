import { useMemo } from 'react';
import type { CurvePoint } from '#shared/quant-returns.ts';
import { type ChartOption, EChartsBox } from '../../components/charts/echarts-box.tsx';
import { currentLocale } from '../../lib/i18n.ts';
import { formatAmount, formatPercent, LOSS } from './quant-format.ts';

// A strategy's equity curve and drawdown. Only imported lazily (quant-detail-page.tsx), so the charting library
// (its own chunk, vendor-charts) is fetched when a strategy's page opens, never with the rest of the app.

const LINE = '#1677ff';

/** An axis label: a percentage with at most one decimal (-0.5%, -1%). */
function axisPercent(locale: 'zh' | 'en', value: number): string {
  return new Intl.NumberFormat(locale === 'zh' ? 'zh-CN' : 'en-US', {
    style: 'percent',
    maximumFractionDigits: 1,
  }).format(value);
}

export interface QuantChartProps {
  /** equity: the balance per day; drawdown: how far below the running peak (0 or negative), as a percentage. */
  kind: 'equity' | 'drawdown';
  curve: readonly CurvePoint[];
  seriesName: string;
  /** What the chart shows, for screen readers. */
  label: string;
}

function optionOf({ kind, curve, seriesName }: Omit<QuantChartProps, 'label'>): ChartOption {
  const locale = currentLocale();
  const equity = kind === 'equity';
  const color = equity ? LINE : LOSS;
  return {
    grid: { left: 8, right: 16, top: 16, bottom: 8, outerBoundsMode: 'same' },
    tooltip: {
      trigger: 'axis',
      valueFormatter: (value: number) =>
        equity ? formatAmount(locale, value) : formatPercent(locale, value),
    },
    xAxis: { type: 'category', data: curve.map((point) => point.date), boundaryGap: false },
    yAxis: equity
      ? { type: 'value', scale: true }
      : {
          type: 'value',
          max: 0,
          axisLabel: { formatter: (value: number) => axisPercent(locale, value) },
        },
    series: [
      {
        name: seriesName,
        type: 'line',
        data: curve.map((point) => (equity ? point.equity : point.drawdown)),
        showSymbol: curve.length < 40,
        lineStyle: { color, width: 2 },
        itemStyle: { color },
        areaStyle: { color: equity ? 'rgba(22, 119, 255, 0.08)' : 'rgba(207, 19, 34, 0.12)' },
      },
    ],
  };
}

/** One chart, drawn as SVG and resized with its box. */
export function QuantChart({ kind, curve, seriesName, label }: QuantChartProps) {
  const option = useMemo(() => optionOf({ kind, curve, seriesName }), [kind, curve, seriesName]);
  return <EChartsBox option={option} label={label} testId={`chart-${kind}`} points={curve.length} />;
}
