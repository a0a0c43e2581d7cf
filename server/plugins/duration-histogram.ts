import type { Registry } from 'prom-client';

// The request-duration histogram, counted in plain arrays. prom-client's Histogram, even through a
// labelled child, checks the label names, hashes the labels and looks the series up on every observation:
// a few percent of a small request's CPU. Here a series is found through nested maps once per route,
// method and status, and an observation adds to three numbers. The registry reads it as any metric.

type Series = { labels: Record<string, string>; buckets: number[]; sum: number; count: number };

export type MetricValue = {
  labels: Record<string, string | number>;
  sharedLabels: Record<string, string>;
  value: number;
  metricName: string;
};

export class DurationHistogram {
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  private readonly series = new Map<string, Map<string, Map<number, Series>>>();

  readonly name: string;
  readonly help: string;
  private readonly upperBounds: readonly number[];

  constructor(name: string, help: string, upperBounds: readonly number[], registry: Registry) {
    this.name = name;
    this.help = help;
    this.upperBounds = upperBounds;
    registry.registerMetric(this as unknown as Parameters<Registry['registerMetric']>[0]);
  }

  /** One observation, in seconds, for a route pattern (not a URL: the series stay few), method and status. */
  observe(route: string, method: string, status: number, seconds: number): void {
    const series = this.seriesOf(route, method, status);
    series.sum += seconds;
    series.count += 1;
    const bounds = this.upperBounds;
    for (let i = 0; i < bounds.length; i++) {
      if (seconds <= bounds[i]!) {
        series.buckets[i]! += 1;
        return;
      }
    }
  }

  private seriesOf(route: string, method: string, status: number): Series {
    let byMethod = this.series.get(route);
    if (!byMethod) {
      byMethod = new Map();
      this.series.set(route, byMethod);
    }
    let byStatus = byMethod.get(method);
    if (!byStatus) {
      byStatus = new Map();
      byMethod.set(method, byStatus);
    }
    let series = byStatus.get(status);
    if (!series) {
      series = {
        labels: { method, route, status_code: String(status) },
        buckets: this.upperBounds.map(() => 0),
        sum: 0,
        count: 0,
      };
      byStatus.set(status, series);
    }
    return series;
  }

  /** The values as prom-client's registry formats them: cumulative buckets, +Inf, sum and count. */
  async get() {
    const values: MetricValue[] = [];
    for (const byMethod of this.series.values())
      for (const byStatus of byMethod.values())
        for (const series of byStatus.values()) {
          // The series' labels go as shared labels, after `le`, as prom-client writes them.
          const sharedLabels = series.labels;
          let cumulative = 0;
          this.upperBounds.forEach((le, i) => {
            cumulative += series.buckets[i]!;
            values.push({
              labels: { le },
              sharedLabels,
              value: cumulative,
              metricName: `${this.name}_bucket`,
            });
          });
          values.push(
            { labels: { le: '+Inf' }, sharedLabels, value: series.count, metricName: `${this.name}_bucket` },
            { labels: {}, sharedLabels, value: series.sum, metricName: `${this.name}_sum` },
            { labels: {}, sharedLabels, value: series.count, metricName: `${this.name}_count` },
          );
        }
    return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  }

  reset(): void {
    this.series.clear();
  }
}
