import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { AppError } from '../errors.js';
import { normalizeIp } from '../geoip.js';
import { ipInRange } from '../ip-range.js';
import { jobTicks } from '../jobs.js';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';

/** Prometheus metrics on a registry of this app's own, so several apps in one process never clash. */
export const installMetrics = (
  app: FastifyInstance,
  config: Pick<Config, 'trustedProxies' | 'metricsAllow'>,
) => {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  // The jobs run beside the app, once per process: their counter is shared by every app's registry.
  registry.registerMetric(jobTicks);
  app.addHook('onResponse', (request, reply, done) => {
    duration.observe(
      {
        method: request.method,
        // The route pattern, not the raw URL, keeps label cardinality bounded.
        route: request.routeOptions.url ?? 'unmatched',
        status: String(reply.statusCode),
      },
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
