import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { buildStudio, retryPendingCredits, type StudioConfig } from './app.js';
import { openStore } from './store.js';

/**
 * `node apps/studio/dist/server/main.js`: the studio as its own process. Configuration comes from the
 * environment: STUDIO_PORT, STUDIO_HOST, STUDIO_DATA_DIR, STUDIO_SESSION_IDLE_MINUTES (30) and
 * STUDIO_SESSION_MAX_HOURS (12), and STUDIO_BRANDS, a JSON object of brand code → { walletUrl, secret }
 * (the platform's wallet base for the studio and the shared HMAC secret).
 */
const env = z
  .object({
    STUDIO_PORT: z.coerce.number().int().min(0).max(65535).default(8090),
    STUDIO_HOST: z.string().default('127.0.0.1'),
    STUDIO_DATA_DIR: z.string().default('./data/studio'),
    STUDIO_BRANDS: z.string().default('{}'),
    STUDIO_SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(30),
    STUDIO_SESSION_MAX_HOURS: z.coerce.number().int().min(1).default(12),
  })
  .parse(process.env);

const brands = z
  .record(
    z.string(),
    z.object({ walletUrl: z.url(), secret: z.string().min(32), timeoutMs: z.number().int().default(5000) }),
  )
  .parse(JSON.parse(env.STUDIO_BRANDS));

const config: StudioConfig = {
  brands,
  publicDir: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public'),
  sessionIdleMinutes: env.STUDIO_SESSION_IDLE_MINUTES,
  sessionMaxHours: env.STUDIO_SESSION_MAX_HOURS,
};
const store = openStore(env.STUDIO_DATA_DIR);
const app = await buildStudio(config, store);
await app.listen({ port: env.STUDIO_PORT, host: env.STUDIO_HOST });
const address = app.server.address();
console.log(`studio listening ${typeof address === 'object' && address ? address.port : env.STUDIO_PORT}`);

const retry = setInterval(() => void retryPendingCredits(config, store), 10_000);
const stop = async () => {
  clearInterval(retry);
  await app.close();
  store.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
// Started by the server with a channel to it: the studio ends with the server, even one killed
// outright (SIGKILL, a crash), instead of holding its port for the next start.
if (process.send) process.on('disconnect', () => void stop());
