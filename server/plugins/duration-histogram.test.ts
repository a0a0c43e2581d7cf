import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { DurationHistogram } from './duration-histogram.ts';

// The histogram of our own must read, on /metrics, exactly as prom-client's Histogram does for the same
// observations: same lines, same cumulative buckets, same sums and counts.

const NAME = 'http_request_duration_seconds';
const HELP = 'HTTP request duration by method, route pattern and status code';
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

describe('DurationHistogram', () => {
  it('exposes what prom-client’s Histogram exposes for the same observations', async () => {
    const ours = new Registry();
    const theirs = new Registry();
    const histogram = new DurationHistogram(NAME, HELP, BUCKETS, ours);
    const reference = new Histogram({
      name: NAME,
      help: HELP,
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: BUCKETS,
      registers: [theirs],
    });
    const observations: [string, string, number, number][] = [
      ['/api/Management/Health', 'GET', 200, 0.0004],
      ['/api/Management/Health', 'GET', 200, 0.005],
      ['/api/Management/Health', 'GET', 503, 2.1],
      ['/Articles/FindPage', 'GET', 200, 0.03],
      ['/Articles/FindPage', 'POST', 404, 0.3],
      ['unmatched', 'GET', 404, 7],
      ['/api/Market/Candles', 'GET', 200, 1],
    ];
    for (const [route, method, status, seconds] of observations) {
      histogram.observe(route, method, status, seconds);
      reference.observe({ method, route, status_code: String(status) }, seconds);
    }
    const text = await ours.metrics();
    expect(text).toBe(await theirs.metrics());
    expect(text).toContain(
      'http_request_duration_seconds_bucket{le="+Inf",method="GET",route="unmatched",status_code="404"} 1',
    );

    histogram.reset();
    reference.reset();
    expect(await ours.metrics()).toBe(await theirs.metrics());
  });

  it('merges into another registry, as the /metrics route does with the process metrics', async () => {
    const registry = new Registry();
    const histogram = new DurationHistogram(NAME, HELP, BUCKETS, registry);
    histogram.observe('/metrics', 'GET', 200, 0.002);
    const merged = Registry.merge([new Registry(), registry]);
    expect(await merged.metrics()).toContain(
      'http_request_duration_seconds_count{method="GET",route="/metrics",status_code="200"} 1',
    );
  });
});
