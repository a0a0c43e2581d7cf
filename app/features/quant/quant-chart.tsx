import { LineChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import type { CurvePoint } from '#shared/quant-returns.ts';
import { currentLocale } from '../../lib/i18n.ts';
import { formatAmount, formatPercent, LOSS } from './quant-format.ts';

// A strategy's equity curve and drawdown. Only imported lazily (quant-detail-page.tsx), so the charting library
// (its own chunk, vendor-charts) is fetched when a strategy's page opens, never with the rest of the app.

echarts.use([LineChart, GridComponent, TooltipComponent, SVGRenderer]);

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

function optionOf({ kind, curve, seriesName }: Omit<QuantChartProps, 'label'>): echarts.EChartsCoreOption {
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
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const instance = echarts.init(element, undefined, { renderer: 'svg' });
    chart.current = instance;
    const observer =
      typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => instance.resize());
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(optionOf({ kind, curve, seriesName }), true);
  }, [kind, curve, seriesName]);

  return (
    <div
      ref={box}
      role="img"
      aria-label={label}
      data-testid={`chart-${kind}`}
      data-points={curve.length}
      style={{ width: '100%', height: 260 }}
    />
  );
}
