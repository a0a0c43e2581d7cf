import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

// One ECharts chart (line or bar series on a grid, with a tooltip), drawn as SVG and resized with its box.
// Only chart modules that are themselves imported lazily import this, so the charting library (its own
// chunk, vendor-charts) is fetched with the pages that draw charts, never with the rest of the app.

echarts.use([LineChart, BarChart, GridComponent, TooltipComponent, SVGRenderer]);

export type ChartOption = echarts.EChartsCoreOption;

export function EChartsBox({
  option,
  label,
  testId,
  points,
  height = 260,
}: {
  option: ChartOption;
  /** What the chart shows, for screen readers. */
  label: string;
  testId: string;
  /** How many points it draws (data-points, for the journeys). */
  points: number;
  height?: number;
}) {
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
    chart.current?.setOption(option, true);
  }, [option]);

  return (
    <div
      ref={box}
      role="img"
      aria-label={label}
      data-testid={testId}
      data-points={points}
      style={{ width: '100%', height }}
    />
  );
}
