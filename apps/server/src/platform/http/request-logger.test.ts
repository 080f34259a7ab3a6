import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { RequestLogger, requestChildLogger } from './request-logger.js';

// Issue 23: a request's pino child is made only when the request logs at a level that is written.

const appLogging = (level: string) => {
  const lines: Record<string, unknown>[] = [];
  const loggers: unknown[] = [];
  const app = Fastify({
    logger: { level, stream: { write: (line: string) => void lines.push(JSON.parse(line)) } },
    childLoggerFactory: requestChildLogger,
    genReqId: () => 'req-7',
  });
  app.get('/quiet', async (request) => {
    loggers.push(request.log);
    return { ok: true };
  });
  app.get('/loud', async (request) => {
    loggers.push(request.log);
    request.log.warn({ step: 'loud' }, 'said something');
    return { ok: true };
  });
  return { app, lines, loggers };
};

describe('request logger', () => {
  it('makes no child for a request that writes nothing', async () => {
    const { app, lines, loggers } = appLogging('warn');
    expect((await app.inject({ method: 'GET', url: '/quiet' })).statusCode).toBe(200);
    expect(loggers[0]).toBeInstanceOf(RequestLogger);
    expect((loggers[0] as RequestLogger).made).toBe(false);
    expect(lines).toEqual([]);
    await app.close();
  });

  it("writes what the request's child wrote: its id, level and fields", async () => {
    const { app, lines, loggers } = appLogging('warn');
    expect((await app.inject({ method: 'GET', url: '/loud' })).statusCode).toBe(200);
    expect((loggers[0] as RequestLogger).made).toBe(true);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 40, reqId: 'req-7', step: 'loud', msg: 'said something' });
    await app.close();
  });

  it("keeps Fastify's request log at info, with the request id", async () => {
    const { app, lines } = appLogging('info');
    await app.inject({ method: 'GET', url: '/quiet' });
    expect(lines.map((line) => [line.reqId, line.msg])).toEqual([
      ['req-7', 'incoming request'],
      ['req-7', 'request completed'],
    ]);
    await app.close();
  });
});
