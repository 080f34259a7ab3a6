import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { AppError } from '../errors.js';
import { normalizeIp } from '../geoip.js';
import { ipInRange } from '../ip-range.js';
import { jobTicks } from '../jobs.js';
import { collectDefaultMetrics, type Histogram, Registry } from 'prom-client';

const BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

type DurationLabels = { method: string; route: string; status: string };
type Tally = { labels: DurationLabels; buckets: number[]; sum: number; count: number };

/**
 * http_request_duration_seconds by method, route and status, counted here and handed to prom-client
 * in the shape its Histogram hands its registry (the same text on /metrics). prom-client's `observe`
 * built, checked and hashed the labels of every answer (about 1 % of a balance call, issue 23); here
 * an answer is a map lookup and a few additions.
 */
export class RequestDurations {
  readonly name = 'http_request_duration_seconds';
  readonly help = 'HTTP request duration by method, route and status';
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  readonly #tallies = new Map<string, Tally>();

  observe(method: string, route: string, status: number, seconds: number) {
    const key = `${method} ${status} ${route}`;
    let tally = this.#tallies.get(key);
    if (!tally) {
      tally = {
        labels: { method, route, status: String(status) },
        buckets: BUCKETS.map(() => 0),
        sum: 0,
        count: 0,
      };
      this.#tallies.set(key, tally);
    }
    const at = BUCKETS.findIndex((bound) => seconds <= bound);
    if (at >= 0) tally.buckets[at]! += 1;
    tally.sum += seconds;
    tally.count += 1;
  }

  /** What prom-client's Histogram answers its registry: cumulative buckets, +Inf, sum and count. */
  getForPromString() {
    const name = this.name;
    type Value = { labels: object; sharedLabels: DurationLabels; value: number; metricName: string };
    const values: (Value & { exemplar?: null })[] = [];
    for (const { labels, buckets, sum, count } of this.#tallies.values()) {
      let cumulative = 0;
      BUCKETS.forEach((le, i) => {
        cumulative += buckets[i]!;
        values.push({
          labels: { le },
          sharedLabels: labels,
          value: cumulative,
          metricName: `${name}_bucket`,
          exemplar: null,
        });
      });
      values.push({
        labels: { le: '+Inf' },
        sharedLabels: labels,
        value: count,
        metricName: `${name}_bucket`,
        exemplar: null,
      });
      values.push({ labels: {}, sharedLabels: labels, value: sum, metricName: `${name}_sum` });
      values.push({ labels: {}, sharedLabels: labels, value: count, metricName: `${name}_count` });
    }
    return { name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  }

  /** The same values with each one's labels in one object (the registry's JSON). */
  get() {
    const metric = this.getForPromString();
    return {
      ...metric,
      values: metric.values.map(({ labels, sharedLabels, ...value }) => ({
        ...value,
        labels: { ...labels, ...sharedLabels },
      })),
    };
  }

  reset() {
    this.#tallies.clear();
  }
}

/** Prometheus metrics on a registry of this app's own, so several apps in one process never clash. */
export const installMetrics = (
  app: FastifyInstance,
  config: Pick<Config, 'trustedProxies' | 'metricsAllow'>,
) => {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duration = new RequestDurations();
  registry.registerMetric(duration as unknown as Histogram);
  // The jobs run beside the app, once per process: their counter is shared by every app's registry.
  registry.registerMetric(jobTicks);
  app.addHook('onResponse', (request, reply, done) => {
    duration.observe(
      request.method,
      // The route pattern, not the raw URL, keeps label cardinality bounded.
      request.routeOptions.url ?? 'unmatched',
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });
  /**
   * /metrics answers loopback, the trusted proxies and METRICS_ALLOW only: both the peer and the
   * client it forwards for (when it is a trusted proxy) must be among them.
   */
  const allowed = ['127.0.0.0/8', '::1', ...config.trustedProxies, ...config.metricsAllow];
  const isAllowed = (ip: string) =>
    config.metricsAllow.includes('*') || allowed.some((range) => ipInRange(normalizeIp(ip), range));
  const mayRead = (request: FastifyRequest) =>
    isAllowed(request.socket.remoteAddress ?? '') && isAllowed(request.ip);
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!mayRead(request)) throw new AppError('NOT_FOUND', 'No route for GET /metrics');
    return reply.type(registry.contentType).send(await registry.metrics());
  });
};
