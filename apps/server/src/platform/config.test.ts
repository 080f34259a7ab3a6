import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      databaseUrl: 'sqlite:./data/site.db',
      redisUrl: undefined,
      publicUrl: undefined,
      dataDir: path.resolve('data'),
      trustedProxies: [],
      metricsAllow: [],
      seedDemo: true,
    });
  });

  it('reads every documented variable', () => {
    const config = loadConfig({
      PORT: '9000',
      DATABASE_URL: 'postgres://jade@db/jade',
      DATABASE_POOL_SIZE: '16',
      REDIS_URL: 'redis://cache:6379',
      PUBLIC_URL: 'https://play.example.com',
      TRUSTED_PROXIES: '10.0.0.1, 10.0.1.0/24',
      SEED_DEMO: 'false',
    });
    expect(config).toMatchObject({
      port: 9000,
      databaseUrl: 'postgres://jade@db/jade',
      databasePoolSize: 16,
      redisUrl: 'redis://cache:6379',
      publicUrl: 'https://play.example.com',
      trustedProxies: ['10.0.0.1', '10.0.1.0/24'],
      seedDemo: false,
    });
  });

  it.each([
    ['PORT', 'eighty', 'PORT="eighty"'],
    ['PORT', '70000', 'PORT="70000"'],
    ['DATABASE_URL', 'mysql://x', 'must start with sqlite: or postgres://'],
    ['DATABASE_POOL_SIZE', '0', 'DATABASE_POOL_SIZE="0"'],
    ['REDIS_URL', 'localhost:6379', 'must start with redis://'],
    ['PUBLIC_URL', 'not a url', 'must be an absolute URL'],
    ['LOG_LEVEL', 'loud', 'LOG_LEVEL="loud"'],
  ])('names the variable and the problem for a bad %s', (name, value, expected) => {
    const attempt = () => loadConfig({ [name]: value });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(expected);
  });
});
