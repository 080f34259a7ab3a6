import path from 'node:path';
import { z } from 'zod';

/** Environment, validated once at boot; nothing else reads process.env. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .default('sqlite:./data/site.db')
    .refine((url) => url.startsWith('sqlite:') || /^postgres(ql)?:\/\//.test(url), {
      message: 'must start with sqlite: or postgres://',
    }),
  /**
   * PostgreSQL: the connections each server process's pool opens at most (the change bus's LISTEN
   * connection is one more); unset, `postgresPool`'s default (decision 0084).
   */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).optional(),
  REDIS_URL: z
    .string()
    .refine((url) => /^rediss?:\/\//.test(url), { message: 'must start with redis:// or rediss://' })
    .optional(),
  PUBLIC_URL: z.url({ message: 'must be an absolute URL such as https://example.com' }).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  /** Comma-separated addresses or CIDR ranges whose X-Forwarded-For is believed. */
  TRUSTED_PROXIES: z.string().default(''),
  /** Who may read /metrics besides loopback and TRUSTED_PROXIES: addresses or CIDR ranges, or '*'. */
  METRICS_ALLOW: z.string().default(''),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Seed the demo brand when the database has no merchant. */
  SEED_DEMO: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  /**
   * The in-house game studio (apps/studio), started beside the server on this port; 0 leaves it off.
   * STUDIO_PUBLIC_URL is the address browsers open its games at (default http://localhost:PORT).
   */
  STUDIO_PORT: z.coerce.number().int().min(0).max(65535).default(8090),
  STUDIO_PUBLIC_URL: z.url().optional(),
  /** The built web app; served with history fallback when present. */
  WEB_DIST: z.string().optional(),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Generic HTTP SMS provider: POST {to, body} as JSON; unset, messages go to the outbox table. */
  SMS_HTTP_URL: z.url().optional(),
  SMS_HTTP_TOKEN: z.string().optional(),
  /** Generic HTTP email provider: POST {to, subject, body}; unset, messages go to the outbox table. */
  EMAIL_HTTP_URL: z.url().optional(),
  EMAIL_HTTP_TOKEN: z.string().optional(),
  /** PEM private key (RSA, 2048 bits or more) for encrypted payloads; generated when absent. */
  PAYLOAD_PRIVATE_KEY: z
    .string()
    .refine((pem) => pem.includes('PRIVATE KEY-----'), { message: 'must be a PEM private key' })
    .optional(),
  /**
   * This instance's name among several behind a load balancer: every answer carries it in an
   * x-jade-instance header, so an operator (and the cluster test) can see which instance served it.
   */
  INSTANCE_NAME: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,64}$/, { message: 'must be 1-64 letters, digits, dots, dashes or underscores' })
    .optional(),
  /**
   * How answers are checked against their contract (decision 0076): `compiled`, a writer compiled
   * once per contract that writes only the listed fields; `full`, zod's parse as well, the two
   * answers compared. Unset: `full` under the test runner, `compiled` otherwise.
   */
  RESPONSE_CHECK: z.enum(['full', 'compiled']).optional(),
});

export type Config = {
  port: number;
  host: string;
  databaseUrl: string;
  /** DATABASE_POOL_SIZE: PostgreSQL connections in the pool, at most (unset: the pool's default). */
  databasePoolSize: number | undefined;
  redisUrl: string | undefined;
  publicUrl: string | undefined;
  dataDir: string;
  trustedProxies: string[];
  /** Extra addresses or ranges /metrics answers; ['*'] for anyone. */
  metricsAllow: string[];
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  seedDemo: boolean;
  webDist: string | undefined;
  /** The in-house game studio: its port (0: not started) and the address browsers reach it at. */
  studio: { port: number; publicUrl: string };
  sessionSecret: string | undefined;
  payloadPrivateKey: string | undefined;
  sms: { url: string | undefined; token: string | undefined };
  email: { url: string | undefined; token: string | undefined };
  /** INSTANCE_NAME: named in each answer's x-jade-instance header when set. */
  instanceName: string | undefined;
  /** RESPONSE_CHECK: `compiled` when absent. */
  responseCheck?: 'full' | 'compiled';
};

export class ConfigError extends Error {}

export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = issue.path.join('.');
      return `  ${name}=${JSON.stringify(env[name] ?? '')}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    redisUrl: e.REDIS_URL,
    publicUrl: e.PUBLIC_URL,
    dataDir: path.resolve(e.DATA_DIR),
    trustedProxies: e.TRUSTED_PROXIES.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    metricsAllow: e.METRICS_ALLOW.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO,
    webDist: e.WEB_DIST,
    studio: {
      port: e.STUDIO_PORT,
      publicUrl: e.STUDIO_PUBLIC_URL ?? `http://localhost:${e.STUDIO_PORT}`,
    },
    sessionSecret: e.SESSION_SECRET,
    payloadPrivateKey: e.PAYLOAD_PRIVATE_KEY,
    sms: { url: e.SMS_HTTP_URL, token: e.SMS_HTTP_TOKEN },
    email: { url: e.EMAIL_HTTP_URL, token: e.EMAIL_HTTP_TOKEN },
    instanceName: e.INSTANCE_NAME,
    responseCheck: e.RESPONSE_CHECK ?? (process.env.VITEST ? 'full' : 'compiled'),
  };
};
