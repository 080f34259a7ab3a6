import type { OpenedNumero } from '@jade/contracts/lottery';
import { expect } from 'vitest';
import { runLotteryTick } from '../modules/lottery/tick.js';
import type { Merchant } from '../modules/merchants/repo.js';
import * as merchants from '../modules/merchants/service.js';
import { startTestServer, type TestServer } from './server.js';

/**
 * A test server members register on and bet from: captchas answered with `captcha`, the loopback a
 * trusted proxy (each member calls from an address of its own), the brand DEMO's SMS check
 * (REGMOBVERF3) off, and, with `tick`, the lottery job run once so each game has its draw. Close it
 * with `checkAndClose` (server.ts).
 */
export const startLotteryTestServer = async ({
  sessionSecret,
  captcha,
  tick = true,
  demoLimits = false,
}: {
  sessionSecret: string;
  captcha: string;
  /** Run the lottery job once (default): a test that sets the job's clock itself runs it alone. */
  tick?: boolean;
  /** Keep the demo brand's VND-sized limits (startTestServer's `demoLimits`). */
  demoLimits?: boolean;
}): Promise<{ server: TestServer; demo: Merchant; demoId: number }> => {
  const server = await startTestServer(
    { SESSION_SECRET: sessionSecret, TRUSTED_PROXIES: '127.0.0.1' },
    { captchaText: () => captcha, demoLimits },
  );
  const demo = await merchants.getMerchantByCode(server.db, 'DEMO');
  await merchants.setFlag(server.db, demo.id, 'REGMOBVERF3', false);
  if (tick) await runLotteryTick(server.db, sessionSecret);
  return { server, demo, demoId: demo.id };
};

/**
 * A game's draw taking bets, more than `margin` ms before its close, on the brand the server's own
 * address serves (DEMO). The job (every 5 s on a real server) makes the next period's draw once the
 * current one closes; between the two there is none, so a 404 runs the job and asks again, also after
 * a run (the CI's PostgreSQL pass once met that moment right after one). A draw closing within `margin` is waited
 * out, so the bet that follows does not meet the close.
 */
export const openDraw = async (
  server: TestServer,
  serverSecret: string,
  gameCode: string,
  margin = 1_000,
): Promise<OpenedNumero> => {
  const opened = async () => {
    const response = await server.fetch(`/lotto/lgw/games/opened/numero?gameCode=${gameCode}`);
    return { status: response.status, body: (await response.json()) as any };
  };
  // A run of the job under load can outlast the draw it made (a 45 s game): then it runs again.
  for (let runs = 0; ;) {
    const open = await opened();
    if (open.status === 404 && runs < 5) {
      await runLotteryTick(server.db, serverSecret);
      runs += 1;
      continue;
    }
    expect(open.status, JSON.stringify(open.body)).toBe(200);
    const draw = open.body.value as OpenedNumero;
    const left = Date.parse(draw.closesAt) - Date.now();
    if (left > margin) return draw;
    await new Promise((resolve) => setTimeout(resolve, Math.max(left, 0) + 200));
  }
};
