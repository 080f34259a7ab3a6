import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { RequestDurations } from './metrics.js';

// Issue 23: the request durations are counted by hand; /metrics must read as prom-client's own did.

describe('request durations', () => {
  it("read on /metrics exactly as prom-client's Histogram", async () => {
    const ours = new Registry();
    const durations = new RequestDurations();
    ours.registerMetric(durations as unknown as Histogram);
    const theirs = new Registry();
    const histogram = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request duration by method, route and status',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [theirs],
    });
    const answers: [string, string, number, number][] = [
      ['GET', '/wps/v2/wallets/balance', 200, 0.0004],
      ['GET', '/wps/v2/wallets/balance', 200, 0.003],
      ['GET', '/wps/v2/wallets/balance', 401, 0.02],
      ['POST', '/wps/relay/GCS_walletTransfer', 200, 3.2],
      ['GET', 'unmatched', 404, 0.001],
      ['GET', '/a "quoted"\\route', 500, 0.7],
    ];
    for (const [method, route, status, seconds] of answers) {
      durations.observe(method, route, status, seconds);
      histogram.observe({ method, route, status: String(status) }, seconds);
    }
    expect(await ours.metrics()).toBe(await theirs.metrics());
    const json = async (registry: Registry) => JSON.stringify(await registry.getMetricsAsJSON());
    expect(await json(ours)).toBe(await json(theirs));
    ours.resetMetrics();
    theirs.resetMetrics();
    expect(await ours.metrics()).toBe(await theirs.metrics());
  });
});
